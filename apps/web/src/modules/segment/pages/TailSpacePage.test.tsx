import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ADVICE, clearance, gap, TOLERANCE } from '../segment.fixture.js';
import { TailSpacePage } from './TailSpacePage.js';

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
const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const WRITER = ['menu.segments', 'segment.data.read', 'segment.data.write'];

function renderPage(path = '/fw1/segment/tailSpace', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/segment/tailSpace', element: <TailSpacePage />, handle: { name: 'segmentTail', resource: 'menu.segments' } }], path);
}

describe('tail clearance page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('segment.tailList', { total: 2, page: 1, pageSize: 20, records: [gap(2, 463, { left: 14, right: 46, band: 'alarm' }), gap(1, 462)] });
    api.responses.set('segment.clearanceList', { total: 1, page: 1, pageSize: 20, records: [clearance(5, 463, { leftBefore: 18, band: 'warning', upAfter: null, downAfter: null, leftAfter: null, rightAfter: null })] });
    api.responses.set('segment.tolerance', TOLERANCE);
    api.responses.set('segment.advisor', ADVICE);
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the tail gaps with their bands, and the clearances before and after the build on the second tab', async () => {
    renderPage();
    await waitFor(() => expect(rowsOf('gap-table')).toHaveLength(2), SETTLE);
    const tight = within(rowsOf('gap-table')[0] as HTMLElement);
    expect(tight.getByText('14')).toBeTruthy();
    expect(tight.getByTestId('band').textContent).toBe('Alarm');
    expect(calledWith('segment.clearanceList')).toEqual([]);
    await user.click(screen.getByTestId('tail-tab-clearance'));
    await waitFor(() => expect(rowsOf('clearance-table')).toHaveLength(1), SETTLE);
    const row = within(rowsOf('clearance-table')[0] as HTMLElement);
    expect(row.getByTestId('band').textContent).toBe('Warning');
    // No after-build set: its four values and the remark are empty.
    expect(row.getAllByText('—')).toHaveLength(5);
    expect(calledWith('segment.clearanceList')[0]).toEqual({ runId: 1, page: 1, pageSize: 20 });
    expect(screen.getByRole('columnheader', { name: 'Left before' })).toBeTruthy();
  });

  it('shows the next-ring advisor beside the chart: K positions ranked best first with expected clearances and reasons, labelled as advice', async () => {
    renderPage();
    const options = await screen.findAllByTestId('advisor-option', {}, SETTLE);
    expect(options.map((o) => o.getAttribute('data-k'))).toEqual(['K5', 'K3', 'K13']);
    expect(within(options[0] as HTMLElement).getByText('Best fit')).toBeTruthy();
    expect(options[0]?.textContent).toContain('Expected: up 30 mm, down 32 mm, left 22 mm, right 38 mm');
    expect(options[0]?.textContent).toContain('Opens the tight left side by 8 mm');
    expect(screen.getByText('Next-ring advisor: ring 464')).toBeTruthy();
    expect(screen.getByTestId('advisor-basis').textContent).toBe('From ring 463: up 30 mm, down 32 mm, left 14 mm, right 46 mm');
    const disclaimer = screen.getByTestId('advisor-disclaimer').textContent ?? '';
    expect(disclaimer).toContain('Advice beside the guidance system, not a replacement for it');
    expect(disclaimer).toContain(ADVICE.disclaimer);
    expect(limitsOf('clearance-chart')).toEqual([
      ['Warning limit', 20],
      ['Alarm limit', 15],
    ]);
  });

  it('shows the best three K positions first, all of them on demand', async () => {
    const more = ['K7', 'K9', 'K11'].map((kPosition, i) => ({ ...ADVICE.options[2], kPosition, score: 20 + i, reasons: [] }));
    api.responses.set('segment.advisor', { ...ADVICE, options: [...ADVICE.options, ...more] });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('advisor-option')).toHaveLength(3), SETTLE);
    await user.click(screen.getByText('Show all 6 positions'));
    expect(screen.getAllByTestId('advisor-option').map((o) => o.getAttribute('data-k'))).toEqual(['K5', 'K3', 'K13', 'K7', 'K9', 'K11']);
  });

  it('says when the advisor has nothing to start from', async () => {
    api.responses.set('segment.advisor', { ...ADVICE, ringNo: null, basis: null, options: [] });
    renderPage();
    expect((await screen.findByTestId('advisor-empty', {}, SETTLE)).textContent).toContain('No tail clearance recorded yet');
  });

  it('refuses a negative clearance with the server’s message and an after-build set given in part', async () => {
    api.responses.set('segment.clearanceAdd', clearance(6, 464));
    renderPage('/fw1/segment/tailSpace?tab=clearance');
    await user.click(await screen.findByTestId('clearance-table-add', {}, SETTLE));
    const dialog = await screen.findByTestId('clearance-dialog', {}, SETTLE);
    fireEvent.change(within(dialog).getByTestId('clearance-ring'), { target: { value: '464' } });
    fireEvent.change(within(dialog).getByTestId('clearance-upBefore'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByTestId('clearance-downBefore'), { target: { value: '31' } });
    fireEvent.change(within(dialog).getByTestId('clearance-leftBefore'), { target: { value: '-3' } });
    fireEvent.change(within(dialog).getByTestId('clearance-rightBefore'), { target: { value: '40' } });
    const save = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ });
    await user.click(save);
    expect(await within(dialog).findByText('Please enter an integer of 0 or more', {}, SETTLE)).toBeTruthy();
    expect(calledWith('segment.clearanceAdd')).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('clearance-leftBefore'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByTestId('clearance-upAfter'), { target: { value: '29' } });
    await user.click(save);
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0), SETTLE);
    expect(calledWith('segment.clearanceAdd')).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('clearance-upAfter'), { target: { value: '' } });
    await user.click(save);
    await waitFor(() => expect(calledWith('segment.clearanceAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('segment.clearanceAdd')[0]).toEqual({
      runId: 1,
      ringNo: 464,
      upBefore: 30,
      downBefore: 31,
      leftBefore: 12,
      rightBefore: 40,
      upAfter: null,
      downAfter: null,
      leftAfter: null,
      rightAfter: null,
      remark: null,
    });
  });

  it('refuses a negative tail gap too', async () => {
    renderPage();
    await user.click(await screen.findByTestId('gap-table-add', {}, SETTLE));
    const dialog = await screen.findByTestId('gap-dialog', {}, SETTLE);
    fireEvent.change(within(dialog).getByTestId('gap-ring'), { target: { value: '464' } });
    for (const side of ['up', 'down', 'right']) fireEvent.change(within(dialog).getByTestId(`gap-${side}`), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByTestId('gap-left'), { target: { value: '-1' } });
    await user.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Please enter an integer of 0 or more', {}, SETTLE)).toBeTruthy();
    expect(calledWith('segment.tailAdd')).toEqual([]);
  });
});
