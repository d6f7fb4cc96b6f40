import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { POINT_GROUPS, RING_LIST, ringStats } from '../statistic.fixture.js';
import { RingStatsPage } from './RingStatsPage.js';
import { statisticPageTests } from '../statisticPage.fixture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const routes: AppRoute[] = [
  { path: '/fw1/statistic/staticAnalysis/rings', element: <RingStatsPage />, handle: { name: 'statisticRingStats', resource: 'menu.statistics' } },
];
const SETTLE = { timeout: 5_000 };
const statCalls = () => api.calls.filter((c) => c.id === 'statistic.ringStats').map((c) => c.input);
const TAGS = 'thrust.totalThrust,cutterhead.speed';
const BASE = { runId: 1, view: 'ringTable', range: { by: 'ring', ringStart: 400, ringEnd: 459 }, tags: ['thrust.totalThrust', 'cutterhead.speed'], sortStat: 'avg' };
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const header = (table: HTMLElement, text: string) => {
  const cell = within(table).getAllByRole('columnheader').find((h) => h.textContent === text);
  if (!cell) throw new Error(`no column ${text}`);
  return cell;
};
const ringsShown = (table: HTMLElement) => within(table).getAllByRole('row').flatMap((r) => r.getAttribute('data-row-key') ?? []);

describe('ring statistics page', { timeout: 30_000 }, () => {
  statisticPageTests(api, () => ({ 'statistic.ringList': RING_LIST, 'statistic.pointGroups': POINT_GROUPS, 'statistic.ringStats': ringStats }));

  it('opens on the newest 200 rings (all 60 here), a page of 50, the mean per tag and the overall row', async () => {
    renderRoutes(routes, `/fw1/statistic/staticAnalysis/rings?tags=${TAGS}`);
    const table = await screen.findByTestId('ring-stats-table', {}, SETTLE);
    expect(statCalls()).toEqual([{ ...BASE, sort: 'ringNo', order: 'asc', page: 1, pageSize: 50 }]);
    expect(ringsShown(table)).toHaveLength(50);
    expect(screen.getByText('60 rings')).toBeTruthy();
    const row = within(table).getAllByRole('row').find((r) => r.getAttribute('data-row-key') === '401');
    // Ring 401: 1:10 (h:mm), 41.0 mm/min, thrust mean 40 kN (no decimals), cutterhead speed mean 41.10 r/min.
    const cells = within(row as HTMLElement).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['401', '20/11/2026 08:30', '1:10', '0:45', '0:25', '0:10', '41.0', '4+221.333', '4+222.833', '40', '41.10']);
    expect(within(screen.getByTestId('ring-stats-overall')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Overall', '43', '43.95']);
  });

  it('sorts on the server by the column clicked, by a tag with the statistic shown, and pages', async () => {
    renderRoutes(routes, `/fw1/statistic/staticAnalysis/rings?tags=${TAGS}`);
    const table = await screen.findByTestId('ring-stats-table', {}, SETTLE);
    fireEvent.click(header(table, 'Duration (h:mm)'));
    await waitFor(() => expect(statCalls().at(-1)).toEqual({ ...BASE, sort: 'durationMs', order: 'asc', page: 1, pageSize: 50 }), SETTLE);
    fireEvent.click(header(table, 'Duration (h:mm)'));
    await waitFor(() => expect(statCalls().at(-1)).toEqual({ ...BASE, sort: 'durationMs', order: 'desc', page: 1, pageSize: 50 }), SETTLE);
    fireEvent.click(header(table, 'Shield total thrust (kN)'));
    await waitFor(
      () => expect(statCalls().at(-1)).toEqual({ ...BASE, sort: 'tag', sortTag: 'thrust.totalThrust', sortStat: 'avg', order: 'asc', page: 1, pageSize: 50 }),
      SETTLE,
    );
    fireEvent.click(within(screen.getByTestId('ring-stats-stat')).getByText('Max'));
    await waitFor(
      () => expect(statCalls().at(-1)).toEqual({ ...BASE, sort: 'tag', sortTag: 'thrust.totalThrust', sortStat: 'max', order: 'asc', page: 1, pageSize: 50 }),
      SETTLE,
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(
      () => expect(statCalls().at(-1)).toEqual({ ...BASE, sort: 'tag', sortTag: 'thrust.totalThrust', sortStat: 'max', order: 'asc', page: 2, pageSize: 50 }),
      SETTLE,
    );
    await waitFor(() => expect(ringsShown(table)).toEqual(['450', '451', '452', '453', '454', '455', '456', '457', '458', '459']), SETTLE);
  });

  it('filters by duration and refuses what the server would refuse', async () => {
    renderRoutes(routes, `/fw1/statistic/staticAnalysis/rings?tags=${TAGS}`);
    await screen.findByTestId('ring-stats-table', {}, SETTLE);
    type('duration-min', '90');
    type('duration-max', '60');
    fireEvent.click(screen.getByTestId('stat-apply'));
    expect(await screen.findByText('The end must not be before the start', {}, SETTLE)).toBeTruthy();
    type('duration-min', '');
    type('ring-start', '1');
    type('ring-end', '2001');
    fireEvent.click(screen.getByTestId('stat-apply'));
    expect(await screen.findByText('Choose at most 2000 rings', {}, SETTLE)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statCalls()).toHaveLength(1);
    type('ring-start', '2');
    fireEvent.click(screen.getByTestId('stat-apply'));
    await waitFor(
      () => expect(statCalls().at(-1)).toEqual({ ...BASE, range: { by: 'ring', ringStart: 2, ringEnd: 2001 }, maxDurationMinutes: 60, sort: 'ringNo', order: 'asc', page: 1, pageSize: 50 }),
      SETTLE,
    );
  });

  it('exports every ring of the query (view ringTable)', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:rings');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, `/fw1/statistic/staticAnalysis/rings?tags=${TAGS}&sort=durationMs&order=desc`);
    await screen.findByTestId('ring-stats-table', {}, SETTLE);
    fireEvent.click(screen.getByTestId('ring-stats-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-ring-statistics-400-459.xlsx']), SETTLE);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ ...BASE, sort: 'durationMs', order: 'desc', page: 1, pageSize: 50 });
  });

  it('says so when no ring matches the duration filter', async () => {
    api.responses.set('statistic.ringStats', (input: unknown) => ({ ...ringStats(input), total: 0, rows: [] }));
    renderRoutes(routes, `/fw1/statistic/staticAnalysis/rings?tags=${TAGS}&minDuration=600`);
    expect((await screen.findByTestId('ring-stats-empty', {}, SETTLE)).textContent).toContain('No ring of this range matches the duration filter');
    expect(screen.getByTestId('ring-stats-export').hasAttribute('disabled')).toBe(true);
  });
});
