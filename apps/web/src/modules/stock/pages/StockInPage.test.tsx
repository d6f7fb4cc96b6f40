import { stockContract as s } from '@boreline/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { issueText } from '../../../core/forms.js';
import { initI18n, tr } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { part, stockIn } from '../stock.fixture.js';
import { StockInPage } from './StockInPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('sheet-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const modalOf = (testId: string) => screen.getByTestId(testId).closest('.ant-modal') as HTMLElement;
const save = (testId: string) => user.click(within(modalOf(testId)).getByRole('button', { name: /Save/ }));
const WRITER = ['menu.stock', 'stock.record.read', 'stock.record.write'];

function renderPage(path = '/fw1/stock/in', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stock/in', element: <StockInPage />, handle: { name: 'stockIn', resource: 'menu.stock' } }], path);
}

async function pick(container: HTMLElement, text: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox'));
  const options = await screen.findAllByTitle(text, {}, SETTLE);
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** The server's text of the contract's first refusal of a sheet (the same words the server answers with). */
const serverText = (input: unknown) => {
  const result = s.StockInInputSchema.safeParse(input);
  return result.success ? '' : issueText(result.error.issues[0], tr);
};

describe('stock-in page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('stock.inPage', {
      total: 2,
      page: 1,
      pageSize: 20,
      records: [
        stockIn(2, { type: 'first', typeName: 'First delivery', corrects: null }),
        stockIn(1, { state: 'corrected', stateName: 'Corrected', correctedBy: { id: 3, number: 'IN-20261121-003' } }),
      ],
    });
    api.responses.set('stock.inPeople', [
      { name: 'Marco Bianchi', userId: 4 },
      { name: 'Anna Ferri', userId: null },
    ]);
    api.responses.set('stock.partList', [part(1), part(2, { name: 'Tail-seal grease', code: 'GRS-TS', unit: 'barrel' })]);
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the sheets with number, dates, type, handler, lines and state; a corrected sheet names its correction', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('stock.inPage')[0]).toEqual({ runId: 1, page: 1, pageSize: 20 });
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByText('IN-20261120-002')).toBeTruthy();
    expect(first.getByText('First delivery')).toBeTruthy();
    expect(first.getByText('20/11/2026')).toBeTruthy();
    expect(first.getByText('02/11/2026')).toBeTruthy();
    expect(first.getByText('Marco Bianchi')).toBeTruthy();
    expect(first.getByTestId('sheet-correct')).toBeTruthy();
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByTestId('sheet-state').textContent).toBe('Correctedreplaced by IN-20261121-003');
    // A corrected sheet is history: it is not corrected twice.
    expect(second.queryByTestId('sheet-correct')).toBeNull();
  });

  it('sends the filters of the address and the state chosen', async () => {
    renderPage('/fw1/stock/in?from=2026-11-01&to=2026-11-24&person=Marco%20Bianchi&partId=2&type=restock&keyword=IN-2026');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('stock.inPage')[0]).toEqual({ runId: 1, from: '2026-11-01', to: '2026-11-24', person: 'Marco Bianchi', partId: 2, type: 'restock', keyword: 'IN-2026', page: 1, pageSize: 20 });
    await pick(screen.getByTestId('filter-state').closest('.ant-form-item') as HTMLElement, 'Corrected');
    await waitFor(() => expect(calledWith('stock.inPage').at(-1)).toMatchObject({ state: 'corrected', type: 'restock' }), SETTLE);
  });

  it('refuses an end before the start with the server’s rule, and asks nothing', async () => {
    renderPage('/fw1/stock/in?from=2026-11-24&to=2026-11-01');
    expect((await screen.findByTestId('sheet-invalid', {}, SETTLE)).textContent).toBe('The end must not be before the start');
    expect(calledWith('stock.inPage')).toEqual([]);
  });

  it('refuses a sheet without lines or with an incomplete line as the server does, then sends a first delivery with a new part', async () => {
    api.responses.set('stock.inAdd', stockIn(5));
    renderPage();
    await user.click(await screen.findByTestId('sheet-add', {}, SETTLE));
    const dialog = await screen.findByTestId('stock-in-dialog');
    // An empty line: part number, name and quantity are required.
    await save('stock-in-dialog');
    expect(await within(dialog).findAllByText('This field is required', {}, SETTLE)).toHaveLength(4);
    // No line at all: the details must not be empty.
    await user.click(within(dialog).getByTestId('in-line-remove'));
    await save('stock-in-dialog');
    const noLines = serverText({ runId: 1, type: 'first', date: '2026-11-24', reorderDate: '2026-11-20', handler: 'A', details: [] });
    expect(noLines).not.toBe('');
    expect(await within(dialog).findByText(noLines, {}, SETTLE)).toBeTruthy();
    expect(calledWith('stock.inAdd')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'First delivery' }));
    fireEvent.change(within(dialog).getByLabelText('Handler'), { target: { value: 'Anna Ferri' } });
    await user.click(within(dialog).getByTestId('in-line-add'));
    fireEvent.change(within(dialog).getByLabelText('Part number of line 1'), { target: { value: 'BOLT-M36' } });
    fireEvent.change(within(dialog).getByLabelText('Name of line 1'), { target: { value: 'Segment bolt M36' } });
    fireEvent.change(within(dialog).getByLabelText('Unit of line 1'), { target: { value: 'pcs' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '400' } });
    await user.click(within(dialog).getByTestId('in-line-add'));
    await pick(within(dialog).getAllByTestId('in-line')[1] as HTMLElement, 'GRS-TS · Tail-seal grease');
    await waitFor(() => expect((within(dialog).getByLabelText('Part number of line 2') as HTMLInputElement).value).toBe('GRS-TS'), SETTLE);
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 2'), { target: { value: '2.5' } });
    await save('stock-in-dialog');
    await waitFor(() => expect(calledWith('stock.inAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('stock.inAdd')[0]).toEqual({
      runId: 1,
      number: null,
      type: 'first',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reorderDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      handler: 'Anna Ferri',
      remark: null,
      details: [
        { partId: null, code: 'BOLT-M36', name: 'Segment bolt M36', unit: 'pcs', system: null, quantity: 400 },
        { partId: 2, code: 'GRS-TS', name: 'Tail-seal grease', unit: 'barrel', system: null, quantity: 2.5 },
      ],
    });
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Stock-in saved' }), SETTLE);
  });

  it('keeps everything typed when the server refuses the sheet', async () => {
    api.responses.set('stock.inAdd', async () => {
      const { ApiError } = await import('../../../core/api/client.js');
      throw new ApiError(3, 'A restock takes parts of the catalogue: BOLT-M36 is not one');
    });
    renderPage();
    await user.click(await screen.findByTestId('sheet-add', {}, SETTLE));
    const dialog = await screen.findByTestId('stock-in-dialog');
    fireEvent.change(within(dialog).getByLabelText('Handler'), { target: { value: 'Anna Ferri' } });
    fireEvent.change(within(dialog).getByLabelText('Part number of line 1'), { target: { value: 'BOLT-M36' } });
    fireEvent.change(within(dialog).getByLabelText('Name of line 1'), { target: { value: 'Segment bolt M36' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '400' } });
    await save('stock-in-dialog');
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'error', text: 'A restock takes parts of the catalogue: BOLT-M36 is not one' }), SETTLE);
    expect(screen.getByTestId('stock-in-dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText('Part number of line 1') as HTMLInputElement).value).toBe('BOLT-M36');
    expect((within(dialog).getByLabelText('Handler') as HTMLInputElement).value).toBe('Anna Ferri');
  });

  it('corrects a valid sheet: the form starts from it, a reason is required, the correction names the sheet', async () => {
    api.responses.set('stock.inCorrect', stockIn(3, { corrects: { id: 2, number: 'IN-20261120-002' } }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('sheet-correct'));
    const dialog = await screen.findByTestId('stock-in-dialog');
    expect(screen.getByText('Correct stock-in IN-20261120-002')).toBeTruthy();
    expect((within(dialog).getByLabelText('Handler') as HTMLInputElement).value).toBe('Marco Bianchi');
    expect((within(dialog).getByLabelText('Part number of line 2') as HTMLInputElement).value).toBe('GRS-TS');
    expect((within(dialog).getByLabelText('Quantity of line 1') as HTMLInputElement).value).toBe('12');
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '10' } });
    await save('stock-in-dialog');
    expect(await within(dialog).findByText('This field is required', {}, SETTLE)).toBeTruthy();
    expect(calledWith('stock.inCorrect')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason for the correction'), { target: { value: 'Two cutters were counted twice' } });
    await save('stock-in-dialog');
    await waitFor(() => expect(calledWith('stock.inCorrect')).toHaveLength(1), SETTLE);
    expect(calledWith('stock.inCorrect')[0]).toMatchObject({
      runId: 1,
      id: 2,
      type: 'first',
      date: '2026-11-20',
      reorderDate: '2026-11-02',
      handler: 'Marco Bianchi',
      reason: 'Two cutters were counted twice',
      details: [
        { partId: 1, code: 'CUT-17', quantity: 10 },
        { partId: 2, code: 'GRS-TS', quantity: 4 },
      ],
    });
  });

  it('shows a sheet with its lines', async () => {
    api.responses.set('stock.inDetail', stockIn(2));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('sheet-detail-open'));
    const detail = await screen.findByTestId('sheet-detail', {}, SETTLE);
    expect(calledWith('stock.inDetail')).toEqual([{ runId: 1, id: 2 }]);
    const lines = within(within(detail).getByTestId('sheet-lines')).getAllByRole('row').slice(1);
    expect(lines.map((row) => row.textContent)).toEqual(['CUT-17Disc cutter 17″12pcs', 'GRS-TSTail-seal grease4barrel']);
    expect(within(detail).getByText('Delivered by truck')).toBeTruthy();
  });

  it('shows a reader no add and no correct buttons', async () => {
    renderPage('/fw1/stock/in', ['menu.stock', 'stock.record.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('sheet-add')).toBeNull();
    expect(screen.queryByTestId('sheet-correct')).toBeNull();
  });
});
