import { ReloadOutlined } from '@ant-design/icons';
import { adminCentreContract as ac, type AdminCentreOverview, DATE_FORMATS, type JobStatus, type LockedAccount, type LoginLogEntry, type RunStorage, type SignedInSession, type SilentRun } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '../../../core/api/client.js';
import { formatBytes, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { canUse, useFramework } from '../../../core/session.js';

/** The admin pages the centre links to, each shown as a link only to whoever may open it. */
export const ADMIN_LINKS = {
  users: { path: '/fw0/sys/user/list', resource: 'menu.admin.user', label: 'shell.menu.user' },
  roles: { path: '/fw0/sys/role/list', resource: 'menu.admin.role', label: 'shell.menu.role' },
  resources: { path: '/fw0/sys/src/list', resource: 'menu.admin.resource', label: 'shell.menu.resource' },
  organizations: { path: '/fw0/sys/dept/list', resource: 'menu.admin.organization', label: 'shell.menu.organization' },
  partSettings: { path: '/fw0/sys/sys_warn_setting', resource: 'menu.admin.partSetting', label: 'shell.menu.partSetting' },
  runs: { path: '/fw0/stsRun/list', resource: 'menu.projectList', label: 'shell.menu.projectList' },
  loginLog: { path: '/fw0/sys/userSetting/loginLog', resource: 'authenticated', label: 'shell.menu.loginLog' },
} as const satisfies Record<string, { path: string; resource: string; label: MessageKey }>;
type LinkName = keyof typeof ADMIN_LINKS;

const RESULT_KEYS: Record<LoginLogEntry['result'], MessageKey> = {
  success: 'account.loginLog.resultSuccess',
  bad_credentials: 'account.loginLog.resultBadCredentials',
  bad_captcha: 'account.loginLog.resultBadCaptcha',
  puzzle_required: 'account.loginLog.resultPuzzleRequired',
  bad_code: 'account.loginLog.resultBadCode',
  throttled: 'account.loginLog.resultThrottled',
  disabled: 'account.loginLog.resultDisabled',
};
const JOB_STATE_KEYS: Record<JobStatus['state'], MessageKey> = {
  idle: 'adminCentreWeb.jobs.idle',
  running: 'adminCentreWeb.jobs.running',
  failed: 'adminCentreWeb.jobs.failed',
};
const JOB_STATE_COLORS: Record<JobStatus['state'], string> = { idle: 'green', running: 'blue', failed: 'red' };

const time = (ms: number | null): string => (ms === null ? '—' : dayjs(ms).format(DATE_FORMATS.dateTimeSeconds));

function useCanOpen() {
  const state = useFramework((s) => s);
  return (name: LinkName) => canUse(state, ADMIN_LINKS[name].resource);
}

/** A figure that leads to the admin page behind it (plain when the reader may not open that page). */
function Figure({ title, value, to, testId, danger = false }: { title: string; value: ReactNode; to?: LinkName; testId: string; danger?: boolean }) {
  const canOpen = useCanOpen();
  const figure = <Statistic title={title} value={value as string | number} styles={danger ? { content: { color: '#cf1322' } } : undefined} />;
  return (
    <Card size="small" data-testid={testId}>
      {to && canOpen(to) ? (
        <Link to={ADMIN_LINKS[to].path} aria-label={title}>
          {figure}
        </Link>
      ) : (
        figure
      )}
    </Card>
  );
}

/** The administrator's centre: the state of the caller's organizations on one page, read again every minute. */
export function AdminCentrePage() {
  const t = useT();
  const overview = useQuery({
    queryKey: ['adminCentre'],
    queryFn: () => call(ac.adminCentreOverview, {}),
    refetchInterval: ac.ADMIN_CENTRE_REFRESH_MS,
  });
  const data = overview.data;
  return (
    <div className="bl-page" data-testid="admin-centre">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space orientation="vertical" size={0}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('shell.menu.adminCenter')}
          </Typography.Title>
          {data ? (
            <Typography.Text type="secondary" data-testid="admin-centre-scope">
              {t(data.scope === 'all' ? 'adminCentreWeb.scopeAll' : 'adminCentreWeb.scopeOrganization')} · {t('adminCentreWeb.updatedAt', { time: time(data.at) })}
            </Typography.Text>
          ) : null}
        </Space>
        <Button icon={<ReloadOutlined />} loading={overview.isFetching} onClick={() => void overview.refetch()} data-testid="admin-centre-refresh">
          {t('adminCentreWeb.refresh')}
        </Button>
      </Space>
      {overview.isError ? <Alert type="error" showIcon message={t('adminCentreWeb.loadFailed')} style={{ marginBottom: 16 }} /> : null}
      {data ? <Overview data={data} /> : overview.isLoading ? <Card loading /> : null}
    </div>
  );
}

function Overview({ data }: { data: AdminCentreOverview }) {
  const t = useT();
  const { locale } = useFormat();
  const totalBytes = data.storage.fileBytes + data.storage.machineBytes;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]} data-testid="admin-centre-figures">
        <Col flex="1 0 170px">
          <Figure testId="figure-users" title={t('adminCentreWeb.figures.users')} value={`${data.users.enabled} / ${data.users.total}`} to="users" />
        </Col>
        <Col flex="1 0 170px">
          <Figure testId="figure-signedIn" title={t('adminCentreWeb.figures.signedIn')} value={data.users.signedInNow} to="users" />
        </Col>
        {data.signIn ? (
          <>
            <Col flex="1 0 170px">
              <Figure testId="figure-failures" title={t('adminCentreWeb.figures.failures')} value={data.signIn.failures} to="loginLog" danger={data.signIn.failures > 0} />
            </Col>
            <Col flex="1 0 170px">
              <Figure testId="figure-locked" title={t('adminCentreWeb.figures.locked')} value={data.signIn.locked.length} to="users" danger={data.signIn.locked.length > 0} />
            </Col>
          </>
        ) : null}
        <Col flex="1 0 170px">
          <Figure testId="figure-emptyRoles" title={t('adminCentreWeb.figures.emptyRoles')} value={data.rolesWithoutUsers.total} to="roles" />
        </Col>
        <Col flex="1 0 170px">
          <Figure testId="figure-silentRuns" title={t('adminCentreWeb.figures.silentRuns')} value={`${data.runs.silent.length} / ${data.runs.open}`} to="runs" danger={data.runs.silent.length > 0} />
        </Col>
        <Col flex="1 0 170px">
          <Figure testId="figure-storage" title={t('adminCentreWeb.figures.storage')} value={formatBytes(totalBytes, locale)} to="runs" />
        </Col>
      </Row>
      <Sessions sessions={data.users.sessions} total={data.users.signedInNow} />
      {data.signIn ? <SignIns signIn={data.signIn} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <EmptyRoles roles={data.rolesWithoutUsers} />
        </Col>
        <Col xs={24} xl={12}>
          <SilentRuns runs={data.runs.silent} />
        </Col>
      </Row>
      <Storage storage={data.storage} />
      {data.jobs ? <Jobs jobs={data.jobs} /> : null}
      {data.smsOutbox ? <SmsOutbox outbox={data.smsOutbox} /> : null}
      <AdminLinks />
    </Space>
  );
}

/** A card's title with a link to the admin page of its subject (when the reader may open it). */
function CardTitle({ title, to }: { title: string; to?: LinkName }) {
  const t = useT();
  const canOpen = useCanOpen();
  return (
    <Space>
      <span>{title}</span>
      {to && canOpen(to) ? (
        <Link to={ADMIN_LINKS[to].path} style={{ fontWeight: 'normal', fontSize: 13 }}>
          {t('adminCentreWeb.open', { page: t(ADMIN_LINKS[to].label) })}
        </Link>
      ) : null}
    </Space>
  );
}

function Sessions({ sessions, total }: { sessions: SignedInSession[]; total: number }) {
  const t = useT();
  return (
    <Card size="small" title={<CardTitle title={t('adminCentreWeb.sessions.title', { count: total })} to="users" />} data-testid="admin-centre-sessions">
      <Table<SignedInSession>
        rowKey={(r) => `${r.userId}-${r.signedInAt}`}
        size="small"
        pagination={false}
        dataSource={sessions}
        locale={{ emptyText: t('adminCentreWeb.sessions.empty') }}
        columns={[
          { title: t('adminCentreWeb.sessions.user'), dataIndex: 'nickname', render: (_: string, r) => `${r.nickname} (${r.phone})` },
          { title: t('adminCentreWeb.sessions.organization'), dataIndex: 'orgName', render: (v: string | null) => v ?? '—' },
          { title: t('adminCentreWeb.sessions.lastSeen'), dataIndex: 'lastSeenAt', render: time, width: 170 },
          { title: t('adminCentreWeb.sessions.signedInAt'), dataIndex: 'signedInAt', render: time, width: 170 },
          { title: t('adminCentreWeb.sessions.ip'), dataIndex: 'ip', width: 130 },
          { title: t('adminCentreWeb.sessions.client'), dataIndex: 'client', ellipsis: true },
        ]}
      />
    </Card>
  );
}

function SignIns({ signIn }: { signIn: NonNullable<AdminCentreOverview['signIn']> }) {
  const t = useT();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <Card size="small" title={<CardTitle title={t('adminCentreWeb.locked.title')} to="users" />} data-testid="admin-centre-locked">
          <Table<LockedAccount>
            rowKey={(r) => `${r.userId}-${r.ip}`}
            size="small"
            pagination={false}
            dataSource={signIn.locked}
            locale={{ emptyText: t('adminCentreWeb.locked.empty') }}
            columns={[
              { title: t('adminCentreWeb.sessions.user'), dataIndex: 'nickname', render: (_: string, r) => `${r.nickname} (${r.account})` },
              { title: t('adminCentreWeb.sessions.ip'), dataIndex: 'ip', width: 130 },
              { title: t('adminCentreWeb.locked.until'), dataIndex: 'until', render: time, width: 170 },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={<CardTitle title={t('adminCentreWeb.failures.title', { count: signIn.failures, accounts: signIn.failedAccounts })} to="loginLog" />}
          data-testid="admin-centre-failures"
        >
          <Table<NonNullable<AdminCentreOverview['signIn']>['recentFailures'][number]>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ y: 280 }}
            dataSource={signIn.recentFailures}
            locale={{ emptyText: t('adminCentreWeb.failures.empty') }}
            columns={[
              { title: t('account.loginLog.time'), dataIndex: 'time', render: time, width: 170 },
              { title: t('account.loginLog.account'), dataIndex: 'account' },
              { title: t('account.loginLog.ip'), dataIndex: 'ip', width: 130 },
              { title: t('account.loginLog.result'), dataIndex: 'result', render: (v: LoginLogEntry['result']) => <Tag color="red">{t(RESULT_KEYS[v])}</Tag> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function EmptyRoles({ roles }: { roles: AdminCentreOverview['rolesWithoutUsers'] }) {
  const t = useT();
  return (
    <Card size="small" title={<CardTitle title={t('adminCentreWeb.roles.title', { count: roles.total })} to="roles" />} data-testid="admin-centre-roles">
      <Table<AdminCentreOverview['rolesWithoutUsers']['roles'][number]>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={roles.roles}
        locale={{ emptyText: t('adminCentreWeb.roles.empty') }}
        columns={[
          { title: t('adminCentreWeb.roles.name'), dataIndex: 'name' },
          { title: t('adminCentreWeb.sessions.organization'), dataIndex: 'orgName' },
        ]}
      />
    </Card>
  );
}

function SilentRuns({ runs }: { runs: SilentRun[] }) {
  const t = useT();
  return (
    <Card size="small" title={<CardTitle title={t('adminCentreWeb.silent.title')} to="runs" />} data-testid="admin-centre-silent">
      <Table<SilentRun>
        rowKey="runId"
        size="small"
        pagination={false}
        dataSource={runs}
        locale={{ emptyText: t('adminCentreWeb.silent.empty') }}
        columns={[
          { title: t('adminCentreWeb.runs.project'), dataIndex: 'projectName', render: (_: string, r) => `${r.projectName} · ${r.tbmCode}` },
          { title: t('adminCentreWeb.silent.source'), dataIndex: 'source', width: 100 },
          { title: t('adminCentreWeb.silent.lastFrame'), dataIndex: 'lastFrameAt', width: 170, render: (v: number | null) => (v === null ? t('adminCentreWeb.silent.never') : time(v)) },
        ]}
      />
    </Card>
  );
}

function Storage({ storage }: { storage: AdminCentreOverview['storage'] }) {
  const t = useT();
  const { locale, number } = useFormat();
  return (
    <Card
      size="small"
      title={<CardTitle title={t('adminCentreWeb.storage.title', { files: formatBytes(storage.fileBytes, locale), machine: formatBytes(storage.machineBytes, locale) })} to="runs" />}
      data-testid="admin-centre-storage"
    >
      <Table<RunStorage>
        rowKey="runId"
        size="small"
        pagination={false}
        dataSource={storage.runs}
        locale={{ emptyText: t('adminCentreWeb.storage.empty') }}
        columns={[
          { title: t('adminCentreWeb.runs.project'), dataIndex: 'projectName', render: (_: string, r) => `${r.projectName} · ${r.tbmCode}` },
          { title: t('adminCentreWeb.storage.files'), dataIndex: 'fileBytes', align: 'right', render: (_: number, r) => `${formatBytes(r.fileBytes, locale)} (${number(r.fileCount, 0)})` },
          { title: t('adminCentreWeb.storage.machine'), dataIndex: 'machineBytes', align: 'right', render: (v: number) => formatBytes(v, locale) },
          { title: t('adminCentreWeb.storage.frames'), dataIndex: 'frames', align: 'right', render: (v: number) => number(v, 0) },
          { title: t('adminCentreWeb.storage.total'), key: 'total', align: 'right', render: (_: unknown, r) => formatBytes(r.fileBytes + r.machineBytes, locale) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="admin-centre-storage-method">
        {storage.method}
      </Typography.Paragraph>
    </Card>
  );
}

function Jobs({ jobs }: { jobs: JobStatus[] }) {
  const t = useT();
  const failed = jobs.filter((j) => j.state === 'failed').length;
  return (
    <Card size="small" title={t('adminCentreWeb.jobs.title', { count: jobs.length, failed })} data-testid="admin-centre-jobs">
      <Table<JobStatus>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={jobs}
        locale={{ emptyText: t('adminCentreWeb.jobs.empty') }}
        columns={[
          { title: t('adminCentreWeb.jobs.name'), dataIndex: 'name' },
          { title: t('adminCentreWeb.jobs.state'), dataIndex: 'state', width: 110, render: (v: JobStatus['state']) => <Tag color={JOB_STATE_COLORS[v]}>{t(JOB_STATE_KEYS[v])}</Tag> },
          { title: t('adminCentreWeb.jobs.startedAt'), dataIndex: 'startedAt', render: time, width: 170 },
          { title: t('adminCentreWeb.jobs.finishedAt'), dataIndex: 'finishedAt', render: time, width: 170 },
          { title: t('adminCentreWeb.jobs.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
          { title: t('adminCentreWeb.jobs.lastError'), dataIndex: 'lastError', ellipsis: true, render: (v: string | null, r) => (v ? `${v}${r.retryAt ? ` · ${t('adminCentreWeb.jobs.retryAt', { time: time(r.retryAt) })}` : ''}` : '—') },
        ]}
      />
    </Card>
  );
}

function SmsOutbox({ outbox }: { outbox: NonNullable<AdminCentreOverview['smsOutbox']> }) {
  const t = useT();
  return (
    <Card size="small" title={t('adminCentreWeb.sms.title', { total: outbox.total, lastDay: outbox.lastDay })} data-testid="admin-centre-sms">
      <Table<NonNullable<AdminCentreOverview['smsOutbox']>['recent'][number]>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={outbox.recent}
        locale={{ emptyText: t('adminCentreWeb.sms.empty') }}
        columns={[
          { title: t('adminCentreWeb.sms.time'), dataIndex: 'time', render: time, width: 170 },
          { title: t('adminCentreWeb.sms.phone'), dataIndex: 'phone', width: 150 },
          { title: t('adminCentreWeb.sms.text'), dataIndex: 'text' },
        ]}
      />
    </Card>
  );
}

function AdminLinks() {
  const t = useT();
  const canOpen = useCanOpen();
  const names = (Object.keys(ADMIN_LINKS) as LinkName[]).filter(canOpen);
  return (
    <Card size="small" title={t('adminCentreWeb.links.title')} data-testid="admin-centre-links">
      {names.length === 0 ? (
        <Typography.Text type="secondary">{t('adminCentreWeb.links.empty')}</Typography.Text>
      ) : (
        <Space wrap size={[24, 8]}>
          {names.map((name) => (
            <Link key={name} to={ADMIN_LINKS[name].path}>
              {t(ADMIN_LINKS[name].label)}
            </Link>
          ))}
        </Space>
      )}
    </Card>
  );
}
