import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { ChartOption } from '../../../ui/chart/Chart.js';
import { POINT_GROUPS, RING_LIST, ringStats } from '../statistic.fixture.js';
import { HistoryPage } from './HistoryPage.js';
import { statisticPageTests } from '../statisticPage.fixture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const charts = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, option, 'data-testid': testId }: { label: string; option: unknown; 'data-testid'?: string }) => {
    charts.set(testId ?? '', option);
    return <div role="img" aria-label={label} data-testid={testId} />;
  },
}));

const routes: AppRoute[] = [{ path: '/fw1/statistic/staticAnalysis', element: <HistoryPage />, handle: { name: 'statisticHistory', resource: 'menu.statistics' } }];
const SETTLE = { timeout: 5_000 };
const statCalls = () => api.calls.filter((c) => c.id === 'statistic.ringStats').map((c) => c.input);
const DEFAULT_TAGS = ['thrust.advanceSpeed', 'thrust.totalThrust', 'cutterhead.torque', 'earthPressure.chamberTop'];
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const show = () => fireEvent.click(screen.getByTestId('stat-apply'));
/** Waits long enough for a query to have been sent, had the form let it go. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('historical analysis page', { timeout: 20_000 }, () => {
  statisticPageTests(api, () => ({ 'statistic.ringList': RING_LIST, 'statistic.pointGroups': POINT_GROUPS, 'statistic.ringStats': ringStats }), charts);

  it('opens on the newest 50 rings as a chart: per tag the mean inside its min–max band', async () => {
    renderRoutes(routes, '/fw1/statistic/staticAnalysis');
    await screen.findByTestId('history-chart', {}, SETTLE);
    expect(statCalls()).toEqual([
      { runId: 1, view: 'historyChart', range: { by: 'ring', ringStart: 410, ringEnd: 459 }, tags: DEFAULT_TAGS, sort: 'ringNo', sortStat: 'avg', order: 'asc', page: 1, pageSize: 200 },
    ]);
    const option = charts.get('history-chart') as ChartOption;
    const series = Array.isArray(option.series) ? option.series : [];
    // Three series per tag: the band's floor (min), the band (max − min) stacked on it, and the mean.
    expect(series).toHaveLength(12);
    expect(series.slice(0, 3).map((s) => s.data && (s.data as number[])[0])).toEqual([40, 2, 41]);
    const yAxis = Array.isArray(option.yAxis) ? option.yAxis : [];
    expect(yAxis.map((a) => a.name)).toEqual(['Advance speed (mm/min)', 'Shield total thrust (kN)', 'Cutterhead torque (kN·m)', 'Excavation chamber top pressure (bar)']);
  });

  it('shows the table with min, mean and max per tag and the overall row', async () => {
    renderRoutes(routes, '/fw1/statistic/staticAnalysis?by=ring&ringStart=420&ringEnd=424&tags=thrust.totalThrust&view=table');
    const table = await screen.findByTestId('history-table', {}, SETTLE);
    expect(statCalls()).toEqual([
      { runId: 1, view: 'historyTable', range: { by: 'ring', ringStart: 420, ringEnd: 424 }, tags: ['thrust.totalThrust'], sort: 'ringNo', sortStat: 'avg', order: 'asc', page: 1, pageSize: 50 },
    ]);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Ring', 'Start chainage', 'Shield total thrust (kN)', 'Min', 'Mean', 'Max']));
    const row = within(table).getAllByRole('row').find((r) => r.getAttribute('data-row-key') === '422');
    expect(row?.textContent).toBe('4224+252.8334+254.333414243');
    expect(within(screen.getByTestId('history-overall')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Overall', '39', '43', '47']);
  });

  it('refuses 51 rings in the table and 201 in the chart, with the server’s texts, and sends nothing', async () => {
    renderRoutes(routes, '/fw1/statistic/staticAnalysis');
    await screen.findByTestId('history-chart', {}, SETTLE);
    fireEvent.click(within(screen.getByTestId('history-view')).getByText('Table'));
    type('ring-start', '409');
    show();
    expect(await screen.findByText('Choose at most 50 rings', {}, SETTLE)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('history-view')).getByText('Chart'));
    type('ring-start', '200');
    type('ring-end', '400');
    show();
    expect(await screen.findByText('Choose at most 200 rings', {}, SETTLE)).toBeTruthy();
    type('ring-start', '401');
    type('ring-end', '400');
    show();
    expect(await screen.findByText('The start ring must not be above the end ring', {}, SETTLE)).toBeTruthy();
    await settle();
    expect(statCalls()).toHaveLength(1);
    // Exactly 200 rings go.
    type('ring-start', '201');
    show();
    await waitFor(() => expect(statCalls().at(-1)).toMatchObject({ view: 'historyChart', range: { by: 'ring', ringStart: 201, ringEnd: 400 } }), SETTLE);
  });

  it('takes a chainage range as the project writes it, at most 10 m, start not above end', async () => {
    renderRoutes(routes, '/fw1/statistic/staticAnalysis');
    await screen.findByTestId('history-chart', {}, SETTLE);
    fireEvent.click(within(screen.getByTestId('history-by')).getByText('By chainage'));
    await screen.findByTestId('chainage-start', {}, SETTLE);
    type('chainage-start', '4219.8');
    type('chainage-end', '4+229.833');
    show();
    expect(await screen.findByText('Please write the chainage like 12+345.678', {}, SETTLE)).toBeTruthy();
    type('chainage-start', '4+219.833');
    type('chainage-end', '4+230.000');
    show();
    expect(await screen.findByText('The tunnelling range may span at most 10 m', {}, SETTLE)).toBeTruthy();
    type('chainage-start', '4+229.900');
    type('chainage-end', '4+229.833');
    show();
    expect(await screen.findByText('The start chainage must not be above the end chainage', {}, SETTLE)).toBeTruthy();
    await settle();
    expect(statCalls()).toHaveLength(1);
    type('chainage-start', 'DK4+219.833');
    type('chainage-end', '4+229.833');
    show();
    await waitFor(() => expect(statCalls().at(-1)).toMatchObject({ range: { by: 'chainage', chainageStart: 4219.833, chainageEnd: 4229.833 } }), SETTLE);
    // The address keeps metres; the field shows them as chainage again.
    expect(await screen.findByDisplayValue('4+219.833', {}, SETTLE)).toBeTruthy();
  });

  it('exports what is shown, with the same query', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:history');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/fw1/statistic/staticAnalysis?by=ring&ringStart=420&ringEnd=424&tags=thrust.totalThrust&view=table');
    await screen.findByTestId('history-table', {}, SETTLE);
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-history-420-424.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/statistic/exportRingDataStats/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual(statCalls()[0]);
  });

  it('says so when the range holds no ring', async () => {
    renderRoutes(routes, '/fw1/statistic/staticAnalysis?by=ring&ringStart=10&ringEnd=20');
    expect((await screen.findByTestId('history-empty', {}, SETTLE)).textContent).toContain('No rings in this range');
    expect(screen.getByTestId('history-export').hasAttribute('disabled')).toBe(true);
  });
});
