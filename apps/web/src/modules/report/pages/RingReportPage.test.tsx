import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ring } from '../components/period/periodReport.fixture.js';
import { RingReportPage } from './RingReportPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page reads its rings only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const routes: AppRoute[] = [{ path: '/fw1/report/ring', element: <RingReportPage />, handle: { name: 'reportRing', resource: 'menu.reports' } }];
const SETTLE = { timeout: 5_000 };
const ringCalls = () => api.calls.filter((c) => c.id === 'report.ring').map((c) => c.input);

/** Rings 400–459 completed, listed oldest first as the server lists them. */
const COMPLETED = Array.from({ length: 60 }, (_, i) => ({ ringNo: 400 + i, start: 0, end: 0 }));

function ringReport(input: unknown) {
  const range = typeof input === 'object' && input !== null && 'ringStart' in input && 'ringEnd' in input ? input : { ringStart: 0, ringEnd: -1 };
  const rows = [];
  for (let n = Number(range.ringStart); n <= Number(range.ringEnd) && n <= 459; n += 1) rows.push(ring(n, n % 16));
  return { runId: 1, projectName: MILAN_RUN.projectName, tbmCode: 'S-1125', machineType: 'epb', timeZone: 'Europe/Rome', ringWidth: 1.5, rows };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const show = () => fireEvent.click(screen.getByTestId('ring-range-apply'));

describe('ring report page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, token: 'tok-1' });
    api.responses.set('report.ringOptions', COMPLETED);
    api.responses.set('report.ring', ringReport);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, token: null });
  });

  it('opens on the newest 50 completed rings, with units in the headers and durations as h:mm', async () => {
    renderRoutes(routes, '/fw1/report/ring');
    const table = await screen.findByTestId('ring-table', {}, SETTLE);
    expect(ringCalls()).toEqual([{ runId: 1, ringStart: 410, ringEnd: 459 }]);
    expect(field('Start ring').value).toBe('410');
    expect(field('End ring').value).toBe('459');
    expect(within(screen.getByTestId('report-header-period')).getByText('Rings 410–459')).toBeTruthy();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Duration (h:mm)');
    expect(headers).toContain('Thrust avg (kN)');
    expect(headers).toContain('Tail gap right (mm)');
    const first = within(table).getAllByRole('row').find((r) => r.textContent?.startsWith('410'));
    expect(first?.textContent).toContain('1:15');
    expect(first?.textContent).toContain('14,230');
    expect(first?.textContent).toContain('42.4');
    expect(first?.textContent).toContain('1.84');
    // The ring column stays in view while the table scrolls sideways.
    expect(within(table).getAllByRole('columnheader')[0]?.className).toContain('ant-table-cell-fix');
  });

  it('refuses a start above the end, and more than 2,000 rings, with the server’s messages', async () => {
    renderRoutes(routes, '/fw1/report/ring');
    await screen.findByTestId('ring-table', {}, SETTLE);
    type('Start ring', '500');
    type('End ring', '450');
    show();
    expect(await screen.findByText('The start ring must not be above the end ring', {}, SETTLE)).toBeTruthy();

    type('Start ring', '100');
    type('End ring', '2100');
    show();
    expect(await screen.findByText('A ring report can hold at most 2000 rings', {}, SETTLE)).toBeTruthy();

    type('End ring', '');
    show();
    expect(await screen.findByText('This field is required', {}, SETTLE)).toBeTruthy();
    expect(ringCalls()).toEqual([{ runId: 1, ringStart: 410, ringEnd: 459 }]);

    // Exactly 2,000 rings is allowed.
    type('End ring', '2099');
    show();
    await waitFor(() => expect(ringCalls().at(-1)).toEqual({ runId: 1, ringStart: 100, ringEnd: 2099 }), SETTLE);
  });

  it('exports the range shown', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      new Response('PK-workbook', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/fw1/report/ring?ringStart=420&ringEnd=425');
    await screen.findByTestId('ring-table', {}, SETTLE);
    expect(ringCalls()).toEqual([{ runId: 1, ringStart: 420, ringEnd: 425 }]);
    fireEvent.click(screen.getByTestId('report-export'));
    // The server named no file: the page names it after the machine and the range.
    await waitFor(() => expect(saved).toEqual(['S-1125-rings-420-425.xlsx']), SETTLE);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ report: 'ring', runId: 1, ringStart: 420, ringEnd: 425 });
  });

  it('says so when no ring has been completed yet', async () => {
    api.responses.set('report.ringOptions', []);
    renderRoutes(routes, '/fw1/report/ring');
    expect((await screen.findByTestId('ring-none', {}, SETTLE)).textContent).toContain('No ring has been completed yet');
    expect(ringCalls()).toEqual([]);
    expect(screen.getByTestId('report-export').hasAttribute('disabled')).toBe(true);
  });
});
