import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { plan, record, T0 } from '../maintenance.fixture.js';
import { RecordPage } from './RecordPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('record-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const WRITER = ['menu.maintenance.content', 'maintenance.record.read', 'maintenance.record.write', 'maintenance.plan.read'];

function renderPage(path = '/fw1/maintain/record', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/maintain/record', element: <RecordPage />, handle: { name: 'maintenanceRecord', resource: 'menu.maintenance.content' } }], path);
}

describe('maintenance record page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('maintenance.recordPage', { total: 2, page: 1, pageSize: 20, records: [record(7), record(6, { condition: 'normal', done: false, late: true })] });
    api.responses.set('maintenance.planUnits', ['Main drive']);
    api.responses.set('maintenance.planQueryPage', { total: 1, page: 1, pageSize: 200, records: [plan(1)] });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the records with their time on the site’s clock, condition and people, filtered by the address', async () => {
    renderPage(`/fw1/maintain/record?from=${T0 - 86_400_000}&condition=abnormal&done=yes`);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('maintenance.recordPage')[0]).toEqual({ runId: 1, from: T0 - 86_400_000, condition: 'abnormal', done: true, page: 1, pageSize: 20 });
    const first = within(rows()[0] as HTMLElement);
    // 22/11/2026 08:00 UTC is 09:00 in Milan.
    expect(first.getByText('22/11/2026 09:00')).toBeTruthy();
    expect(first.getByTestId('mtce-condition').textContent).toBe('Abnormal');
    expect(first.getByText('Marco Bianchi')).toBeTruthy();
    expect(first.getByText('Luca Verdi')).toBeTruthy();
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByText('Done late')).toBeTruthy();
    expect(second.getByText('No')).toBeTruthy();
  });

  it('refuses an end before the start with the server’s rule, and sends nothing', async () => {
    renderPage(`/fw1/maintain/record?from=${T0}&to=${T0 - 86_400_000}`);
    expect((await screen.findByTestId('record-invalid', {}, SETTLE)).textContent).toBe('The end must not be before the start');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calledWith('maintenance.recordPage')).toEqual([]);
  });

  it('says so when nothing was recorded', async () => {
    api.responses.set('maintenance.recordPage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    expect(await screen.findByText('No maintenance records', {}, SETTLE)).toBeTruthy();
  });

  it('adds a record from a plan: the plan fills the form, names are required and at most 50 characters, an abnormal item offers a repair record', async () => {
    api.responses.set('maintenance.recordAdd', record(9));
    renderPage();
    await user.click(await screen.findByTestId('record-add', {}, SETTLE));
    const dialog = await screen.findByTestId('record-dialog');
    fireEvent.mouseDown(within(within(dialog).getByTestId('record-plan-picker').closest('.ant-form-item') as HTMLElement).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Main drive gear oil check · Main drive / Gearbox', {}, SETTLE));
    await waitFor(() => expect((within(dialog).getByLabelText('System') as HTMLInputElement).value).toBe('Main drive'), SETTLE);
    expect((within(dialog).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('Check oil level and take a sample');
    expect(within(dialog).getAllByTestId('record-item')).toHaveLength(2);
    const second = within(within(dialog).getAllByTestId('record-item')[1] as HTMLElement);
    expect(second.queryByTestId('create-repair')).toBeNull();
    await user.click(second.getByRole('radio', { name: 'Abnormal' }));
    fireEvent.change(second.getByLabelText('Note 2'), { target: { value: 'Fine particles' } });
    const repair = await second.findByTestId('create-repair', {}, SETTLE);
    expect(within(repair).getByRole('button').hasAttribute('disabled')).toBe(true);
    await user.hover(repair);
    expect(await screen.findByText('Repair records come with the repair module', {}, SETTLE)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Maintained by'), { target: { value: 'm'.repeat(51) } });
    fireEvent.change(within(dialog).getByLabelText('Checked by'), { target: { value: 'Luca Verdi' } });
    const saveButton = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ });
    await user.click(saveButton);
    expect(await within(dialog).findByText('At most 50 characters', {}, SETTLE)).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(calledWith('maintenance.recordAdd')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Maintained by'), { target: { value: 'm'.repeat(50) } });
    fireEvent.change(within(dialog).getByLabelText('Reviewed by'), { target: { value: 'Giulia Rossi' } });
    await user.click(saveButton);
    await waitFor(() => expect(calledWith('maintenance.recordAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('maintenance.recordAdd')[0]).toEqual({
      runId: 1,
      planId: 1,
      type: 'weekly',
      time: expect.any(Number),
      system: 'Main drive',
      component: 'Gearbox',
      content: 'Check oil level and take a sample',
      done: true,
      items: [
        { text: 'Oil level between marks', condition: 'normal', note: null },
        { text: 'No metal particles on the magnetic plug', condition: 'abnormal', note: 'Fine particles' },
      ],
      remark: null,
      maintainedBy: 'm'.repeat(50),
      checkedBy: 'Luca Verdi',
      reviewedBy: 'Giulia Rossi',
    });
  });

  it('shows a record with every field and its checklist; the abnormal item opens a repair record filled from it', async () => {
    api.responses.set('maintenance.recordDetail', record(7));
    renderPage('/fw1/maintain/record', [...WRITER, 'maintenance.repair.write']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('record-detail-open'));
    const detail = await screen.findByTestId('record-detail', {}, SETTLE);
    expect(calledWith('maintenance.recordDetail')).toEqual([{ runId: 1, id: 7 }]);
    expect(within(detail).getByTestId('detail-time').textContent).toBe('22/11/2026 09:00');
    expect(within(detail).getByText('Metro M4 Lot 3 – San Babila')).toBeTruthy();
    expect(within(detail).getByText('Sample sent to the lab')).toBeTruthy();
    expect(within(detail).getByText('On time')).toBeTruthy();
    const items = within(within(detail).getByTestId('detail-items')).getAllByRole('row').slice(1);
    expect(items.map((row) => within(row).queryByTestId('create-repair-record') !== null)).toEqual([false, true]);
    await user.click(within(items[1] as HTMLElement).getByTestId('create-repair-record'));
    const form = await screen.findByTestId('repair-dialog', {}, SETTLE);
    expect((within(form).getByLabelText('System') as HTMLInputElement).value).toBe('Main drive');
    expect((within(form).getByLabelText('Part') as HTMLInputElement).value).toBe('Gearbox');
    expect((within(form).getByLabelText('Fault title') as HTMLInputElement).value).toBe('No metal particles on the magnetic plug');
    expect((within(form).getByLabelText('Fault description') as HTMLTextAreaElement).value).toBe('Check oil level and take a sample\nNo metal particles on the magnetic plug\nFine particles found');
    expect(within(form).getByTestId('repair-from-record')).toBeTruthy();
  });

  it('shows a reader no add button', async () => {
    renderPage('/fw1/maintain/record', ['menu.maintenance.content', 'maintenance.record.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('record-add')).toBeNull();
  });
});
