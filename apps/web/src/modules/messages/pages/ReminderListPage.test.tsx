import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { confirmDialog, counts, message } from '../messages.fixture.js';
import { ReminderListPage } from './ReminderListPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const routes: AppRoute[] = [{ path: '/fw1/stm_smtce_message', element: <ReminderListPage />, handle: { name: 'messageReminder', resource: 'authenticated' } }];
const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

const page = [
  message(30, 'componentAlarm', { title: 'Gearbox oil temperature is 96 °C, above its alarm limit of 90 °C' }),
  message(29, 'maintenanceReminder', { title: 'Maintenance due on S-1125: main bearing grease', read: true, readAt: 1 }),
  message(28, 'announcement', { runId: null, projectName: null, title: 'Announcement: night shift', text: 'Access shaft closed from 22:00.' }),
];

describe('message reminder list', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.messages.reminder'] });
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('messages.reminderPage', (input: { page: number; pageSize: number }) => ({ total: 43, page: input.page, pageSize: input.pageSize, records: page }));
    api.responses.set('messages.countPersonal', counts({ componentAlarm: 1, stockWarning: 2 }));
    api.responses.set('project.runQueryProject', [{ runId: 1, projectName: MILAN_RUN.projectName, tbmCode: 'S-1125', machineType: 'epb', timeZone: 'Europe/Rome', orgId: 7 }]);
  });
  afterEach(() => useFramework.setState({ run: null, resources: [] }));

  it('sends the filters of the address with the query, and a changed filter goes to the address and starts at page 1', async () => {
    const router = renderRoutes(routes, '/fw1/stm_smtce_message?types=componentAlarm&types=stockWarning&runId=1&state=unread&from=2026-11-01&to=2026-11-14&page=2');
    // Whole days on the reader's clock.
    const from = new Date(2026, 10, 1).getTime();
    const to = new Date(2026, 10, 14, 23, 59, 59, 999).getTime();
    await waitFor(
      () =>
        expect(calledWith('messages.reminderPage')).toEqual([
          { page: 2, pageSize: 20, messageTypes: ['componentAlarm', 'stockWarning'], runId: 1, read: false, from, to },
        ]),
      SETTLE,
    );
    const filters = screen.getByTestId('reminder-filters');
    // The form shows what the list is filtered by.
    await within(filters).findByText('Metro M4 Lot 3 – San Babila · S-1125', {}, SETTLE);
    expect(within(filters).getByText('Unread')).toBeTruthy();

    await userEvent.click(within(filters).getByLabelText('Read state'));
    await userEvent.click(await screen.findByTitle('Read', {}, SETTLE));
    await waitFor(() => expect(search(router)).toEqual({ types: 'stockWarning', runId: '1', state: 'read', from: '2026-11-01', to: '2026-11-14' }), SETTLE);
    expect(new URLSearchParams(router.state.location.search).getAll('types')).toEqual(['componentAlarm', 'stockWarning']);
    await waitFor(() => expect(calledWith('messages.reminderPage').at(-1)).toEqual({ page: 1, pageSize: 20, messageTypes: ['componentAlarm', 'stockWarning'], runId: 1, read: true, from, to }), SETTLE);
  });

  it('marks unread rows, shows the unread counts by type and filters by one of them', async () => {
    const router = renderRoutes(routes, '/fw1/stm_smtce_message');
    const table = await screen.findByTestId('message-table');
    await within(table).findByText('Gearbox oil temperature is 96 °C, above its alarm limit of 90 °C', {}, SETTLE);
    const rowOf = (text: string) => within(table).getByText(text).closest('tr');
    expect(rowOf('Gearbox oil temperature is 96 °C, above its alarm limit of 90 °C')?.className).toContain('bl-msg-unread');
    expect(rowOf('Maintenance due on S-1125: main bearing grease')?.className).not.toContain('bl-msg-unread');
    expect(within(table).getAllByTestId('unread-mark')).toHaveLength(2);
    // A user's text shows as written, under its title.
    expect(within(table).getByText('Access shaft closed from 22:00.')).toBeTruthy();

    const countsBar = screen.getByTestId('unread-counts');
    await within(countsBar).findByText('Unread: 3', {}, SETTLE);
    expect(within(countsBar).getByTestId('count-stockWarning').textContent).toBe('Stock warning: 2');
    expect(within(countsBar).queryByTestId('count-system')).toBeNull();
    await userEvent.click(within(countsBar).getByTestId('count-stockWarning'));
    await waitFor(() => expect(search(router)).toEqual({ types: 'stockWarning', state: 'unread' }), SETTLE);
  });

  it('reads one, or exactly the messages shown on the page', async () => {
    api.responses.set('messages.reminderRead', { changed: 1, unread: counts({ stockWarning: 2 }) });
    api.responses.set('messages.reminderReadPage', { changed: 2, unread: counts({ stockWarning: 2 }) });
    renderRoutes(routes, '/fw1/stm_smtce_message?page=3');
    const table = await screen.findByTestId('message-table');
    await within(table).findByText('Announcement: night shift', {}, SETTLE);
    const announcement = within(table).getByText('Announcement: night shift').closest('tr');
    if (!announcement) throw new Error('no row');
    await userEvent.click(within(announcement).getByTestId('read-one'));
    await waitFor(() => expect(calledWith('messages.reminderRead')).toEqual([{ messageId: 28 }]), SETTLE);

    await userEvent.click(screen.getByTestId('read-page'));
    await waitFor(() => expect(calledWith('messages.reminderReadPage')).toEqual([{ messageIds: [30, 29, 28] }]), SETTLE);
    expect(calledWith('messages.readPersonal')).toEqual([]);
  });

  it('asks before marking all read, and does nothing when the user cancels', async () => {
    api.responses.set('messages.readPersonal', { changed: 3, unread: counts() });
    renderRoutes(routes, '/fw1/stm_smtce_message');
    await screen.findByText('Unread: 3', {}, SETTLE);
    await userEvent.click(screen.getByTestId('read-all'));
    const dialog = await confirmDialog('Mark all 3 unread messages as read?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledWith('messages.readPersonal')).toEqual([]);

    await userEvent.click(screen.getByTestId('read-all'));
    const again = await confirmDialog('Mark all 3 unread messages as read?');
    await userEvent.click(within(again).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calledWith('messages.readPersonal')).toEqual([{ all: true }]), SETTLE);
  });

  it('shows a delivered report’s picture under its message', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:delivered');
    URL.revokeObjectURL = vi.fn();
    const report = message(31, 'report', {
      title: 'Morning summary: Shift and daily summary of Metro M4 Lot 3 – San Babila',
      object: { kind: 'reportDelivery', id: 610 },
      file: { id: 'AbCdEfGhIjKlMnOpQrStUv', name: 'M4-shift-daily-2026-11-25.png' },
    });
    api.responses.set('messages.reminderPage', { total: 4, page: 1, pageSize: 20, records: [report, ...page] });
    api.responses.set('files.download', new Blob(['png'], { type: 'image/png' }));
    renderRoutes(routes, '/fw1/stm_smtce_message');
    const table = await screen.findByTestId('message-table');
    const row = (await within(table).findByText(report.title, {}, SETTLE)).closest('tr') as HTMLElement;
    const img = await within(row).findByRole('img', { name: 'M4-shift-daily-2026-11-25.png' }, SETTLE);
    await waitFor(() => expect(img.getAttribute('src')).toBe('blob:delivered'), SETTLE);
    expect(calledWith('files.download')).toEqual([{ id: 'AbCdEfGhIjKlMnOpQrStUv' }]);
    // Other messages carry no file.
    expect(within(table).getAllByTestId('message-picture')).toHaveLength(1);
  });

  it('says when no message matches the filters', async () => {
    api.responses.set('messages.reminderPage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderRoutes(routes, '/fw1/stm_smtce_message?state=unread');
    expect(await screen.findByText('No messages match these filters', {}, SETTLE)).toBeTruthy();
    expect(screen.getByTestId('read-page')).toHaveProperty('disabled', true);
  });
});
