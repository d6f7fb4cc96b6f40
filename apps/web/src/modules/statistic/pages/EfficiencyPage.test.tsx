import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { Efficiency, SlowRing } from '../api.js';
import { RING_LIST } from '../statistic.fixture.js';
import { EfficiencyPage } from './EfficiencyPage.js';
import { statisticPageTests } from '../statisticPage.fixture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

const routes: AppRoute[] = [
  { path: '/fw1/statistic/process/efficiency', element: <EfficiencyPage />, handle: { name: 'statisticEfficiency', resource: 'menu.statistics' } },
];
const SETTLE = { timeout: 5_000 };
const callsOf = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const MIN = 60_000;

function efficiency(input: unknown): Efficiency {
  const { ringStart, ringEnd } = input as { ringStart: number; ringEnd: number };
  const rings = RING_LIST.rings
    .filter((r) => r.ringNo >= ringStart && r.ringNo <= ringEnd)
    .map((r) => ({ ringNo: r.ringNo, start: r.start, end: r.end, durationMs: 80 * MIN, advanceMs: 45 * MIN, ringBuildMs: 25 * MIN, waitingMs: 10 * MIN, speedAvg: 41.5 }));
  return {
    timeZone: 'Europe/Rome',
    rings,
    days: [{ date: '2026-11-20', rings: 16 }],
    summary: {
      rings: rings.length,
      avgDurationMs: rings.length ? 80 * MIN : null,
      avgAdvanceMs: rings.length ? 45 * MIN : null,
      avgRingBuildMs: rings.length ? 25 * MIN : null,
      avgWaitingMs: rings.length ? 10 * MIN : null,
      ringsPerDay: rings.length ? 16.25 : null,
      avgSpeed: rings.length ? 41.5 : null,
    },
  };
}

const SLOW: SlowRing[] = [
  {
    ringNo: 431,
    start: Date.UTC(2026, 10, 22, 7, 5),
    end: Date.UTC(2026, 10, 22, 10, 0),
    durationMs: 175 * MIN,
    advanceMs: 50 * MIN,
    ringBuildMs: 30 * MIN,
    waitingMs: 95 * MIN,
    speedAvg: 38.2,
    stopReasons: [
      { reason: 'segmentSupply', durationMs: 80 * MIN },
      { reason: null, durationMs: 15 * MIN },
    ],
  },
];

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('efficiency page', { timeout: 20_000 }, () => {
  statisticPageTests(api, () => ({ 'statistic.ringList': RING_LIST, 'statistic.efficiencyGraph': efficiency, 'statistic.ringWorkList': SLOW }));

  it('opens on the newest 50 rings with the mean ring time and its split, and the slowest rings with their stop reasons', async () => {
    renderRoutes(routes, '/fw1/statistic/process/efficiency');
    const table = await screen.findByTestId('slow-ring-table', {}, SETTLE);
    expect(callsOf('statistic.efficiencyGraph')).toEqual([{ runId: 1, ringStart: 410, ringEnd: 459 }]);
    expect(callsOf('statistic.ringWorkList')).toEqual([{ runId: 1, ringStart: 410, ringEnd: 459, limit: 10 }]);
    expect(screen.getByTestId('efficiency-rings').textContent).toContain('50');
    const time = screen.getByTestId('efficiency-ring-time').textContent ?? '';
    expect(time).toContain('1:20');
    expect(time).toContain('Advance 0:45');
    expect(time).toContain('Ring building 0:25');
    expect(time).toContain('Waiting 0:10');
    expect(screen.getByTestId('efficiency-rings-per-day').textContent).toContain('16.25');
    expect(screen.getByTestId('efficiency-speed').textContent).toContain('41.5mm/min');
    expect(screen.getByTestId('efficiency-chart')).toBeTruthy();
    expect(screen.getByTestId('efficiency-days-chart')).toBeTruthy();
    const row = within(table).getAllByRole('row').find((r) => r.getAttribute('data-row-key') === '431');
    expect(row?.textContent).toContain('2:55');
    expect(row?.textContent).toContain('22/11/2026 08:05');
    expect(within(row as HTMLElement).getByTestId('slow-ring-reasons').textContent).toBe('Segment supply 1:20Not explained by a shift report 0:15');
  });

  it('refuses a start above the end and more than 200 rings, with the server’s texts, and sends nothing', async () => {
    renderRoutes(routes, '/fw1/statistic/process/efficiency');
    await screen.findByTestId('slow-ring-table', {}, SETTLE);
    type('ring-start', '450');
    type('ring-end', '420');
    fireEvent.click(screen.getByTestId('stat-apply'));
    expect(await screen.findByText('The start ring must not be above the end ring', {}, SETTLE)).toBeTruthy();
    type('ring-start', '100');
    type('ring-end', '300');
    fireEvent.click(screen.getByTestId('stat-apply'));
    expect(await screen.findByText('Choose at most 200 rings', {}, SETTLE)).toBeTruthy();
    expect(callsOf('statistic.efficiencyGraph')).toHaveLength(1);
    // The values typed stay, and exactly 200 rings go.
    expect(screen.getByTestId<HTMLInputElement>('ring-start').value).toBe('100');
    type('ring-end', '299');
    fireEvent.submit(screen.getByTestId('efficiency-form'));
    await waitFor(() => expect(callsOf('statistic.efficiencyGraph').at(-1)).toEqual({ runId: 1, ringStart: 100, ringEnd: 299 }), SETTLE);
  });

  it('shows the server’s refusal at the field it names', async () => {
    api.responses.set('statistic.efficiencyGraph', async () => {
      const { ApiError } = await import('../../../core/api/client.js');
      throw new ApiError(3, 'End ring: Ring 470 has not been completed', { fields: [{ field: 'ringEnd', message: 'End ring: Ring 470 has not been completed' }] });
    });
    renderRoutes(routes, '/fw1/statistic/process/efficiency?ringStart=440&ringEnd=470');
    const form = await screen.findByTestId('efficiency-form', {}, SETTLE);
    await waitFor(() => expect(within(form).getByText('End ring: Ring 470 has not been completed')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId<HTMLInputElement>('ring-end').closest('.ant-form-item')?.classList.contains('ant-form-item-has-error')).toBe(true);
  });

  it('says so when the range holds no ring, or no ring is completed yet', async () => {
    renderRoutes(routes, '/fw1/statistic/process/efficiency?ringStart=1&ringEnd=20');
    expect((await screen.findByTestId('efficiency-empty', {}, SETTLE)).textContent).toContain('No rings in this range');
    cleanup();
    api.responses.set('statistic.ringList', { ...RING_LIST, rings: [] });
    renderRoutes(routes, '/fw1/statistic/process/efficiency');
    expect((await screen.findByTestId('stat-no-rings', {}, SETTLE)).textContent).toContain('No ring has been completed yet');
  });
});
