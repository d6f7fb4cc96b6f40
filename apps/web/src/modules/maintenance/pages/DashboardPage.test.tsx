import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { dashboard } from '../maintenance.fixture.js';
import { DashboardPage } from './DashboardPage.js';

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

function renderPage() {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.maintenance.management', 'maintenance.plan.read'] });
  return renderRoutes([{ path: '/fw1/stm_smtce/dashboard', element: <DashboardPage />, handle: { name: 'maintenanceManagement', resource: 'menu.maintenance.management' } }], '/fw1/stm_smtce/dashboard');
}

describe('maintenance dashboard', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    charts.clear();
    api.responses.set('maintenance.planDashboard', dashboard());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows due this week, overdue, done on time and the compliance below its 90 % target', async () => {
    renderPage();
    const figures = await screen.findByTestId('dashboard-figures', {}, SETTLE);
    expect(calledWith('maintenance.planDashboard')).toEqual([{ runId: 1 }]);
    const figure = (id: string) => within(figures).getByTestId(`figure-${id}`).textContent;
    expect(figure('dueThisWeek')).toContain('3');
    expect(figure('overdue')).toContain('1');
    expect(figure('doneOnTime')).toContain('17/ 2 late');
    expect(figure('compliance')).toContain('85.5 %');
    expect(screen.getByText('Compliance (target 90 %)')).toBeTruthy();
  });

  it('draws compliance per system and month with the target, and lists it as a table', async () => {
    renderPage();
    const table = await screen.findByTestId('compliance-table', {}, SETTLE);
    const option = charts.get('compliance-chart') as { xAxis: { data: string[] }; series: { name: string; data: (number | null)[] }[] };
    expect(option.xAxis.data).toEqual(['10/2026', '11/2026']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Cutterhead', [null, 100]],
      ['Main drive', [100, 80]],
      ['Target 90 %', [90, 90]],
    ]);
    const body = within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(body).toEqual([
      ['Cutterhead', '—', '100.0 %'],
      ['Main drive', '100.0 %', '80.0 %'],
    ]);
    expect(within(table).getByText('80.0 %').className).toBe('mtce-compliance-low');
  });

  it('lists the plans due and overdue, the abnormal findings and the latest records, with their empty states', async () => {
    renderPage();
    const due = await screen.findByTestId('dashboard-due', {}, SETTLE);
    expect(within(due).getByText('Main drive gear oil check')).toBeTruthy();
    expect(within(due).getByText('Main drive / Gearbox · 25/11/2026 09:00')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-overdue')).getByText('Screw conveyor wear check')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-abnormal')).getAllByTestId('dashboard-record')).toHaveLength(1);
    expect(within(screen.getByTestId('dashboard-records')).getAllByTestId('dashboard-record')).toHaveLength(2);
    cleanup();
    api.responses.set('maintenance.planDashboard', dashboard({ dueThisWeekPlans: [], overduePlans: [], abnormal: [], lastRecords: [], complianceBySystem: [], compliance: null }));
    renderPage();
    expect(await screen.findByText('Nothing due this week', {}, SETTLE)).toBeTruthy();
    expect(screen.getByText('Nothing overdue')).toBeTruthy();
    expect(screen.getByText('No abnormal findings')).toBeTruthy();
    expect(screen.getByText('Nothing was due in the last six months')).toBeTruthy();
    expect(screen.getByTestId('figure-compliance').textContent).toContain('—');
  });

  it('exports the compliance of the last six months on the site’s calendar', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="S-1125-compliance.xlsx"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:compliance');
    URL.revokeObjectURL = vi.fn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    renderPage();
    fireEvent.click(await screen.findByTestId('compliance-export', {}, SETTLE));
    await waitFor(() => expect(saved).toEqual(['S-1125-compliance.xlsx']), SETTLE);
    vi.useRealTimers();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/u/web/mtce/plan/compliance/export/v1');
    // 30/11 23:30 UTC is already 1 December in Milan: July to December.
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ runId: 1, from: '2026-07-01', to: '2026-12-31' });
  });
});
