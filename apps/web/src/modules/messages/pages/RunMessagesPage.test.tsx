import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { AT, confirmDialog, counts, message } from '../messages.fixture.js';
import { AlarmMessagesPage, MaintenanceMessagesPage } from './RunMessagesPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const routes: AppRoute[] = [
  { path: '/fw1/stm_smtce_message/maintenance', element: <MaintenanceMessagesPage />, handle: { name: 'messageReminderMaintenance', resource: 'maintenance.message.read' } },
  { path: '/fw1/stm_smtce_message/alarm', element: <AlarmMessagesPage />, handle: { name: 'messageReminderAlarm', resource: 'maintenance.message.read' } },
  { path: '/fw0/dp', element: <p>enter system</p>, handle: { name: 'dp', resource: 'authenticated' } },
];

const stat = (type: 'maintenanceReminder' | 'componentAlarm' | 'monitoringAlarm', typeName: string, total: number, unread: number) => ({ type, typeName, total, unread, latestAt: AT });
const ALL_STATS = {
  runId: 1,
  types: [stat('maintenanceReminder', 'Maintenance reminder', 12, 2), stat('componentAlarm', 'Component alarm', 5, 1), stat('monitoringAlarm', 'Monitoring alarm', 9, 3)],
};

describe("the current run's maintenance and alarm messages", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['maintenance.message.read', 'alarm.message.read'] });
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('messages.runStats', ALL_STATS);
    api.responses.set('messages.runPage', (input: { page: number; pageSize: number; messageTypes: string[] }) => ({
      total: 2,
      page: input.page,
      pageSize: input.pageSize,
      records: input.messageTypes.includes('maintenanceReminder')
        ? [message(12, 'maintenanceReminder', { title: 'Maintenance due on S-1125: main bearing grease' }), message(11, 'maintenanceReminder', { read: true, readAt: AT })]
        : [message(21, 'monitoringAlarm', { title: 'Face pressure is 3.9 bar, above its alarm limit of 3.5 bar' })],
    }));
  });
  afterEach(() => useFramework.setState({ run: null, resources: [] }));

  it("reads the current run's stats and maintenance reminders, in the run's time", async () => {
    renderRoutes(routes, '/fw1/stm_smtce_message/maintenance');
    const table = await screen.findByTestId('run-message-table');
    await within(table).findByText('Maintenance due on S-1125: main bearing grease', {}, SETTLE);
    expect(calledWith('messages.runStats')).toEqual([{ runId: 1 }]);
    expect(calledWith('messages.runPage')).toEqual([{ runId: 1, page: 1, pageSize: 20, messageTypes: ['maintenanceReminder'] }]);
    expect(screen.getByText(`Maintenance reminders · ${MILAN_RUN.projectName}`)).toBeTruthy();
    const stats = screen.getByTestId('run-stats');
    expect(within(stats).queryByTestId('stats-componentAlarm')).toBeNull();
    expect(within(stats).getByTestId('stats-maintenanceReminder').textContent).toContain('Maintenance reminder');
    // 07:30 UTC on the Milan site's clock.
    expect(within(table).getAllByTestId('message-time')[0]?.textContent).toMatch(/^14\/11\/2026 08:30( GMT\+1)?$/);
  });

  it('reads one with the GET read of the run, and all of the tab after asking', async () => {
    api.responses.set('messages.runRead', { changed: 1, unread: counts({ monitoringAlarm: 3 }) });
    api.responses.set('messages.runReadAll', { changed: 4, unread: counts() });
    renderRoutes(routes, '/fw1/stm_smtce_message/alarm');
    const table = await screen.findByTestId('run-message-table');
    await within(table).findByText('Face pressure is 3.9 bar, above its alarm limit of 3.5 bar', {}, SETTLE);
    expect(calledWith('messages.runPage')).toEqual([{ runId: 1, page: 1, pageSize: 20, messageTypes: ['componentAlarm', 'monitoringAlarm'] }]);

    await userEvent.click(within(table).getByTestId('read-one'));
    await waitFor(() => expect(calledWith('messages.runRead')).toEqual([{ runId: 1, messageId: 21 }]), SETTLE);

    await userEvent.click(screen.getByTestId('read-all'));
    const dialog = await confirmDialog('Mark all 4 unread messages as read?');
    expect(calledWith('messages.runReadAll')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calledWith('messages.runReadAll')).toEqual([{ runId: 1, messageTypes: ['componentAlarm', 'monitoringAlarm'] }]), SETTLE);
  });

  it('tells a user who may not read the run’s alarms so, without asking for them', async () => {
    api.responses.set('messages.runStats', { runId: 1, types: [stat('maintenanceReminder', 'Maintenance reminder', 12, 2)] });
    renderRoutes(routes, '/fw1/stm_smtce_message/alarm');
    expect(await screen.findByTestId('no-access', {}, SETTLE)).toBeTruthy();
    expect(calledWith('messages.runPage')).toEqual([]);
  });

  it('sends a user without a current project to choose one', async () => {
    useFramework.setState({ run: null });
    const router = renderRoutes(routes, '/fw1/stm_smtce_message/maintenance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fw0/dp'), SETTLE);
    expect(calledWith('messages.runStats')).toEqual([]);
  });
});
