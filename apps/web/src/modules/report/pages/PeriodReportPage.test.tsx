import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { DAY_START, dailyReport, ring } from '../components/period/periodReport.fixture.js';
import type { PeriodReport } from '../periodApi.js';
import { PeriodReportPage } from './PeriodReportPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page reads its report only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

// ECharts draws on a canvas jsdom does not have; the page's part is which chart it shows, and where.
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

const handle = { name: 'report', resource: 'menu.reports' } as const;
const routes: AppRoute[] = ['day', 'day2', 'week', 'month'].map((kind) => ({ path: `/fw1/report/${kind}`, element: <PeriodReportPage />, handle }));
const SETTLE = { timeout: 5_000 };
const periodCalls = () => api.calls.filter((c) => c.id === 'report.period').map((c) => c.input);

/** A report of whatever the page asks for, built on the daily one. */
function answer(input: unknown): PeriodReport {
  const asked = typeof input === 'object' && input !== null && 'unit' in input && 'date' in input ? input : { unit: 'day', date: '2026-11-25' };
  if (asked.unit === 'week') {
    return dailyReport({
      unit: 'week',
      firstDate: '2026-11-23',
      lastDate: '2026-11-29',
      days: ['23', '24', '25'].map((d) => ({ date: `2026-11-${d}`, plannedRings: 12, rings: 9, metres: 13.5, advanceMs: 0, ringBuildMs: 0, waitingMs: 0 })),
    });
  }
  if (asked.unit === 'month') return dailyReport({ unit: 'month', firstDate: '2026-11-01', lastDate: '2026-11-30' });
  return dailyReport();
}

describe('period report pages', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    // Wednesday 25/11/2026 10:00 in Rome.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 25, 9, 0, 0));
    useFramework.setState({ run: MILAN_RUN, token: 'tok-1' });
    api.responses.set('report.period', answer);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    api.calls.length = 0;
    api.responses.clear();
    useNotifications.setState({ message: null });
    useFramework.setState({ run: null, token: null });
  });

  it('shows the day planned against actual, and the stop reasons ranked by time with "not explained"', async () => {
    renderRoutes(routes, '/fw1/report/day');
    const rings = await screen.findByTestId('figure-rings', {}, SETTLE);
    expect(periodCalls()).toEqual([{ runId: 1, unit: 'day', date: '2026-11-25' }]);
    expect(rings.textContent).toContain('8');
    expect(rings.textContent).toContain('Planned: 12');
    expect(rings.textContent).toContain('66.67% of plan');
    expect(screen.getByTestId('figure-metres').textContent).toContain('Planned: 18.00');
    expect(screen.getByTestId('figure-waiting').textContent).toContain('52.14%');
    expect(screen.getByTestId('figure-waiting').textContent).toContain('10:10');
    expect(screen.getByTestId('figure-unrecorded').textContent).toContain('4:30');
    expect(within(screen.getByTestId('report-header-period')).getByText('25/11/2026')).toBeTruthy();
    expect(within(screen.getByTestId('report-header')).getByText('S-1125')).toBeTruthy();

    const stops = screen.getAllByTestId('stop-reason').map((li) => li.textContent ?? '');
    expect(stops).toHaveLength(3);
    expect(stops[0]).toContain('Cutter change');
    expect(stops[0]).toContain('4:15');
    expect(stops[0]).toContain('41.80%');
    expect(stops[1]).toContain('Not explained');
    expect(stops[1]).toContain('3:10');
    expect(stops[2]).toContain('Segment supply');

    const shifts = within(screen.getByTestId('shift-table')).getAllByRole('row').map((r) => r.textContent ?? '');
    expect(shifts.some((r) => r.includes('Day shift') && r.includes('Crew A foreman') && r.includes('7.50') && r.includes('6:10'))).toBe(true);
    // A day has no per-day table nor chart; its rings are listed.
    expect(screen.queryByTestId('day-table')).toBeNull();
    expect(within(screen.getByTestId('section-rings')).getAllByRole('row').length).toBeGreaterThan(8);
  });

  it('asks the server for the week and the month holding today, and steps back a whole week', async () => {
    renderRoutes(routes, '/fw1/report/day');
    await screen.findByTestId('figure-rings', {}, SETTLE);
    fireEvent.click(screen.getByRole('tab', { name: 'Weekly report' }));
    await screen.findByTestId('day-table', {}, SETTLE);
    expect(periodCalls().at(-1)).toEqual({ runId: 1, unit: 'week', date: '2026-11-25' });
    expect(within(screen.getByTestId('report-header-period')).getByText('23/11/2026 – 29/11/2026')).toBeTruthy();
    expect(screen.getByTestId('day-chart')).toBeTruthy();
    // Next is closed: the coming week has not started.
    expect(screen.getByRole('button', { name: 'Next period' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => expect(periodCalls().at(-1)).toEqual({ runId: 1, unit: 'week', date: '2026-11-18' }), SETTLE);

    fireEvent.click(screen.getByRole('tab', { name: 'Monthly report' }));
    await waitFor(() => expect(periodCalls().at(-1)).toEqual({ runId: 1, unit: 'month', date: '2026-11-25' }), SETTLE);
    await waitFor(() => expect(within(screen.getByTestId('report-header-period')).getByText('11/2026')).toBeTruthy(), SETTLE);
  });

  it('says so when nothing happened in the period', async () => {
    api.responses.set('report.period', () =>
      dailyReport({
        actual: { rings: 0, metres: 0 },
        rings: [],
        shifts: [],
        stopReasons: [],
        times: { advanceMs: 0, ringBuildMs: 0, waitingMs: 0, finishMs: 0, unrecordedMs: 86_400_000 },
        rates: { advance: 0, ringBuild: 0, waiting: 0 },
      }),
    );
    renderRoutes(routes, '/fw1/report/day?date=2026-11-20');
    expect((await screen.findByTestId('period-empty', {}, SETTLE)).textContent).toContain('Nothing was recorded in this period');
    expect(periodCalls()).toEqual([{ runId: 1, unit: 'day', date: '2026-11-20' }]);
    expect(screen.queryByTestId('key-figures')).toBeNull();
  });

  it('exports the period shown as a workbook under the server’s file name', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      new Response('PK-workbook', {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': "attachment; filename=\"weekly.xlsx\"; filename*=UTF-8''S-1125%20settimana%2047.xlsx",
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/fw1/report/week?date=2026-11-18');
    await screen.findByTestId('day-table', {}, SETTLE);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125 settimana 47.xlsx']), SETTLE);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/server_project/u/web/report/export/v1');
    expect(JSON.parse(String(init?.body))).toEqual({ report: 'week', runId: 1, date: '2026-11-18' });
    expect(init?.headers).toMatchObject({ Authorization: 'tok-1', lang: 'en_US' });
  });

  it('shows the server’s refusal when there is nothing to export', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ code: 3, msg: 'No data can be exported now', data: null }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderRoutes(routes, '/fw1/report/day');
    await screen.findByTestId('figure-rings', {}, SETTLE);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'warning', text: 'No data can be exported now' }), SETTLE);
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByTestId('report-export').classList.contains('ant-btn-loading')).toBe(false);
  });

  it('lays the day out on one page for the client, rings capped with how many more', async () => {
    api.responses.set('report.period', () => dailyReport({ rings: Array.from({ length: 30 }, (_, i) => ring(440 + i, i % 16)) }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(routes, '/fw1/report/day2');
    const layout = await screen.findByTestId('day2-layout', {}, SETTLE);
    expect(periodCalls()).toEqual([{ runId: 1, unit: 'day', date: '2026-11-25' }]);
    expect(within(layout).getByText('Daily report 2')).toBeTruthy();
    expect(within(layout).getByTestId('key-figures').className).toContain('report-figures-compact');
    expect(within(screen.getByTestId('day2-rings')).getAllByRole('listitem')).toHaveLength(4 + 25);
    // Each of the four columns of rings says what its figures are.
    expect(screen.getAllByTestId('day2-ring-head').map((h) => h.textContent)).toEqual(Array(4).fill('RingEndDuration'));
    expect(screen.getByTestId('day2-more').textContent).toBe('+6 more');
    // The full day's tables are not part of the summary.
    expect(screen.queryByTestId('ring-table')).toBeNull();
    expect(within(layout).getAllByTestId('stop-reason')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('report-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });
  it('lists the notable alarms of the day: counts per level, the alarms of level alarm with start, duration, ring and content, the top points', async () => {
    const alarm = (over: Partial<NonNullable<PeriodReport['notableAlarms']>['alarms'][number]>) => ({
      id: 1,
      number: 41,
      point: 'cutterhead.gearOilTemperature',
      name: 'Gear oil temperature',
      content: 'Gear oil temperature 66.2 °C above the alarm limit 65 °C',
      level: 'alarm' as const,
      startTs: DAY_START + 9 * 3_600_000 + 12 * 60_000,
      endTs: DAY_START + 10 * 3_600_000 + 47 * 60_000,
      durationMs: 95 * 60_000,
      ringNo: 463,
      shiftDate: '2026-11-25',
      shiftNo: 1,
      ...over,
    });
    const notableAlarms = {
      total: 14,
      byLevel: { warning: 12, alarm: 2 },
      alarms: [alarm({}), alarm({ id: 2, number: 47, point: 'state.longStop', name: 'Long stop', content: 'The machine stood still longer than the long-stop limit', startTs: DAY_START + 20 * 3_600_000, endTs: null, durationMs: 150 * 60_000, ringNo: 468 })],
      moreAlarms: 0,
      longest: [alarm({})],
      top: [
        { point: 'cutterhead.torque', name: 'Cutterhead torque', count: 7, percent: 50 },
        { point: 'earthPressure.chamberTop', name: 'Excavation chamber top pressure', count: 3, percent: 21.4 },
      ],
      chattering: [{ point: 'earthPressure.chamberTop', name: 'Excavation chamber top pressure', count: 2 }],
    };
    api.responses.set('report.period', () => dailyReport({ notableAlarms }));
    renderRoutes(routes, '/fw1/report/day');
    const section = await screen.findByTestId('section-alarms', {}, SETTLE);
    expect(within(section).getByText('Notable alarms')).toBeTruthy();
    const counts = within(section).getByTestId('alarm-counts').textContent ?? '';
    expect(counts).toContain('All alarms: 14');
    expect(counts).toContain('Warnings: 12');
    expect(counts).toContain('Alarms: 2');
    const rows = within(within(section).getByTestId('alarm-table')).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    // 09:12 in Rome, 1 h 35 min, ring 463, what happened.
    expect(rows[0]).toContain('25/11/2026 09:12');
    expect(rows[0]).toContain('1:35');
    expect(rows[0]).toContain('463');
    expect(rows[0]).toContain('Gear oil temperature 66.2 °C above the alarm limit 65 °C');
    expect(rows[1]).toContain('2:30 (still active)');
    const top = within(section).getAllByTestId('alarm-top-point').map((li) => li.textContent ?? '');
    expect(top[0]).toContain('Cutterhead torque');
    expect(top[0]).toContain('7');
    expect(within(section).getByTestId('alarm-chattering').textContent).toContain('Excavation chamber top pressure: 2 times');
  });

  it('shows no alarm section where the server keeps no alarms, and says so when the period had none', async () => {
    renderRoutes(routes, '/fw1/report/day');
    await screen.findByTestId('figure-rings', {}, SETTLE);
    expect(screen.queryByTestId('section-alarms')).toBeNull();
    cleanup();
    api.responses.set('report.period', () => dailyReport({ notableAlarms: { total: 0, byLevel: { warning: 0, alarm: 0 }, alarms: [], moreAlarms: 0, longest: [], top: [], chattering: [] } }));
    renderRoutes(routes, '/fw1/report/week');
    const section = await screen.findByTestId('section-alarms', {}, SETTLE);
    expect(within(section).getByText('No alarm in this period')).toBeTruthy();
  });
});
