import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { gap, pose, segmentStatistics, TOLERANCE } from '../segment.fixture.js';
import { SegmentStatisticPage } from './SegmentStatisticPage.js';
import { TailStatisticPage } from './TailStatisticPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
const charts = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, option, 'data-testid': testId }: { label: string; option: unknown; 'data-testid'?: string }) => {
    charts.set(testId ?? '', option);
    return <div role="img" aria-label={label} data-testid={testId} />;
  },
}));
/** The constant lines of a chart (the tolerance limits): name and value. */
const limitsOf = (testId: string) => {
  const option = charts.get(testId) as { series: { name: string; data: unknown[]; lineStyle?: { type?: string } }[] };
  return option.series.filter((s) => s.lineStyle?.type === 'dashed').map((s) => [s.name, s.data[0]]);
};

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const READER = ['menu.statistics', 'statistic.read', 'segment.data.read'];

function renderPage(path: string) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: READER });
  return renderRoutes(
    [
      { path: '/fw1/statistic/segment', element: <SegmentStatisticPage />, handle: { name: 'statisticSegment', resource: 'menu.statistics' } },
      { path: '/fw1/statistic/tail', element: <TailStatisticPage />, handle: { name: 'statisticTail', resource: 'menu.statistics' } },
    ],
    path,
  );
}

const errorsOf = () => [...screen.getByTestId('seg-stat-form').querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('segment and tail statistics pages', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('segment.poseList', { total: 40, page: 1, pageSize: 1, records: [pose(40, 421)] });
    api.responses.set('segment.statistics', segmentStatistics());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows the newest 50 rings by default: shares within tolerance, missing rings listed, each ring’s band in words, and the K position', async () => {
    renderPage('/fw1/statistic/segment');
    await screen.findByTestId('within-10', {}, SETTLE);
    expect(calledWith('segment.statistics')).toEqual([{ runId: 1, ringStart: 372, ringEnd: 421 }]);
    expect(screen.getByTestId('within-10').textContent).toContain('78%');
    expect(screen.getByTestId('bands-alarm').textContent).toContain('1');
    expect(screen.getByTestId('stat-missing-rings').textContent).toBe('417');
    const rows = within(screen.getByTestId('seg-stat-rings')).getAllByRole('row').filter((r) => r.hasAttribute('data-row-key'));
    expect(rows.map((r) => within(r).getByTestId('band').textContent).slice(0, 3)).toEqual(['Alarm', 'Warning', 'Within tolerance']);
    expect(within(rows[0] as HTMLElement).getByText('+108')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('K3')).toBeTruthy();
    expect(limitsOf('deviation-chart')).toEqual([
      ['Warning limit', 50],
      ['Warning limit', -50],
      ['Alarm limit', 100],
      ['Alarm limit', -100],
    ]);
    expect(within(screen.getByTestId('stat-nav')).getByRole('tab', { selected: true }).textContent).toBe('Segment attitude');
  });

  it('checks the range as the server does: both rings required, start not above end, at most 200 rings; nothing is sent until it holds', async () => {
    renderPage('/fw1/statistic/segment?ringStart=400&ringEnd=421');
    await screen.findByTestId('within-10', {}, SETTLE);
    const start = screen.getByTestId('stat-ring-start');
    const end = screen.getByTestId('stat-ring-end');
    fireEvent.change(start, { target: { value: '' } });
    await user.click(screen.getByTestId('seg-stat-apply'));
    await waitFor(() => expect(errorsOf()).toContain('This field is required'), SETTLE);
    fireEvent.change(start, { target: { value: '430' } });
    await user.click(screen.getByTestId('seg-stat-apply'));
    await waitFor(() => expect(errorsOf()).toEqual(['The end must not be before the start']), SETTLE);
    fireEvent.change(start, { target: { value: '100' } });
    fireEvent.change(end, { target: { value: '300' } });
    await user.click(screen.getByTestId('seg-stat-apply'));
    await waitFor(() => expect(errorsOf()).toEqual(['Too many items selected']), SETTLE);
    expect(calledWith('segment.statistics')).toEqual([{ runId: 1, ringStart: 400, ringEnd: 421 }]);
    fireEvent.change(end, { target: { value: '299' } });
    await user.click(screen.getByTestId('seg-stat-apply'));
    await waitFor(() => expect(calledWith('segment.statistics').at(-1)).toEqual({ runId: 1, ringStart: 100, ringEnd: 299 }), SETTLE);
  });

  it('says so when no ring is recorded yet, instead of asking the server', async () => {
    api.responses.set('segment.poseList', { total: 0, page: 1, pageSize: 1, records: [] });
    renderPage('/fw1/statistic/segment');
    expect(await screen.findByTestId('seg-stat-none', {}, SETTLE)).toBeTruthy();
    expect(calledWith('segment.statistics')).toEqual([]);
  });

  it('shows the tail gaps per ring with imbalances and bands, and the mean change through the build', async () => {
    api.responses.set('segment.tailList', { total: 1, page: 1, pageSize: 1, records: [gap(9, 421)] });
    api.responses.set('segment.tailStatistics', {
      tolerance: TOLERANCE,
      rings: [
        { ringNo: 420, up: 32, down: 30, left: 31, right: 30, horizontalImbalance: 1, verticalImbalance: 2, band: 'ok', state: 'confirmed' },
        { ringNo: 421, up: 30, down: 32, left: 14, right: 46, horizontalImbalance: -32, verticalImbalance: -2, band: 'alarm', state: 'confirmed' },
      ],
      missingRings: [],
      withinTolerance: { last10: 0.5, last50: 0.5, all: 0.5 },
      bands: { ok: 1, warning: 0, alarm: 1 },
      up: { mean: 31, min: 30, max: 32 },
      down: { mean: 31, min: 30, max: 32 },
      left: { mean: 22.5, min: 14, max: 31 },
      right: { mean: 38, min: 30, max: 46 },
    });
    api.responses.set('segment.clearanceStatistics', {
      tolerance: TOLERANCE,
      rings: [{ ringNo: 421, before: { up: 30, down: 32, left: 14, right: 46 }, after: { up: 30, down: 31, left: 19, right: 41 }, band: 'alarm', state: 'confirmed' }],
      missingRings: [420],
      withinTolerance: { last10: 0, last50: 0, all: 0 },
      bands: { ok: 0, warning: 0, alarm: 1 },
      meanChange: { up: 0, down: -1, left: 5, right: -5 },
    });
    renderPage('/fw1/statistic/tail');
    await screen.findByTestId('tail-stat-rings', {}, SETTLE);
    expect(calledWith('segment.tailStatistics')).toEqual([{ runId: 1, ringStart: 372, ringEnd: 421 }]);
    const rows = within(screen.getByTestId('tail-stat-rings')).getAllByRole('row').filter((r) => r.hasAttribute('data-row-key'));
    expect(within(rows[0] as HTMLElement).getByText('−32')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('band').textContent).toBe('Alarm');
    expect(screen.getByTestId('change-left').textContent).toContain('+5 mm');
    expect(limitsOf('tail-stat-chart')).toEqual([
      ['Warning limit', 20],
      ['Alarm limit', 15],
    ]);
    expect(screen.getByTestId('within-all').textContent).toContain('50%');
    expect(within(screen.getByTestId('stat-nav')).getByRole('tab', { selected: true }).textContent).toBe('Tail clearance');
  });
});
