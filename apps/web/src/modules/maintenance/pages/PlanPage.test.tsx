import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { COUNTER_PLAN, plan, T0 } from '../maintenance.fixture.js';
import { PlanPage } from './PlanPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const uploads = vi.hoisted(() => [] as { id: string; name: string; fields: Record<string, string> | undefined }[]);
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../core/api/upload.js', () => ({
  uploadFile: vi.fn(async (endpoint: { id: string }, file: File, options?: { fields?: Record<string, string> }) => {
    uploads.push({ id: endpoint.id, name: file.name, fields: options?.fields });
    return { imported: 4, refused: [] };
  }),
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('plan-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const modalOf = (testId: string) => screen.getByTestId(testId).closest('.ant-modal') as HTMLElement;
const save = (testId: string) => user.click(within(modalOf(testId)).getByRole('button', { name: /Save/ }));
const WRITER = ['menu.maintenance.management', 'maintenance.plan.read', 'maintenance.plan.write'];

function renderPage(path = '/fw1/stm_smtce/plan', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stm_smtce/plan', element: <PlanPage />, handle: { name: 'maintenancePlan', resource: 'menu.maintenance.management' } }], path);
}

async function pick(container: HTMLElement, text: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox'));
  const options = await screen.findAllByTitle(text, {}, SETTLE);
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** Fills the plan form's required fields (a weekly calendar plan). */
async function fillPlan(dialog: HTMLElement, title = 'Main drive gear oil check') {
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: title } });
  await pick(within(dialog).getByTestId('plan-cycle').closest('.ant-form-item') as HTMLElement, 'Weekly');
  fireEvent.change(within(dialog).getByTestId('plan-system'), { target: { value: 'Main drive' } });
  fireEvent.change(within(dialog).getByLabelText('Part'), { target: { value: 'Gearbox' } });
  fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Check oil level' } });
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

describe('maintenance plan page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('maintenance.planQueryPage', { total: 2, page: 1, pageSize: 20, records: [plan(1), COUNTER_PLAN] });
    api.responses.set('maintenance.planUnits', ['Cutterhead', 'Main drive']);
    api.responses.set('maintenance.planUnique', { unique: true });
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the plans with their next due time on the site’s clock, state and counter, filtered by the address', async () => {
    renderPage('/fw1/stm_smtce/plan?system=Main%20drive&state=due');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('maintenance.planQueryPage')[0]).toEqual({ runId: 1, system: 'Main drive', state: 'due', page: 1, pageSize: 20 });
    const calendar = within(rows()[0] as HTMLElement);
    // 25/11/2026 08:00 UTC is 09:00 in Milan.
    expect(calendar.getByText('25/11/2026 09:00')).toBeTruthy();
    expect(calendar.getByTestId('mtce-state').textContent).toBe('Due');
    const counter = within(within(rows()[1] as HTMLElement).getByTestId('plan-counter'));
    expect(counter.getByText('Main drive hours')).toBeTruthy();
    expect(counter.getByText('1,240 of 1,500')).toBeTruthy();
    expect(counter.getByText('Forecast 29/11/2026')).toBeTruthy();
  });

  it('says so when the run has no plans', async () => {
    api.responses.set('maintenance.planQueryPage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    expect(await screen.findByText('No maintenance plans', {}, SETTLE)).toBeTruthy();
  });

  it('refuses what the server refuses: a title over 100 characters, a counter plan without its counter and interval', async () => {
    renderPage();
    await user.click(await screen.findByTestId('plan-add', {}, SETTLE));
    const dialog = await screen.findByTestId('plan-dialog');
    await fillPlan(dialog, 'x'.repeat(101));
    await user.click(within(dialog).getByRole('radio', { name: 'Counter' }));
    await save('plan-dialog');
    expect(await within(dialog).findByText('At most 100 characters', {}, SETTLE)).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(calledWith('maintenance.planUnique')).toEqual([]);
    expect(calledWith('maintenance.planAdd')).toEqual([]);
  });

  it('adds a plan of 100 characters with its checklist and counter, after checking system, part and content are free', async () => {
    api.responses.set('maintenance.planAdd', plan(9));
    renderPage();
    await user.click(await screen.findByTestId('plan-add', {}, SETTLE));
    const dialog = await screen.findByTestId('plan-dialog');
    await fillPlan(dialog, 't'.repeat(100));
    await user.click(within(dialog).getByTestId('plan-add-item'));
    await user.click(within(dialog).getByTestId('plan-add-item'));
    const items = within(dialog).getAllByTestId('plan-item');
    fireEvent.change(items[0] as HTMLElement, { target: { value: 'Oil level between marks' } });
    fireEvent.change(items[1] as HTMLElement, { target: { value: 'Magnetic plug clean' } });
    await user.click(within(dialog).getByRole('radio', { name: 'Whichever comes first' }));
    await pick(within(dialog).getByTestId('plan-counter-kind').closest('.ant-form-item') as HTMLElement, 'Main drive hours');
    fireEvent.change(within(dialog).getByLabelText('Counter interval'), { target: { value: '250' } });
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed calendar' }));
    await save('plan-dialog');
    await waitFor(() => expect(calledWith('maintenance.planAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.planUnique')).toEqual([{ runId: 1, system: 'Main drive', component: 'Gearbox', content: 'Check oil level' }]);
    expect(calledWith('maintenance.planAdd')[0]).toEqual({
      runId: 1,
      title: 't'.repeat(100),
      cycle: 'weekly',
      system: 'Main drive',
      component: 'Gearbox',
      content: 'Check oil level',
      items: ['Oil level between marks', 'Magnetic plug clean'],
      nextTime: null,
      remark: null,
      trigger: 'whicheverFirst',
      counterKind: 'driveHours',
      counterInterval: 250,
      anchor: 'fixed',
    });
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Plan saved' }), SETTLE);
  });

  it('does not save a second plan with the same system, part and content, and says why at the content', async () => {
    api.responses.set('maintenance.planUnique', { unique: false });
    renderPage();
    await user.click(await screen.findByTestId('plan-add', {}, SETTLE));
    const dialog = await screen.findByTestId('plan-dialog');
    await fillPlan(dialog);
    await save('plan-dialog');
    expect(await within(dialog).findByText('A plan for this system, part and content already exists in this project', {}, SETTLE)).toBeTruthy();
    expect(calledWith('maintenance.planAdd')).toEqual([]);
  });

  it('edits a plan: the form shows it, the edit call carries its id and the uniqueness check leaves it out', async () => {
    api.responses.set('maintenance.planEdit', plan(1));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('plan-edit'));
    const dialog = await screen.findByTestId('plan-dialog');
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Main drive gear oil check');
    expect(within(dialog).getAllByTestId('plan-item').map((i) => (i as HTMLInputElement).value)).toEqual(['Oil level between marks', 'No metal particles on the magnetic plug']);
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Use ISO VG 320' } });
    await save('plan-dialog');
    await waitFor(() => expect(calledWith('maintenance.planEdit')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.planUnique')[0]).toEqual({ runId: 1, id: 1, system: 'Main drive', component: 'Gearbox', content: 'Check oil level and take a sample' });
    expect(calledWith('maintenance.planEdit')[0]).toMatchObject({ runId: 1, id: 1, remark: 'Use ISO VG 320', nextTime: T0 + 86_400_000, anchor: 'floating' });
  });

  it('deletes a plan after the confirmation', async () => {
    api.responses.set('maintenance.planDelete', { deleted: true });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[1] as HTMLElement).getByTestId('plan-delete'));
    expect(await screen.findByText('Delete the plan "Cutterhead seal grease" permanently? Its records are kept.', {}, SETTLE)).toBeTruthy();
    const confirm = screen.getByText('Delete the plan "Cutterhead seal grease" permanently? Its records are kept.').closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith('maintenance.planDelete')).toEqual([{ runId: 1, id: 2 }]), SETTLE);
  });

  it('sets a reminder: the stored one and its next push are shown, weekdays start on Monday', async () => {
    api.responses.set('maintenance.planRemindQuery', {
      reminder: { enabled: true, content: 'Gear oil check due', daysAhead: 2, pushTime: '07:30', repeat: 'weekly', weekday: 1 },
      nextPushes: [T0 + 3_600_000],
    });
    api.responses.set('maintenance.planRemindEdit', plan(1));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('plan-remind'));
    const dialog = await screen.findByTestId('remind-dialog', {}, SETTLE);
    expect(calledWith('maintenance.planRemindQuery')).toEqual([{ runId: 1, id: 1 }]);
    expect((within(dialog).getByLabelText('Reminder text') as HTMLTextAreaElement).value).toBe('Gear oil check due');
    expect(within(dialog).getByTestId('remind-next').textContent).toBe('Next reminders: 24/11/2026 10:00');
    fireEvent.mouseDown(within(within(dialog).getByTestId('remind-weekday').closest('.ant-form-item') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThanOrEqual(7), SETTLE);
    const weekdays = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(weekdays).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    fireEvent.click(screen.getByTitle('Friday'));
    fireEvent.change(within(dialog).getByLabelText('Days ahead'), { target: { value: '3' } });
    await save('remind-dialog');
    await waitFor(() => expect(calledWith('maintenance.planRemindEdit')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.planRemindEdit')[0]).toEqual({ runId: 1, id: 1, enabled: true, content: 'Gear oil check due', daysAhead: 3, pushTime: '07:30', repeat: 'weekly', weekday: 5 });
  });

  it('refuses an import file of 500 KB or another type before sending it, and sends one under 500 KB to the run’s import', async () => {
    uploads.length = 0;
    renderPage();
    await user.click(await screen.findByTestId('plan-import', {}, SETTLE));
    await screen.findByTestId('import-file', {}, SETTLE);
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    await user.upload(input(), new File([new Uint8Array(500 * 1024)], 'plans.xlsx'));
    expect((await screen.findByRole('alert', {}, SETTLE)).textContent).toBe('plans.xlsx is larger than 500 kB');
    await userEvent.setup({ applyAccept: false }).upload(input(), new File(['a;b'], 'plans.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('plans.csv'), SETTLE);
    expect(uploads).toEqual([]);
    // 499 KB goes to the run's plan import, all or nothing.
    await user.upload(input(), new File([new Uint8Array(499 * 1024)], 'plans.xlsx'));
    expect(await screen.findByText('4 rows imported', {}, SETTLE)).toBeTruthy();
    expect(uploads).toEqual([{ id: 'maintenance.planImport', name: 'plans.xlsx', fields: { runId: '1', mode: 'all' } }]);
  });

  it('offers the tabs of the maintenance pages the user may open', async () => {
    renderPage('/fw1/stm_smtce/plan', [...WRITER, 'menu.maintenance.content']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    const tabs = within(screen.getByTestId('mtce-nav')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dashboard', 'Plans', 'Calendar', 'Repair records', 'Case base', 'Knowledge base', 'Maintenance items', 'Records']);
    expect(within(screen.getByTestId('mtce-nav')).getByRole('tab', { selected: true }).textContent).toBe('Plans');
    cleanup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(within(screen.getByTestId('mtce-nav')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dashboard', 'Plans', 'Calendar', 'Repair records', 'Case base', 'Knowledge base']);
  });

  it('shows a reader no add, import, edit, reminder or delete', async () => {
    renderPage('/fw1/stm_smtce/plan', ['menu.maintenance.management', 'maintenance.plan.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('plan-add')).toBeNull();
    expect(screen.queryByTestId('plan-import')).toBeNull();
    expect(screen.queryAllByTestId('plan-edit')).toEqual([]);
    expect(screen.queryAllByTestId('plan-delete')).toEqual([]);
  });

  it('exports every plan the filters keep (not only the page shown), for a reader too, under the server’s name', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    renderPage('/fw1/stm_smtce/plan?system=Main%20drive&state=due&page=2', ['menu.maintenance.management', 'maintenance.plan.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(screen.getByTestId('plan-export'));
    await waitFor(() => expect(saved).toEqual(['maintenance-plans_TBM-M5_20261125.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/mtce/plan/export/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, system: 'Main drive', state: 'due' });
  });

  it('warns that there is nothing to export when the list is empty, without calling the server', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    api.responses.set('maintenance.planQueryPage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    await screen.findByText('No maintenance plans', {}, SETTLE);
    await user.click(screen.getByTestId('plan-export'));
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'warning', text: 'No data can be exported now' }), SETTLE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
