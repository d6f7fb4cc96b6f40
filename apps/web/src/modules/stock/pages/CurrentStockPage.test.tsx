import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { currentAnswer, currentRow, GREASE, part } from '../stock.fixture.js';
import { CurrentStockPage } from './CurrentStockPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('current-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const modalOf = (testId: string) => screen.getByTestId(testId).closest('.ant-modal') as HTMLElement;
const save = (testId: string) => user.click(within(modalOf(testId)).getByRole('button', { name: /Save/ }));
const WRITER = ['menu.stock', 'stock.record.read', 'stock.record.write', 'stock.part.write'];

function renderPage(path = '/fw1/stock/stockCurrent', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stock/stockCurrent', element: <CurrentStockPage />, handle: { name: 'spareParts', resource: 'menu.stock' } }], path);
}

/** Serves the export as the server does and records what is saved; the calls to fetch are returned. */
function stubExport(saved: string[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="S-1125-stock_20261124.xlsx"' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:stock');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

describe('current stock page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('stock.currentPage', currentAnswer());
    api.responses.set('stock.partList', [part(1), part(2, { name: 'Tail-seal grease', code: 'GRS-TS', system: 'Tail seal' })]);
    api.responses.set('stock.partUnits', [
      { name: 'pcs', parts: 40 },
      { name: 'barrel', parts: 6 },
    ]);
    api.responses.set('stock.ledgerCheck', { parts: 80, moves: 412, mismatches: [] });
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the parts with stock, lines and cover; a part at or below its line is red and says so in words', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('stock.currentPage')[0]).toEqual({ runId: 1, availability: 'all', page: 1, pageSize: 20 });
    const [cutter, grease] = rows() as [HTMLElement, HTMLElement];
    expect(cutter.className).not.toContain('stock-row-below');
    expect(within(cutter).queryByTestId('below-line')).toBeNull();
    expect(within(cutter).getByText('CUT-17')).toBeTruthy();
    expect(within(cutter).getByText('Container A, shelf 2')).toBeTruthy();
    expect(within(cutter).getByText('38.4')).toBeTruthy();
    expect(within(cutter).getByText('10/11/2026 / 23/11/2026')).toBeTruthy();
    expect(grease.className).toContain('stock-row-below');
    expect(within(grease).getByTestId('below-line').textContent?.trim()).toBe('Below line');
    expect(within(grease).getByTestId('current-stock').textContent).toMatch(/^2/);
    // The counts of every filter come with the answer.
    expect(screen.getByRole('radio', { name: 'Below warning line (3)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Out of stock (1)' })).toBeTruthy();
    expect((await screen.findByTestId('ledger-ok', {}, SETTLE)).textContent).toContain('the stock of 80 parts is the sum of their 412 moves');
  });

  it('sends the filters of the address, and the availability chosen at once', async () => {
    renderPage('/fw1/stock/stockCurrent?availability=inStock&keyword=cutter&system=Cutterhead');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('stock.currentPage')[0]).toEqual({ runId: 1, availability: 'inStock', keyword: 'cutter', system: 'Cutterhead', page: 1, pageSize: 20 });
    await user.click(screen.getByTestId('availability-belowLine'));
    await waitFor(() => expect(calledWith('stock.currentPage').at(-1)).toEqual({ runId: 1, availability: 'belowLine', keyword: 'cutter', system: 'Cutterhead', page: 1, pageSize: 20 }), SETTLE);
  });

  it('warns when the ledger check finds parts whose stock is not the sum of their moves', async () => {
    api.responses.set('stock.ledgerCheck', { parts: 80, moves: 412, mismatches: [{ partId: 2, code: 'GRS-TS', stock: 2, ledgerSum: 3 }] });
    renderPage();
    expect((await screen.findByTestId('ledger-mismatch', {}, SETTLE)).textContent).toContain('differs from their ledger: GRS-TS');
  });

  it('adds a part: name and number are required as the server requires them, the unit is offered', async () => {
    api.responses.set('stock.partAdd', part(9));
    renderPage();
    await user.click(await screen.findByTestId('part-add', {}, SETTLE));
    const dialog = await screen.findByTestId('part-dialog');
    await save('part-dialog');
    expect(await within(dialog).findAllByText('This field is required', {}, SETTLE)).toHaveLength(2);
    expect(calledWith('stock.partAdd')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Part number'), { target: { value: 'FLT-HYD-10' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Hydraulic filter 10 µm' } });
    const unit = within(dialog).getByLabelText('Unit');
    fireEvent.change(unit, { target: { value: 'pc' } });
    expect(await screen.findByTitle('pcs', {}, SETTLE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Warning line'), { target: { value: '6' } });
    await save('part-dialog');
    await waitFor(() => expect(calledWith('stock.partAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('stock.partAdd')[0]).toEqual({
      runId: 1,
      code: 'FLT-HYD-10',
      name: 'Hydraulic filter 10 µm',
      unit: 'pc',
      system: null,
      component: null,
      spec: null,
      location: null,
      warningLine: 6,
      leadTimeDays: null,
      remark: null,
    });
  });

  it('sets a part’s warning line and lead time ("remind"), prefilled with its own', async () => {
    api.responses.set('stock.setFloor', part(1, { warningLine: 12 }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('part-remind'));
    const dialog = await screen.findByTestId('floor-dialog');
    expect(within(dialog).getByTestId('floor-suggested').textContent).toBe('Suggested from the current pace: 38.4 pcs');
    const line = within(dialog).getByLabelText('Warning line') as HTMLInputElement;
    expect(line.value).toBe('8');
    fireEvent.change(line, { target: { value: '' } });
    await save('floor-dialog');
    expect(await within(dialog).findByText('This field is required', {}, SETTLE)).toBeTruthy();
    fireEvent.change(line, { target: { value: '12' } });
    await save('floor-dialog');
    await waitFor(() => expect(calledWith('stock.setFloor')).toEqual([{ runId: 1, partId: 1, warningLine: 12, leadTimeDays: 21 }]), SETTLE);
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Warning line saved' }), SETTLE);
  });

  it('shows the server’s refusal when a part with stock history is deleted', async () => {
    api.responses.set('stock.partDelete', () => Promise.reject(new ApiError(3, 'Disc cutter 17″ has stock moves: the ledger keeps it')));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('part-delete'));
    const confirm = await screen.findByText('Delete the part Disc cutter 17″ (CUT-17) permanently?', {}, SETTLE);
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith('stock.partDelete')).toEqual([{ runId: 1, id: 1 }]), SETTLE);
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'error', text: 'Disc cutter 17″ has stock moves: the ledger keeps it' }), SETTLE);
  });

  it('downloads the current stock as filtered', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    renderPage('/fw1/stock/stockCurrent?availability=belowLine');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(screen.getByTestId('current-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-stock_20261124.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/stock/current/export/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, availability: 'belowLine' });
  });

  it('says so when the run has no parts, and shows a reader no write actions', async () => {
    api.responses.set('stock.currentPage', currentAnswer([]));
    renderPage('/fw1/stock/stockCurrent', ['menu.stock', 'stock.record.read']);
    expect(await screen.findByText('No spare parts yet: add a part or record a first delivery', {}, SETTLE)).toBeTruthy();
    expect(screen.queryByTestId('part-add')).toBeNull();
  });

  it('shows a reader the rows without remind, edit or delete', async () => {
    api.responses.set('stock.currentPage', currentAnswer([currentRow(1), GREASE]));
    renderPage('/fw1/stock/stockCurrent', ['menu.stock', 'stock.record.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('part-remind')).toBeNull();
    expect(screen.queryByTestId('part-delete')).toBeNull();
  });
});
