import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { consumptionAnswer, consumptionDetail, part } from '../stock.fixture.js';
import { ConsumptionPage } from './ConsumptionPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const uploads = vi.hoisted(() => [] as { id: string; name: string; fields: Record<string, string> | undefined }[]);
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../core/api/upload.js', () => ({
  uploadFile: vi.fn(async (endpoint: { id: string }, file: File, options?: { fields?: Record<string, string> }) => {
    uploads.push({ id: endpoint.id, name: file.name, fields: options?.fields });
    return { imported: 12, refused: [] };
  }),
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('stats-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const WRITER = ['menu.stock', 'stock.record.read', 'stock.record.write'];

function renderPage(path = '/fw1/stock/stats', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stock/stats', element: <ConsumptionPage />, handle: { name: 'stockStats', resource: 'menu.stock' } }], path);
}

function stubExport(saved: string[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="S-1125-consumption_20261101-20261124.xlsx"' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:consumption');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

describe('consumption page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    uploads.length = 0;
    api.responses.set('stock.consumptionPage', consumptionAnswer());
    api.responses.set('stock.partList', [part(1), part(2, { name: 'Tail-seal grease', code: 'GRS-TS', system: 'Tail seal' })]);
    api.responses.set('stock.consumptionDetail', consumptionDetail());
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows the machine’s work of the period and each part’s use per ring, metre, 100 m³ and day', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    // No period in the address: the server's default (the last 30 days) is asked for and shown.
    expect(calledWith('stock.consumptionPage')[0]).toEqual({ runId: 1, page: 1, pageSize: 20 });
    const work = screen.getByTestId('stats-work');
    expect(within(work).getByText('26/10/2026 – 24/11/2026')).toBeTruthy();
    expect(within(work).getByTestId('work-rings').textContent).toContain('90');
    expect(within(work).getByText('5,436')).toBeTruthy();
    const cutter = within(rows()[0] as HTMLElement);
    expect(cutter.getByTestId('per-ring').textContent).toBe('0.400');
    expect(cutter.getByText('0.662')).toBeTruthy();
    expect(cutter.getByText('36')).toBeTruthy();
    expect(screen.getByTestId('stats-top-chart').getAttribute('aria-label')).toBe('Top 2 parts by use per ring');
  });

  it('sends the period, keyword and system of the address', async () => {
    renderPage('/fw1/stock/stats?from=2026-11-01&to=2026-11-24&keyword=cutter&system=Cutterhead');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('stock.consumptionPage')[0]).toEqual({ runId: 1, from: '2026-11-01', to: '2026-11-24', keyword: 'cutter', system: 'Cutterhead', page: 1, pageSize: 20 });
  });

  it('opens a part’s detail for the same period: per month, per risk zone and its stock-out lines', async () => {
    renderPage('/fw1/stock/stats?from=2026-11-01&to=2026-11-24');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('stats-detail-open'));
    const detail = await screen.findByTestId('consumption-detail', {}, SETTLE);
    await waitFor(() => expect(calledWith('stock.consumptionDetail')).toEqual([{ runId: 1, partId: 1, from: '2026-11-01', to: '2026-11-24' }]), SETTLE);
    const months = within(await within(detail).findByTestId('consumption-months', {}, SETTLE)).getAllByRole('row').slice(1);
    expect(months.map((row) => row.textContent)).toEqual(['2026-1081827.00.444', '2026-112872108.00.389']);
    const zones = within(within(detail).getByTestId('consumption-zones')).getAllByRole('row').slice(1);
    expect(zones.map((row) => row.textContent)).toEqual(['Fault zone F214200.700', 'Outside risk zones22700.314']);
    expect(within(detail).getByText('OUT-20261123-003')).toBeTruthy();
  });

  it('exports the period as filtered', async () => {
    const saved: string[] = [];
    const fetchMock = stubExport(saved);
    renderPage('/fw1/stock/stats?from=2026-11-01&to=2026-11-24');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(screen.getByTestId('stats-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-consumption_20261101-20261124.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/stock/consumption/export/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, from: '2026-11-01', to: '2026-11-24' });
  });

  it('imports a filled template into the run and reads the list again', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(screen.getByTestId('stats-import'));
    expect(await screen.findByText('Import consumption', {}, SETTLE)).toBeTruthy();
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['PK'], 'consumption.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    await waitFor(() => expect(uploads).toEqual([{ id: 'stock.consumptionImport', name: 'consumption.xlsx', fields: { runId: '1', mode: 'all' } }]), SETTLE);
    await waitFor(() => expect(calledWith('stock.consumptionPage').length).toBeGreaterThan(1), SETTLE);
  });

  it('opens the stock-out dialog from "add", and shows a reader neither add nor import', async () => {
    renderPage();
    await user.click(await screen.findByTestId('stats-add', {}, SETTLE));
    expect(await screen.findByTestId('stock-out-dialog', {}, SETTLE)).toBeTruthy();
    cleanup();
    renderPage('/fw1/stock/stats', ['menu.stock', 'stock.record.read']);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('stats-add')).toBeNull();
    expect(screen.queryByTestId('stats-import')).toBeNull();
    expect(screen.getByTestId('stats-export')).toBeTruthy();
  });

  it('says so when nothing was used in the period', async () => {
    api.responses.set('stock.consumptionPage', { ...consumptionAnswer(), total: 0, records: [] });
    renderPage();
    expect(await screen.findByText('No consumption in this period', {}, SETTLE)).toBeTruthy();
  });
});
