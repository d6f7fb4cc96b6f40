import type { AdminCentreOverview } from '@boreline/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { adminCentreRoutes } from '../routes.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const AT = Date.UTC(2026, 10, 28, 8, 0, 0);
const ADMIN_USER = { id: 5, phone: '13900000005', nickname: 'Ada Admin', email: null, orgId: 3, sa: false, zb: false, avatarUrl: null, lang: 'en_US' as const };

const overview = (over: Partial<AdminCentreOverview> = {}): AdminCentreOverview => ({
  at: AT,
  scope: 'organization',
  users: {
    total: 12,
    enabled: 11,
    signedInNow: 2,
    sessions: [
      { userId: 5, nickname: 'Ada Admin', phone: '13900000005', orgName: 'Contractor Alpha', signedInAt: AT - 3_600_000, lastSeenAt: AT - 60_000, ip: '10.0.0.5', client: 'Firefox on site office' },
      { userId: 6, nickname: 'Paolo Plain', phone: '13900000006', orgName: 'Site Alpha', signedInAt: AT - 7_200_000, lastSeenAt: AT - 600_000, ip: '10.0.0.6', client: 'Chrome' },
    ],
  },
  signIn: {
    failures: 6,
    failedAccounts: 1,
    recentFailures: [{ id: 9, time: AT - 120_000, account: '13900000007', ip: '10.0.0.66', result: 'throttled' }],
    locked: [{ userId: 7, nickname: 'Luca Locked', account: '13900000007', ip: '10.0.0.66', until: AT + 600_000 }],
  },
  rolesWithoutUsers: { total: 1, roles: [{ id: 4, name: 'Unused role Alpha', orgName: 'Contractor Alpha' }] },
  runs: { open: 3, silent: [{ runId: 21, projectName: 'Alpha silent drive', tbmCode: 'A-SIL', source: 'http', lastFrameAt: null, createdAt: AT - 5 * 3_600_000 }] },
  jobs: null,
  storage: {
    runs: [{ runId: 21, projectName: 'Alpha silent drive', tbmCode: 'A-SIL', fileCount: 2, fileBytes: 2048, machineBytes: 3 * 1024 * 1024, frames: 36_000 }],
    fileBytes: 2048,
    machineBytes: 3 * 1024 * 1024,
    method: 'Files: the sum of the sizes of the run’s complete files.',
  },
  smsOutbox: null,
  ...over,
});

const EMPTY = overview({
  users: { total: 1, enabled: 1, signedInNow: 0, sessions: [] },
  signIn: { failures: 0, failedAccounts: 0, recentFailures: [], locked: [] },
  rolesWithoutUsers: { total: 0, roles: [] },
  runs: { open: 0, silent: [] },
  storage: { runs: [], fileBytes: 0, machineBytes: 0, method: 'How it is computed' },
});

const calls = () => api.calls.filter((c) => c.id === 'adminCentre.overview').length;

describe('admin centre page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => useFramework.setState({ user: ADMIN_USER, resources: ['menu.adminCenter', 'messages.loginLog.readAll', 'menu.admin.user', 'menu.admin.role'] }));
  afterEach(() => {
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ user: null, resources: [] });
  });

  it('shows who is signed in, the locks and failures, empty roles, silent runs and storage, with figures leading to the admin pages the reader may open', async () => {
    api.responses.set('adminCentre.overview', overview());
    renderRoutes(adminCentreRoutes, '/sys/dp');
    const sessions = await screen.findByTestId('admin-centre-sessions', {}, SETTLE);
    expect(within(sessions).getByText('Signed in now (2)')).toBeTruthy();
    expect(within(sessions).getByText('Ada Admin (13900000005)')).toBeTruthy();
    expect(within(sessions).getByText('Firefox on site office')).toBeTruthy();
    expect(within(screen.getByTestId('admin-centre-locked')).getByText('Luca Locked (13900000007)')).toBeTruthy();
    const failures = screen.getByTestId('admin-centre-failures');
    expect(within(failures).getByText('Sign-in failures in the last 24 h: 6 on 1 accounts')).toBeTruthy();
    expect(within(screen.getByTestId('admin-centre-roles')).getByText('Unused role Alpha')).toBeTruthy();
    const silent = screen.getByTestId('admin-centre-silent');
    expect(within(silent).getByText('Alpha silent drive · A-SIL')).toBeTruthy();
    expect(within(silent).getByText('never')).toBeTruthy();
    const storage = screen.getByTestId('admin-centre-storage');
    expect(within(storage).getByText('Files: the sum of the sizes of the run’s complete files.')).toBeTruthy();
    expect(within(storage).getByText('36,000')).toBeTruthy();

    // Figures lead to the pages behind them when the reader may open those; the run list is not his.
    const users = within(screen.getByTestId('figure-users')).getByRole('link');
    expect(users.getAttribute('href')).toBe('/fw0/sys/user/list');
    expect(within(users).getByText('11 / 12')).toBeTruthy();
    expect(within(screen.getByTestId('figure-emptyRoles')).getByRole('link').getAttribute('href')).toBe('/fw0/sys/role/list');
    expect(within(screen.getByTestId('figure-failures')).getByRole('link').getAttribute('href')).toBe('/fw0/sys/userSetting/loginLog');
    expect(within(screen.getByTestId('figure-silentRuns')).queryByRole('link')).toBeNull();
    const links = within(screen.getByTestId('admin-centre-links')).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['User', 'Role', 'Login log']);
    // The super administrator's sections are not there for him.
    expect(screen.queryByTestId('admin-centre-jobs')).toBeNull();
    expect(screen.queryByTestId('admin-centre-sms')).toBeNull();
  });

  it('says so when a section is empty, and leaves out the sign-ins without their code', async () => {
    api.responses.set('adminCentre.overview', EMPTY);
    renderRoutes(adminCentreRoutes, '/sys/dp');
    expect(await screen.findByText('Nobody is signed in now', {}, SETTLE)).toBeTruthy();
    expect(screen.getByText('No account is locked')).toBeTruthy();
    expect(screen.getByText('No sign-in failed in the last 24 h')).toBeTruthy();
    expect(screen.getByText('Every role has users')).toBeTruthy();
    expect(screen.getByText('Every open run received data in the last hour')).toBeTruthy();
    expect(screen.getByText('No runs')).toBeTruthy();
    cleanup();
    api.responses.set('adminCentre.overview', { ...EMPTY, signIn: null });
    renderRoutes(adminCentreRoutes, '/sys/dp');
    await screen.findByTestId('admin-centre-sessions', {}, SETTLE);
    expect(screen.queryByTestId('admin-centre-failures')).toBeNull();
    expect(screen.queryByTestId('figure-locked')).toBeNull();
  });

  it('shows the super administrator the failed job and the SMS outbox', async () => {
    useFramework.setState({ user: { ...ADMIN_USER, sa: true }, resources: [] });
    api.responses.set(
      'adminCentre.overview',
      overview({
        scope: 'all',
        jobs: [
          { name: 'maintenance.reminders', state: 'idle', dueAt: AT, startedAt: AT, finishedAt: AT + 1000, attempts: 1, lastError: null, retryAt: null, lastCount: 3 },
          { name: 'report.shiftAutoGeneration', state: 'failed', dueAt: AT, startedAt: AT, finishedAt: AT + 1000, attempts: 2, lastError: 'disk full', retryAt: AT + 60_000, lastCount: null },
        ],
        smsOutbox: { total: 4, lastDay: 1, recent: [{ id: 1, phone: '13900000001', text: 'Your code is 123456', time: AT }] },
      }),
    );
    renderRoutes(adminCentreRoutes, '/sys/dp');
    const jobs = await screen.findByTestId('admin-centre-jobs', {}, SETTLE);
    expect(within(jobs).getByText('Jobs: 2, failed: 1')).toBeTruthy();
    const failedRow = within(jobs).getByText('report.shiftAutoGeneration').closest('tr');
    expect(failedRow && within(failedRow as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(failedRow?.textContent).toContain('disk full');
    const sms = screen.getByTestId('admin-centre-sms');
    expect(within(sms).getByText('SMS outbox: 4 messages, 1 in the last 24 h')).toBeTruthy();
    expect(within(sms).getByText('Your code is 123456')).toBeTruthy();
    expect(screen.getByTestId('admin-centre-scope').textContent).toContain('All organizations');
    expect(within(screen.getByTestId('figure-silentRuns')).getByRole('link').getAttribute('href')).toBe('/fw0/stsRun/list');
  });

  it('reads again on the refresh button and every minute by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.responses.set('adminCentre.overview', overview());
      renderRoutes(adminCentreRoutes, '/sys/dp');
      await screen.findByTestId('admin-centre-sessions', {}, SETTLE);
      expect(calls()).toBe(1);
      api.responses.set('adminCentre.overview', overview({ users: { total: 12, enabled: 11, signedInNow: 0, sessions: [] } }));
      fireEvent.click(screen.getByTestId('admin-centre-refresh'));
      await waitFor(() => expect(screen.getByText('Nobody is signed in now')).toBeTruthy(), SETTLE);
      expect(calls()).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(calls()).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      await waitFor(() => expect(calls()).toBe(3), SETTLE);
    } finally {
      vi.useRealTimers();
    }
  });
});
