import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { plan, record } from '../maintenance.fixture.js';
import { ContentPage } from './ContentPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('content-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const saveIn = (testId: string) => user.click(within(screen.getByTestId(testId).closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ }));
const WRITER = ['menu.maintenance.content', 'maintenance.plan.read', 'maintenance.plan.write', 'maintenance.record.read', 'maintenance.record.write'];
const STORED = plan(1, { reminder: { enabled: true, content: 'Gear oil check due', daysAhead: 2, pushTime: '07:30', repeat: null, weekday: null } });

function renderPage(path = '/fw1/maintain/content', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/maintain/content', element: <ContentPage />, handle: { name: 'maintenance', resource: 'menu.maintenance.content' } }], path);
}

/** Serves the export as the server does and records what is saved; the calls to fetch are returned. */
function stubExport(saved: string[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename=\"maintenance-plans_TBM-M5_20261125.xlsx\"" } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:plans');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

describe('maintenance content page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('maintenance.contentQueryList', { total: 1, page: 1, pageSize: 20, records: [STORED] });
    api.responses.set('maintenance.planUnits', ['Main drive']);
    api.responses.set('maintenance.planUnique', { unique: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useNotifications.setState({ message: null });
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the items of the run filtered by the address, and says so when there are none', async () => {
    renderPage('/fw1/maintain/content?cycle=weekly&keyword=oil');
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.contentQueryList')[0]).toEqual({ runId: 1, keyword: 'oil', cycle: 'weekly', page: 1, pageSize: 20 });
    const row = within(rows()[0] as HTMLElement);
    expect(row.getByText('Check oil level and take a sample')).toBeTruthy();
    expect(row.getByText('18/11/2026 09:00')).toBeTruthy();
    cleanup();
    api.responses.set('maintenance.contentQueryList', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    expect(await screen.findByText('No maintenance items', {}, SETTLE)).toBeTruthy();
  });

  it('adds an item through add-or-edit without an id, and edits one with its id', async () => {
    api.responses.set('maintenance.contentAddOrEdit', plan(9));
    renderPage();
    await user.click(await screen.findByTestId('content-add', {}, SETTLE));
    const dialog = await screen.findByTestId('plan-dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Belt conveyor rollers' } });
    fireEvent.mouseDown(within(within(dialog).getByTestId('plan-cycle').closest('.ant-form-item') as HTMLElement).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('Monthly', {}, SETTLE)).at(-1) as HTMLElement);
    fireEvent.change(within(dialog).getByTestId('plan-system'), { target: { value: 'Belt conveyor' } });
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Check the rollers turn freely' } });
    await saveIn('plan-dialog');
    await waitFor(() => expect(calledWith('maintenance.contentAddOrEdit')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.contentAddOrEdit')[0]).toEqual({
      runId: 1,
      title: 'Belt conveyor rollers',
      cycle: 'monthly',
      system: 'Belt conveyor',
      component: null,
      content: 'Check the rollers turn freely',
      items: [],
      nextTime: null,
      remark: null,
      trigger: 'calendar',
      counterKind: null,
      counterInterval: null,
      anchor: 'floating',
    });

    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('content-edit'));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Edit maintenance item'), SETTLE);
    const modal = screen.getByTestId('plan-dialog').closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect((within(modal).getByLabelText('Title') as HTMLInputElement).value).toBe('Main drive gear oil check'), SETTLE);
    fireEvent.change(within(modal).getByLabelText('Title'), { target: { value: 'Gear oil check and sample' } });
    await user.click(within(modal).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calledWith('maintenance.contentAddOrEdit')).toHaveLength(2), SETTLE);
    expect(calledWith('maintenance.contentAddOrEdit')[1]).toMatchObject({ runId: 1, id: 1, title: 'Gear oil check and sample', system: 'Main drive' });
  });

  it('deletes an item after the confirmation', async () => {
    api.responses.set('maintenance.contentDelete', { deleted: true });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('content-delete'));
    const text = await screen.findByText('Delete the maintenance item "Check oil level and take a sample" permanently? Its history is kept.', {}, SETTLE);
    await user.click(within(text.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith('maintenance.contentDelete')).toEqual([{ runId: 1, id: 1 }]), SETTLE);
  });

  it('sets the reminder through the content call', async () => {
    api.responses.set('maintenance.planRemindQuery', { reminder: STORED.reminder, nextPushes: [] });
    api.responses.set('maintenance.contentSetRemind', STORED);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('content-remind'));
    const dialog = await screen.findByTestId('remind-dialog', {}, SETTLE);
    fireEvent.change(within(dialog).getByLabelText('Reminder text'), { target: { value: '' } });
    await saveIn('remind-dialog');
    expect(await within(dialog).findByText('This field is required', {}, SETTLE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reminder text'), { target: { value: 'Oil check tomorrow' } });
    await saveIn('remind-dialog');
    await waitFor(() => expect(calledWith('maintenance.contentSetRemind')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.contentSetRemind')[0]).toEqual({ runId: 1, id: 1, enabled: true, content: 'Oil check tomorrow', daysAhead: 2, pushTime: '07:30', repeat: null, weekday: null });
  });

  it('shows an item with its reminder and history, and records maintenance from its template', async () => {
    api.responses.set('maintenance.contentQueryDetail', STORED);
    api.responses.set('maintenance.contentHistoryList', { total: 1, page: 1, pageSize: 10, records: [record(7)] });
    api.responses.set('maintenance.contentHistoryTemplate', {
      planId: 1,
      type: 'weekly',
      system: 'Main drive',
      component: 'Gearbox',
      content: 'Check oil level and take a sample',
      items: [{ text: 'Oil level between marks', condition: 'normal', note: null }],
      dueAt: null,
    });
    api.responses.set('maintenance.contentAddHistory', record(9));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('content-detail-open'));
    const detail = await screen.findByTestId('content-detail', {}, SETTLE);
    expect(within(detail).getByTestId('content-reminder').textContent).toBe('2 days ahead at 07:30');
    expect(within(within(detail).getByTestId('content-items')).getByText('No metal particles on the magnetic plug')).toBeTruthy();
    await waitFor(() => expect(within(within(detail).getByTestId('content-history')).getByText('22/11/2026 09:00')).toBeTruthy(), SETTLE);
    expect(calledWith('maintenance.contentHistoryList')).toEqual([{ runId: 1, id: 1, page: 1, pageSize: 10 }]);

    await user.click(within(detail).getByTestId('content-add-history'));
    const dialog = await screen.findByTestId('record-dialog', {}, SETTLE);
    expect(calledWith('maintenance.contentHistoryTemplate')).toEqual([{ runId: 1, id: 1 }]);
    expect(within(dialog).getAllByTestId('record-item')).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText('Maintained by'), { target: { value: 'Marco Bianchi' } });
    fireEvent.change(within(dialog).getByLabelText('Checked by'), { target: { value: 'Luca Verdi' } });
    fireEvent.change(within(dialog).getByLabelText('Reviewed by'), { target: { value: 'Giulia Rossi' } });
    await saveIn('record-dialog');
    await waitFor(() => expect(calledWith('maintenance.contentAddHistory')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.contentAddHistory')[0]).toMatchObject({
      runId: 1,
      planId: 1,
      type: 'weekly',
      system: 'Main drive',
      items: [{ text: 'Oil level between marks', condition: 'normal', note: null }],
      maintainedBy: 'Marco Bianchi',
    });
  });

  it('exports the items the filters keep in the catalogue’s order through the plan export', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    renderPage('/fw1/maintain/content?cycle=weekly&keyword=oil');
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(screen.getByTestId('content-export'));
    await waitFor(() => expect(saved).toEqual(['maintenance-plans_TBM-M5_20261125.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/mtce/plan/export/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, keyword: 'oil', cycle: 'weekly', order: 'catalogue' });
  });

  it('warns that there is nothing to export when there are no items, without calling the server', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    api.responses.set('maintenance.contentQueryList', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    await screen.findByText('No maintenance items', {}, SETTLE);
    await user.click(screen.getByTestId('content-export'));
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'warning', text: 'No data can be exported now' }), SETTLE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
