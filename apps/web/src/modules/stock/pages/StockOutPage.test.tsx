import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { record } from '../../maintenance/maintenance.fixture.js';
import { part, stockOut } from '../stock.fixture.js';
import { StockOutPage } from './StockOutPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('sheet-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const modalOf = (testId: string) => screen.getByTestId(testId).closest('.ant-modal') as HTMLElement;
const save = (testId: string) => user.click(within(modalOf(testId)).getByRole('button', { name: /Save/ }));
const WRITER = ['menu.stock', 'stock.record.read', 'stock.record.write', 'maintenance.record.read'];

function renderPage(path = '/fw1/stock/out', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stock/out', element: <StockOutPage />, handle: { name: 'stockOut', resource: 'menu.stock' } }], path);
}

async function pick(container: HTMLElement, text: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox'));
  const options = await screen.findAllByTitle(text, {}, SETTLE);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('stock-out page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('stock.outPage', { total: 1, page: 1, pageSize: 20, records: [stockOut(4)] });
    api.responses.set('stock.outPeople', [{ name: 'Luca Verdi', userId: 3 }]);
    api.responses.set('stock.inPeople', [{ name: 'Giulia Rossi', userId: 5 }]);
    api.responses.set('stock.partList', [part(1), part(2, { name: 'Tail-seal grease', code: 'GRS-TS', unit: 'barrel' })]);
    api.responses.set('stock.items', [part(1, { stock: 3 }), part(2, { name: 'Tail-seal grease', code: 'GRS-TS', unit: 'barrel', stock: 5 })]);
    api.responses.set('maintenance.recordPage', { total: 1, page: 1, pageSize: 100, records: [record(7)] });
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the sheets with recipient, issuer and the maintenance record the parts went to', async () => {
    renderPage('/fw1/stock/out?person=Luca%20Verdi&state=valid');
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    expect(calledWith('stock.outPage')[0]).toEqual({ runId: 1, person: 'Luca Verdi', state: 'valid', page: 1, pageSize: 20 });
    const row = within(rows()[0] as HTMLElement);
    expect(row.getByText('OUT-20261123-004')).toBeTruthy();
    expect(row.getByText('Luca Verdi')).toBeTruthy();
    expect(row.getByText('Giulia Rossi')).toBeTruthy();
    expect(row.getByTestId('sheet-record').textContent).toBe('22/11/2026 · Cutter change, face 3');
    expect(row.getByTestId('sheet-record').getAttribute('href')).toBe('/fw1/maintain/record');
  });

  it('does not send the stock-in type filter to the stock-out list', async () => {
    renderPage('/fw1/stock/out?type=restock&keyword=OUT');
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    expect(calledWith('stock.outPage')[0]).toEqual({ runId: 1, keyword: 'OUT', page: 1, pageSize: 20 });
    expect(screen.queryByTestId('filter-type')).toBeNull();
  });

  it('flags a quantity above the stock before sending, requires recipient and issuer, then issues the parts for a maintenance record', async () => {
    api.responses.set('stock.outAdd', stockOut(5));
    renderPage();
    await user.click(await screen.findByTestId('sheet-add', {}, SETTLE));
    const dialog = await screen.findByTestId('stock-out-dialog');
    await pick(within(dialog).getByTestId('out-line'), 'CUT-17 · Disc cutter 17″');
    expect(await within(dialog).findByText('In stock: 3 pcs', {}, SETTLE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '4' } });
    await save('stock-out-dialog');
    expect(await within(dialog).findByText('More than the stock (In stock: 3 pcs)', {}, SETTLE)).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(calledWith('stock.outAdd')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Recipient'), { target: { value: 'Luca Verdi' } });
    fireEvent.change(within(dialog).getByLabelText('Issued by'), { target: { value: 'Giulia Rossi' } });
    await pick(within(dialog).getByTestId('out-record').closest('.ant-form-item') as HTMLElement, '22/11/2026 09:00 · Main drive · Check oil level and take a sample');
    await save('stock-out-dialog');
    await waitFor(() => expect(calledWith('stock.outAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('stock.outAdd')[0]).toEqual({
      runId: 1,
      number: null,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      recipient: 'Luca Verdi',
      issuer: 'Giulia Rossi',
      remark: null,
      maintenanceRecordId: 7,
      details: [{ partId: 1, quantity: 3 }],
    });
    expect(calledWith('maintenance.recordPage')[0]).toEqual({ runId: 1, page: 1, pageSize: 100 });
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Stock-out saved' }), SETTLE);
  });

  it('refuses a line without a part as the server does', async () => {
    renderPage('/fw1/stock/out', ['menu.stock', 'stock.record.read', 'stock.record.write']);
    await user.click(await screen.findByTestId('sheet-add', {}, SETTLE));
    const dialog = await screen.findByTestId('stock-out-dialog');
    // Without the maintenance grant the record picker is not offered.
    expect(within(dialog).queryByTestId('out-record')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Recipient'), { target: { value: 'Luca Verdi' } });
    fireEvent.change(within(dialog).getByLabelText('Issued by'), { target: { value: 'Giulia Rossi' } });
    await save('stock-out-dialog');
    // Part and quantity of the empty line.
    expect(await within(dialog).findAllByText('This field is required', {}, SETTLE)).toHaveLength(2);
    expect(calledWith('stock.outAdd')).toEqual([]);
  });

  it('corrects a stock-out: prefilled with the sheet, the parts it took count as available again', async () => {
    api.responses.set('stock.outCorrect', stockOut(6, { corrects: { id: 4, number: 'OUT-20261123-004' } }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('sheet-correct'));
    const dialog = await screen.findByTestId('stock-out-dialog');
    expect((within(dialog).getByLabelText('Recipient') as HTMLInputElement).value).toBe('Luca Verdi');
    expect((within(dialog).getByLabelText('Quantity of line 1') as HTMLInputElement).value).toBe('4');
    // 3 in stock and the 4 the sheet took.
    expect(await within(dialog).findByText('In stock: 7 pcs', {}, SETTLE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText('Reason for the correction'), { target: { value: 'Two more cutters were fitted' } });
    await save('stock-out-dialog');
    await waitFor(() => expect(calledWith('stock.outCorrect')).toHaveLength(1), SETTLE);
    expect(calledWith('stock.outCorrect')[0]).toMatchObject({ runId: 1, id: 4, recipient: 'Luca Verdi', issuer: 'Giulia Rossi', maintenanceRecordId: 7, reason: 'Two more cutters were fitted', details: [{ partId: 1, quantity: 6 }] });
  });
});
