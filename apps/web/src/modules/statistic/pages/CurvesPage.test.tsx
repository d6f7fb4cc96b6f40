import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { ChartOption } from '../../../ui/chart/Chart.js';
import { POINT_GROUPS, RING_LIST, ringCurves } from '../statistic.fixture.js';
import { MultiRingPage, SingleRingPage } from './CurvesPage.js';
import { statisticPageTests } from '../statisticPage.fixture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const charts = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
// ECharts draws on a canvas jsdom does not have: the test reads the option the page hands it.
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, option, 'data-testid': testId }: { label: string; option: unknown; 'data-testid'?: string }) => {
    charts.set(testId ?? '', option);
    return <div role="img" aria-label={label} data-testid={testId} />;
  },
}));

const handle = { name: 'statistic', resource: 'menu.statistics' } as const;
const routes: AppRoute[] = [
  { path: '/fw1/statistic/singleRing', element: <SingleRingPage />, handle },
  { path: '/fw1/statistic/multipleRing', element: <MultiRingPage />, handle },
];
const SETTLE = { timeout: 5_000 };
const curveCalls = () => api.calls.filter((c) => c.id === 'statistic.ringCurves').map((c) => c.input);
const DEFAULT_TAGS = ['thrust.advanceSpeed', 'thrust.totalThrust', 'cutterhead.torque', 'earthPressure.chamberTop'];
const option = (testId: string) => charts.get(testId) as ChartOption;
const seriesOf = (testId: string) => {
  const series = option(testId).series;
  return Array.isArray(series) ? series : [];
};

/** Opens a select, types `search` (the list is virtual: only what is found is rendered) and picks the option `text`. */
async function pick(testId: string, text: string, search?: string) {
  const select = screen.getByTestId(testId);
  const box = within(select).getByRole('combobox');
  fireEvent.mouseDown(box);
  if (search) fireEvent.change(box, { target: { value: search } });
  const item = await screen.findByTitle(text, {}, SETTLE);
  fireEvent.click(item);
}

describe('ring curve pages', { timeout: 20_000 }, () => {
  statisticPageTests(api, () => ({ 'statistic.ringList': RING_LIST, 'statistic.pointGroups': POINT_GROUPS, 'statistic.ringCurves': ringCurves }), charts);

  it('opens on the newest ring with the key tags, on the project’s clock, the machine states shaded', async () => {
    renderRoutes(routes, '/fw1/statistic/singleRing');
    await screen.findByTestId('single-ring-chart', {}, SETTLE);
    expect(curveCalls()).toEqual([{ runId: 1, rings: [459], tags: DEFAULT_TAGS, axis: 'time', maxPoints: 2000 }]);
    // Ring 459 started 20/11/2026 06:00 UTC + 59 × 90 min = 23/11 22:30 UTC, 23:30 in Rome, and ended after midnight.
    expect(screen.getByTestId('curves-ring-line').textContent).toBe('Ring 459 · 23/11/2026 23:30 – 24/11/2026 00:50 (1:20 h:mm)');
    const series = seriesOf('single-ring-chart');
    expect(series.map((s) => s.name)).toEqual(['Advance speed (mm/min)', 'Shield total thrust (kN)', 'Cutterhead torque (kN·m)', 'Excavation chamber top pressure (bar)']);
    // One y axis per unit, each named with it.
    const yAxis = option('single-ring-chart').yAxis;
    expect(Array.isArray(yAxis) ? yAxis.map((a) => a.name) : []).toEqual(['mm/min', 'kN', 'kN·m', 'bar']);
    const start = RING_LIST.rings.at(-1)?.start ?? 0;
    expect(series[0]?.data).toEqual([0, 1, 2, 3, 4].map((k) => [start + k * 600_000, 10 + k]));
    const bands = series[0]?.type === 'line' ? series[0].markArea?.data : undefined;
    expect(bands).toHaveLength(3);
    const xAxis = option('single-ring-chart').xAxis;
    const label: unknown = !Array.isArray(xAxis) && xAxis?.type === 'time' ? xAxis.axisLabel?.formatter : undefined;
    // Read on the project's clock, with the day: the ring crosses midnight.
    expect(typeof label === 'function' ? (label as (value: number) => string)(start) : null).toBe('23/11 23:30');
    expect(within(screen.getByTestId('curves-states')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Advance', 'Ring building', 'Waiting']);
  });

  it('says so when the ring has no frames stored', async () => {
    renderRoutes(routes, '/fw1/statistic/singleRing?ring=455&tags=thrust.totalThrust');
    expect((await screen.findByTestId('curves-empty', {}, SETTLE)).textContent).toContain('No frames stored for ring 455');
    expect(curveCalls()).toEqual([{ runId: 1, rings: [455], tags: ['thrust.totalThrust'], axis: 'time', maxPoints: 2000 }]);
    // Nothing to export either: the button waits for curves.
    expect(screen.getByTestId('curves-export').hasAttribute('disabled')).toBe(true);
  });

  it('refuses a ninth tag with the server’s text and sends nothing', async () => {
    const eight = ['cutterhead.speed', 'cutterhead.torque', 'thrust.advanceSpeed', 'thrust.totalThrust', 'thrust.penetration', 'thrust.pressureA', 'thrust.pressureB', 'thrust.pressureC'];
    renderRoutes(routes, `/fw1/statistic/singleRing?ring=450&tags=${eight.join(',')}`);
    await screen.findByTestId('single-ring-chart', {}, SETTLE);
    await pick('curves-tags', 'Thrust cylinder group D pressure (bar)', 'group D');
    expect(await screen.findByText('Choose at most 8 parameters', {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('stat-apply'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(curveCalls()).toHaveLength(1);
  });

  it('exports the ring and tags shown', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="S-1125 ring 450.xlsx"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:curves');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/fw1/statistic/singleRing?ring=450&tags=thrust.totalThrust,cutterhead.speed&axis=stroke');
    await screen.findByTestId('single-ring-chart', {}, SETTLE);
    fireEvent.click(screen.getByTestId('curves-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125 ring 450.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/statistic/exportRingData/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, rings: [450], tags: ['thrust.totalThrust', 'cutterhead.speed'], axis: 'stroke', maxPoints: 2000 });
  });

  it('overlays the newest three rings, one line per ring per tag in a panel per tag, legend by ring', async () => {
    renderRoutes(routes, '/fw1/statistic/multipleRing?tags=thrust.totalThrust,cutterhead.speed');
    await screen.findByTestId('multi-ring-chart', {}, SETTLE);
    expect(curveCalls()).toEqual([{ runId: 1, rings: [457, 458, 459], tags: ['thrust.totalThrust', 'cutterhead.speed'], axis: 'time', maxPoints: 2000 }]);
    const series = seriesOf('multi-ring-chart');
    expect(series.map((s) => `${String(s.name)}@${String(s.xAxisIndex)}`)).toEqual([
      'Ring 457@0',
      'Ring 458@0',
      'Ring 459@0',
      'Ring 457@1',
      'Ring 458@1',
      'Ring 459@1',
    ]);
    // Minutes since each ring's start.
    expect(series[0]?.data).toEqual([0, 10, 20, 30, 40].map((m, k) => [m, 10 + k]));
    const legend = option('multi-ring-chart').legend;
    expect(!Array.isArray(legend) ? legend?.data : null).toEqual(['Ring 457', 'Ring 458', 'Ring 459']);
  });

  it('names the rings without frames and draws the others', async () => {
    renderRoutes(routes, '/fw1/statistic/multipleRing?rings=454,455,456&tags=thrust.totalThrust');
    expect((await screen.findByTestId('curves-missing', {}, SETTLE)).textContent).toContain('No frames stored for ring 455: not drawn');
    expect(seriesOf('multi-ring-chart').map((s) => s.name)).toEqual(['Ring 454', 'Ring 456']);
  });

  it('refuses an eleventh ring in the form with the server’s text, keeps the choice and sends nothing', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => 400 + i);
    renderRoutes(routes, `/fw1/statistic/multipleRing?rings=${ten.join(',')}&tags=thrust.totalThrust`);
    await screen.findByTestId('multi-ring-chart', {}, SETTLE);
    expect(curveCalls()).toHaveLength(1);
    await pick('curves-rings', '459');
    expect(await screen.findByText('Choose at most 10 rings', {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('stat-apply'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(curveCalls()).toHaveLength(1);
    // The choice stays as made, for the reader to remove a ring.
    expect(screen.getByTestId('curves-rings').closest('.ant-select')?.textContent).toContain('459');
  });
});
