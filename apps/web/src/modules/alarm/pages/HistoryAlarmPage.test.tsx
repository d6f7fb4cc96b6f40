import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { alarm, detail, PARAMS, T0 } from '../alarm.fixture.js';
import { HistoryAlarmPage } from './HistoryAlarmPage.js';

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
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const routes: AppRoute[] = [{ path: '/fw1/alarm/history_alarm', element: <HistoryAlarmPage />, handle: { name: 'alarmHistory', resource: 'menu.alarms' } }];

const page = (count: number, total: number, pageNo = 1) => ({
  total,
  page: pageNo,
  pageSize: 20,
  records: Array.from({ length: count }, (_, i) => alarm(100 - i - (pageNo - 1) * 20, { number: 100 - i - (pageNo - 1) * 20 })),
});
const rows = () => within(screen.getByTestId('history-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));

async function pick(testId: string, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(text, {}, SETTLE));
}

describe('alarm history page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.alarms', 'alarm.record.read'] });
    api.calls.length = 0;
    api.responses.clear();
    charts.clear();
    api.responses.set('alarm.historyQuery', (input: { page: number }) => page(20, 45, input.page));
    api.responses.set('alarm.historyParams', PARAMS);
    api.responses.set('alarm.availableRings', { rings: [466, 467, 468] });
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('sends the filters of the address and of the form, and pages on the server', async () => {
    renderRoutes(routes, '/fw1/alarm/history_alarm?level=alarm&ringStart=466&ringEnd=468');
    await waitFor(() => expect(rows()).toHaveLength(20), SETTLE);
    expect(calledWith('alarm.historyQuery')).toEqual([{ runId: 1, level: 'alarm', ringStart: 466, ringEnd: 468, page: 1, pageSize: 20 }]);
    await pick('filter-state', 'Unacknowledged');
    await pick('filter-subsystem', 'Main drive');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(
      () =>
        expect(calledWith('alarm.historyQuery').at(-1)).toEqual({ runId: 1, level: 'alarm', ringStart: 466, ringEnd: 468, subsystem: 'mainDrive', state: 'unacked', page: 1, pageSize: 20 }),
      SETTLE,
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calledWith('alarm.historyQuery').at(-1)).toMatchObject({ subsystem: 'mainDrive', page: 2, pageSize: 20 }), SETTLE);
    await waitFor(() => expect(rows()[0]?.getAttribute('data-row-key')).toBe('80'), SETTLE);
  });

  it('reads a time range on the site’s clock', async () => {
    // 09:00–10:00 in Milan is 08:00–09:00 UTC.
    renderRoutes(routes, `/fw1/alarm/history_alarm?from=${T0}&to=${T0 + 3_600_000}`);
    await waitFor(() => expect(rows()).toHaveLength(20), SETTLE);
    expect(calledWith('alarm.historyQuery')[0]).toEqual({ runId: 1, from: T0, to: T0 + 3_600_000, page: 1, pageSize: 20 });
    const [start, end] = within(screen.getByTestId('history-filters')).getAllByRole('textbox') as HTMLInputElement[];
    expect([start?.value, end?.value]).toEqual(['24/11/2026 09:00', '24/11/2026 10:00']);
  });

  it('refuses a start ring above the end ring, with the server’s rule, and sends nothing', async () => {
    renderRoutes(routes, '/fw1/alarm/history_alarm?ringStart=470&ringEnd=466');
    expect((await screen.findByTestId('history-invalid', {}, SETTLE)).textContent).toBe('The start ring must not be greater than the end ring');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calledWith('alarm.historyQuery')).toEqual([]);
    expect(screen.getByTestId('history-export').hasAttribute('disabled')).toBe(true);
  });

  it('opens the alarm an address names (a diagnosis cites an alarm by its link)', async () => {
    api.responses.set('alarm.detail', detail(alarm(100, { number: 100 })));
    renderRoutes(routes, '/fw1/alarm/history_alarm?open=100');
    await screen.findByTestId('alarm-fields', {}, SETTLE);
    expect(calledWith('alarm.detail')).toEqual([{ runId: 1, id: 100 }]);
  });

  it('opens an alarm’s detail with every field, its actions and its values around it', async () => {
    const base = alarm(100, { number: 100, state: 'clearedAcked', endTs: T0 + 600_000, endChainage: 4837.833, ackedAt: T0 + 120_000, ackedBy: { id: 5, name: 'Giulia Rossi' }, ackComment: 'Cooler valve opened', escalatedAt: T0 + 60_000 });
    api.responses.set('alarm.detail', detail(base));
    renderRoutes(routes, '/fw1/alarm/history_alarm');
    await waitFor(() => expect(rows()).toHaveLength(20), SETTLE);
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('open-detail'));
    const drawer = await screen.findByTestId('alarm-fields', {}, SETTLE);
    expect(calledWith('alarm.detail')).toEqual([{ runId: 1, id: 100 }]);
    const field = (key: string) => within(drawer).getByTestId(`field-${key}`).textContent;
    expect(field('startTs')).toBe('24/11/2026 09:00:00');
    expect(field('endTs')).toBe('24/11/2026 09:10:00');
    expect(field('faultTs')).toBe('24/11/2026 08:59:55');
    expect(field('number')).toBe('100');
    expect(field('name')).toBe('Main drive oil temperature');
    expect(field('content')).toBe('Main drive oil temperature 78.4 °C above the alarm limit 75 °C');
    expect(field('ringNo')).toBe('468');
    expect(field('startChainage')).toBe('4+836.333');
    expect(field('endChainage')).toBe('4+837.833');
    expect(field('point')).toBe('mainDrive.oilTemp');
    expect(field('plcVariable')).toBe('DB12.MD_OIL_T');
    expect(field('address')).toBe('DB12.DBD40');
    expect(field('repairSuggestion')).toBe('Check the oil cooler and its water flow');
    expect(field('workingHours')).toBe('2.5 h');
    expect(field('knowledge')).toBe('Main drive cooling circuit');
    expect(field('shift')).toBe('24/11/2026, shift 1');
    expect(field('acked')).toBe('24/11/2026 09:02:00 · Giulia Rossi — Cooler valve opened');
    expect(field('marks')).toBe('Escalated');
    expect(within(screen.getByTestId('alarm-actions')).getAllByTestId('alarm-action').map((a) => a.getAttribute('data-action'))).toEqual(['raised', 'acked']);
    // The values with the warning and alarm limits as lines, the alarm's span shaded.
    const option = charts.get('alarm-detail-chart') as { series: { name: string; data: unknown[]; markArea?: { data: unknown } }[] };
    expect(option.series.map((s) => s.name)).toEqual(['Main drive oil temperature', 'High warning', 'High alarm']);
    expect(option.series[2]?.data).toEqual([
      [T0 - 60_000, 75],
      [T0 + 60_000, 75],
    ]);
    expect(option.series[0]?.markArea?.data).toEqual([[{ name: 'Alarm', xAxis: T0 }, { xAxis: T0 + 600_000 }]]);
  });

  it('warns instead of exporting when nothing is found', async () => {
    api.responses.set('alarm.historyQuery', { total: 0, page: 1, pageSize: 20, records: [] });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/fw1/alarm/history_alarm?level=warning');
    expect(await screen.findByText('No alarms in this range', {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'warning', text: 'No data can be exported now' }), SETTLE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('exports the filtered history under the server’s file name', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="S-1125-alarms.xlsx"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:alarms');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/fw1/alarm/history_alarm?level=alarm&page=2');
    await waitFor(() => expect(rows()).toHaveLength(20), SETTLE);
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-alarms.xlsx']), SETTLE);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/alarm/history/export/v1');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, level: 'alarm' });
  });
});
