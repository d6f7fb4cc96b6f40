import { Card, Tabs } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoginLogTable } from '../components/LoginLogTable.js';
import { PasswordForm } from '../components/PasswordForm.js';
import { ProfileForm } from '../components/ProfileForm.js';
import { useT } from '../../../core/i18n.js';

const TABS = ['profile', 'password', 'loginLog'] as const;

/** Personal settings, change password and login log: one page, one tab each (routes /…/userSetting/:tab). */
export function SettingsPage() {
  const t = useT();
  const { tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const active = TABS.find((x) => x === tab) ?? 'profile';
  const base = location.pathname.replace(/\/userSetting(\/.*)?$/, '/userSetting');
  return (
    <Card title={t('account.settings.title')}>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key === 'profile' ? base : `${base}/${key}`)}
        items={[
          { key: 'profile', label: t('account.settings.profile'), children: <ProfileForm /> },
          { key: 'password', label: t('account.settings.password'), children: <PasswordForm /> },
          { key: 'loginLog', label: t('account.settings.loginLog'), children: <LoginLogTable /> },
        ]}
      />
    </Card>
  );
}
