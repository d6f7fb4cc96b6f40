import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { performance, T0 } from '../alarm.fixture.js';
import { PerformancePage } from './PerformancePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const charts = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, option, 'data-testid': testId }: { label: string; option: unknown; 'data-testid'?: string }) => {
    charts.set(testId ?? '', option);
    return <div role="img" aria-label={label} data-testid={testId} />;
  },
}));

const SETTLE = { timeout: 5_000 };
const DAY = 86_400_000;
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input as { runId: number; from: number; to: number });
const routes: AppRoute[] = [{ path: '/fw1/alarm/performance', element: <PerformancePage />, handle: { name: 'alarmPerformance', resource: 'menu.alarms' } }];
const value = (id: string) => screen.getByTestId(`figure-${id}-value`).textContent;

describe('alarm performance page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.alarms', 'alarm.record.read'] });
    api.calls.length = 0;
    api.responses.clear();
    charts.clear();
    api.responses.set('alarm.performance', (input: { from: number; to: number }) => performance(input.from, input.to));
  });
  afterEach(() => {
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('reads the last seven days by default and shows the figures against their targets', async () => {
    renderRoutes(routes, '/fw1/alarm/performance');
    await screen.findByTestId('performance-figures', {}, SETTLE);
    const [input] = calledWith('alarm.performance');
    expect(input?.runId).toBe(1);
    expect((input?.to ?? 0) - (input?.from ?? 0)).toBe(7 * DAY);
    expect(Math.abs((input?.to ?? 0) - Date.now())).toBeLessThan(60_000);

    expect(value('total')).toBe('420');
    expect(screen.getByTestId('figure-total').textContent).toContain('120 alarms, 300 warnings');
    expect(value('perDay')).toBe('60.0');
    expect(screen.getByTestId('figure-perDay').textContent).toContain('Manageable: fewer than 150 a day');
    expect(screen.getByTestId('figure-perDay').getAttribute('data-ok')).toBe('true');
    expect(value('per10Min')).toBe('0.42');
    expect(screen.getByTestId('figure-per10Min').getAttribute('data-ok')).toBe('true');
    // 12 in the busiest 10 minutes is a flood.
    expect(value('per10MinMax')).toBe('12');
    expect(screen.getByTestId('figure-per10MinMax').textContent).toContain('Flood: 10 or more in 10 min');
    expect(screen.getByTestId('figure-per10MinMax').getAttribute('data-ok')).toBe('false');
    expect(value('floodTime')).toBe('0.10 %');
    expect(value('ackMedian')).toBe('3.5 min');

    expect(within(screen.getByTestId('performance-floods')).getAllByTestId('flood').map((f) => f.textContent)).toEqual(['24/11/2026 09:00 – 24/11/2026 09:10 · 12 alarms']);
    expect(within(screen.getByTestId('performance-chattering')).getByTestId('chattering-point').textContent).toBe('Shield total thrust · 4 times');
    expect(within(screen.getByTestId('performance-stale')).getByTestId('stale-alarm').textContent).toBe('Connection lost · since 22/11/2026 09:00');
    expect(screen.getAllByTestId('top-point').map((p) => p.textContent)).toEqual(['Main drive oil temperature84 · 20.0 %', 'Shield total thrust42 · 10.0 %']);
    const option = charts.get('performance-top-chart') as { series: { data: number[] }[]; yAxis: { data: string[] } };
    expect(option.series[0]?.data).toEqual([84, 42]);
    expect(option.yAxis.data).toEqual(['Main drive oil temperature', 'Shield total thrust']);
    expect(within(screen.getByTestId('performance-shifts')).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['23/11/2026130', '23/11/2026225']);
  });

  it('reads the span of the address', async () => {
    renderRoutes(routes, `/fw1/alarm/performance?from=${T0 - DAY}&to=${T0}`);
    await screen.findByTestId('performance-figures', {}, SETTLE);
    expect(calledWith('alarm.performance')).toEqual([{ runId: 1, from: T0 - DAY, to: T0 }]);
  });

  it('reads one shift of the span when a date and a shift are chosen', async () => {
    renderRoutes(routes, `/fw1/alarm/performance?from=${T0 - 2 * DAY}&to=${T0}&shiftDate=2026-11-23&shiftNo=2`);
    await screen.findByTestId('performance-figures', {}, SETTLE);
    expect(calledWith('alarm.performance')).toEqual([{ runId: 1, from: T0 - 2 * DAY, to: T0, shiftDate: '2026-11-23', shiftNo: 2 }]);
    expect(screen.getByTestId('performance-shift-no').textContent).toBe('Shift 2');
    expect(screen.getByDisplayValue('23/11/2026')).toBeTruthy();
  });

  it('refuses a span longer than 92 days without sending', async () => {
    renderRoutes(routes, `/fw1/alarm/performance?from=${T0 - 93 * DAY}&to=${T0}`);
    expect((await screen.findByTestId('performance-invalid', {}, SETTLE)).textContent).toBe('The period can be at most 92 days');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calledWith('alarm.performance')).toEqual([]);
  });
});
