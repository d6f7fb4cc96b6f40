import {
  DashboardOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { authContract, type Language, LANGUAGES, SIDE_MENU_COLLAPSED_AT_START } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, Layout, Menu, Space, theme } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { realtime } from '../../core/realtime/realtime.js';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { call } from '../../core/api/client.js';
import { changeLanguage, LANGUAGE_NAMES, useT } from '../../core/i18n.js';
import { canUse, useFramework } from '../../core/session.js';
import { logout } from '../../core/logout.js';
import { RequireResource } from '../RequireSession.js';
import { useRouteHandle } from '../../core/routing.js';
import { HEADER_ITEMS, menuKeyOf, visibleMenu } from '../menu.js';
import { ShellProviders } from '../../ui/ShellProviders.js';
import { useAvatarUrl } from '../../core/api/useAvatarUrl.js';
import './layout.css';

const { Sider, Header, Content } = Layout;

const SECTION_ICONS = { overview: <DashboardOutlined />, system: <SettingOutlined />, construction: <ToolOutlined /> } as const;

/** The application frame: side menu (collapsed at start), header with project, language, messages, account. */
export function AppLayout() {
  return (
    <ShellProviders>
      <Frame />
    </ShellProviders>
  );
}

function Frame() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const handle = useRouteHandle();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(SIDE_MENU_COLLAPSED_AT_START);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const user = useFramework((s) => s.user);
  const resources = useFramework((s) => s.resources);
  const run = useFramework((s) => s.run);
  const language = useFramework((s) => s.language);
  const avatarUrl = useAvatarUrl(user?.avatarUrl ?? null);
  const refresh = useFramework((s) => s.refresh);
  // Grants are re-read at every navigation, so a withdrawn resource leaves the menu at the next page.
  const me = useQuery({ queryKey: ['me', location.pathname], queryFn: () => call(authContract.me, {}), staleTime: 0 });
  // One socket for the signed-in frame: live pages subscribe on it, and the session channel can end the session.
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  useEffect(() => {
    if (me.data) refresh({ user: me.data.user, resources: me.data.resources });
  }, [me.data, refresh]);

  const sections = useMemo(() => visibleMenu((resource) => canUse({ user, resources }, resource)), [user, resources]);
  // A page that allows it shows alone for the H5 view and the tool pages' screenshots.
  const variant = new URLSearchParams(location.search).get('variant');
  if (handle?.chromeless && (variant === 'mobile' || variant === 'screenshot')) {
    return (
      <main className="app-chromeless" data-testid="chromeless">
        <RequireResource>
          <Outlet />
        </RequireResource>
      </main>
    );
  }

  const menuPaths = sections.flatMap((section) => section.items.map((item) => item.path));
  const menuItems = sections.map((section) => ({
    key: section.key,
    icon: SECTION_ICONS[section.icon],
    label: t(section.label),
    popupClassName: 'side-menu-popup',
    children: section.items.map((item) => ({ key: item.path, label: <Link to={item.path}>{t(item.label)}</Link> })),
  }));

  const confirmLogout = () =>
    modal.confirm({
      title: t('shell.header.logoutConfirm'),
      okText: t('shell.header.logout'),
      onOk: () => logout(),
    });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider collapsible collapsed={collapsed} trigger={null} width={240} theme="dark" data-testid="side-menu">
        <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontWeight: 600 }}>
          {collapsed ? 'B' : t('shell.appName')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[menuKeyOf(location.pathname, menuPaths)]}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          items={menuItems}
        />
      </Sider>
      <Layout>
        <Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 16 }}>
          <Button
            type="text"
            aria-label={collapsed ? t('shell.menu.expand') : t('shell.menu.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => {
              // Unfolding the menu opens its sections, so every permitted page is one click away.
              if (collapsed) setOpenKeys(sections.map((section) => section.key));
              setCollapsed((c) => !c);
            }}
          />
          {/* A plain span in the secondary text colour: antd's Typography (editing, copying, ellipsis)
              would add ~8 KB gzip to every signed-in page for one line of text. */}
          <span style={{ color: token.colorTextSecondary }} data-testid="current-project">
            {t('shell.header.currentProject')}: {run ? run.projectName : t('shell.header.noProject')}
          </span>
          <Space style={{ marginLeft: 'auto' }} size="middle">
            <Dropdown
              trigger={['click']}
              menu={{
                selectable: true,
                selectedKeys: language ? [language] : [],
                items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
                onClick: ({ key }) => void changeLanguage(LANGUAGES.find((l) => l === key) ?? ('en_US' satisfies Language)),
              }}
            >
              <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.header.language')} data-testid="language-switch">
                {language ? LANGUAGE_NAMES[language] : ''}
              </Button>
            </Dropdown>
            {/* The modules' header items (the message bell), each loaded once the frame shows. */}
            {HEADER_ITEMS.filter((item) => canUse({ user, resources }, item.resource ?? 'authenticated')).map(({ key, component: Item }) => (
              <Suspense key={key} fallback={null}>
                <Item />
              </Suspense>
            ))}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: '/fw0/sys/userSetting', label: t('shell.menu.personalSettings') },
                  { key: '/fw0/sys/userSetting/password', label: t('shell.menu.changePassword') },
                  { key: '/fw0/sys/userSetting/loginLog', label: t('shell.menu.loginLog') },
                  { type: 'divider' },
                  { key: 'logout', label: t('shell.header.logout'), danger: true },
                ],
                onClick: ({ key }) => (key === 'logout' ? confirmLogout() : void navigate(key)),
              }}
            >
              <Button type="text" data-testid="user-menu" aria-label={t('shell.header.userMenu')}>
                <Avatar size="small" src={avatarUrl ?? undefined} icon={<UserOutlined />} />
                <span style={{ marginLeft: 8 }}>{user?.nickname}</span>
              </Button>
            </Dropdown>
          </Space>
        </Header>
        <Content style={{ margin: 16 }}>
          <RequireResource>
            <Outlet />
          </RequireResource>
        </Content>
      </Layout>
    </Layout>
  );
}
