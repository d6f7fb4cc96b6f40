import type { shiftReportContract } from '@boreline/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ShiftReportPage } from './ShiftReportPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const H = 3_600_000;
const M = 60_000;
// 23/11/2026 07:00 in Milan (UTC+1): the day shift runs 07:00–19:00, the night shift 19:00–07:00.
const DAY_START = Date.UTC(2026, 10, 23, 6);
const REC_ID = 41;

type DayShift = shiftReportContract.ShiftDay['shifts'][number];

const slotOf = (shiftNo: number, date: string, extra: Partial<DayShift> = {}): DayShift => {
  const base = DAY_START + (date === '2026-11-24' ? 24 * H : 0) + (shiftNo - 1) * 12 * H;
  return {
    runId: 1,
    date,
    shiftNo,
    shiftId: shiftNo,
    shiftName: shiftNo === 1 ? 'Day shift' : 'Night shift',
    start: base,
    end: base + 12 * H,
    timeZone: 'Europe/Rome',
    // Far ahead of the test's clock, unless a test says otherwise.
    editableUntil: Date.now() + 10 * 24 * H,
    editable: true,
    shiftRecId: null,
    recordCount: 0,
    unexplainedStops: 0,
    ...extra,
  };
};

const record = (recordId: number, extra: Partial<shiftReportContract.ShiftRecord>): shiftReportContract.ShiftRecord => ({
  recordId,
  kind: 'process',
  process: 'advance',
  stopReason: null,
  start: DAY_START,
  end: DAY_START + H,
  durationMs: H,
  share: 1 / 12,
  primary: false,
  generated: false,
  remark: null,
  ...extra,
});

const PRIMARY = record(1, { process: 'advance', start: DAY_START, end: DAY_START + 2 * H, primary: true, generated: true });
const MAINTENANCE = record(2, { process: 'maintenance', start: DAY_START + 2 * H, end: DAY_START + 3 * H, remark: 'Grease' });
const UNEXPLAINED = record(3, { kind: 'stop', process: null, stopReason: null, start: DAY_START + 3 * H, end: DAY_START + 3 * H + 30 * M, generated: true });

const stats: shiftReportContract.ShiftStats = {
  shiftMs: 12 * H,
  processMs: 3 * H,
  stopMs: 30 * M,
  unrecordedMs: 8 * H + 30 * M,
  unexplainedStops: 1,
  lines: [{ kind: 'process', code: 'advance', durationMs: 2 * H, share: 1 / 6, count: 1 }],
  machine: { advanceMs: 2 * H, ringBuildMs: 40 * M, waitingMs: 30 * M, ringsCompleted: 3, metres: 4.5 },
};

function reportOf(slot: DayShift, records: shiftReportContract.ShiftRecord[], main: Partial<shiftReportContract.ShiftMain> = {}): shiftReportContract.ShiftReport {
  const { shiftRecId: _id, recordCount: _count, unexplainedStops: _stops, ...plain } = slot;
  return {
    slot: plain,
    main: {
      shiftRecId: REC_ID,
      leader: 'M. Bianchi',
      headcount: 8,
      ringStart: 1012,
      ringEnd: 1016,
      machineStatus: 'advance',
      remark: null,
      handover: null,
      generatedAt: null,
      updatedAt: DAY_START + 13 * H,
      updatedBy: null,
      ...main,
    },
    records,
    stats,
  };
}

/** The server of one date: its two shifts, the first with a report holding `records`. */
function serve(records: shiftReportContract.ShiftRecord[], dayExtra: Partial<DayShift> = {}) {
  const day = (date: string) => ({
    date,
    timeZone: 'Europe/Rome',
    shifts: [slotOf(1, date, { shiftRecId: date === '2026-11-23' ? REC_ID : null, recordCount: records.length, ...dayExtra }), slotOf(2, date)],
  });
  api.responses.set('report.shiftDay', (input: { date: string }) => day(input.date));
  api.responses.set('report.datesWithRecords', [{ date: '2026-11-23', reports: 1 }]);
  api.responses.set('report.findShiftMain', (input: { date: string; shiftNo: number }) =>
    input.date === '2026-11-23' && input.shiftNo === 1 ? reportOf(slotOf(1, input.date, dayExtra), records) : null,
  );
  api.responses.set('report.shiftGraph', {
    slot: reportOf(slotOf(1, '2026-11-23'), records).slot,
    records,
    states: [{ state: 'advance', start: DAY_START, end: DAY_START + 2 * H, ringNo: 1013 }],
  });
  api.responses.set('report.ringOptions', [{ ringNo: 1013, start: DAY_START, end: DAY_START + 2 * H }]);
}

function renderPage(path = '/fw1/report/turn_over?date=2026-11-23&shift=1') {
  const handle = { name: 'reportShift', resource: 'menu.reports' as const };
  const routes: AppRoute[] = [
    { path: '/fw1/report/turn_over', element: <ShiftReportPage />, handle },
    { path: '/fw1/report/turn_over/sg', element: <ShiftReportPage />, handle: { ...handle, name: 'reportShiftSg' } },
  ];
  return renderRoutes(routes, path);
}

const callsOf = (id: string) => api.calls.filter((c) => c.id === id);
const recordRows = () => [...screen.getByTestId('shift-records').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];

// antd's pickers, selects and dialogs are slow to drive in jsdom.
describe('shift report page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.reports', 'report.shift.read', 'report.shift.write'] });
  });
  afterEach(() => {
    // Unmount first: a page still on screen would react to the cleared run by navigating away.
    cleanup();
    vi.useRealTimers();
    api.calls.length = 0;
    api.responses.clear();
    useNotifications.setState({ message: null });
    useFramework.setState({ run: null, resources: [] });
  });

  it('loads the report of the shift picked, and offers to start one where none exists', async () => {
    serve([PRIMARY]);
    renderPage();
    expect(await screen.findByDisplayValue('M. Bianchi')).toBeTruthy();
    expect(screen.getByText('Day shift · 23/11/2026')).toBeTruthy();
    expect(within(screen.getByTestId('shift-option-1')).getByLabelText('A report exists')).toBeTruthy();

    await userEvent.click(screen.getByText('Night shift'));
    expect(await screen.findByText(/No report for this shift yet/)).toBeTruthy();
    expect(callsOf('report.findShiftMain').at(-1)?.input).toEqual({ runId: 1, date: '2026-11-23', shiftNo: 2 });
    expect(screen.getByRole('button', { name: /Start the report/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Generate from machine data/ })).toBeTruthy();

    const date = screen.getByLabelText('Date');
    await userEvent.click(date);
    await userEvent.clear(date);
    await userEvent.type(date, '24/11/2026');
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(callsOf('report.findShiftMain').at(-1)?.input).toEqual({ runId: 1, date: '2026-11-24', shiftNo: 2 }));
    expect(callsOf('report.shiftDay').some((c) => JSON.stringify(c.input) === JSON.stringify({ runId: 1, date: '2026-11-24' }))).toBe(true);
  });

  it('saves the main part as typed, and keeps it with the server’s problem at its field when refused', async () => {
    serve([PRIMARY]);
    api.responses.set('report.saveShiftMain', () => {
      throw new ApiError(3, 'End ring: must not be below the start ring', { fields: [{ field: 'ringEnd', message: 'Must not be below the start ring' }] });
    });
    renderPage();
    const leader = await screen.findByLabelText('Shift leader');
    await userEvent.clear(leader);
    await userEvent.type(leader, 'L. Ferrari');
    const headcount = screen.getByLabelText('Headcount');
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '11');
    await userEvent.type(screen.getByLabelText('Handover'), 'Cutter 14 worn');
    await userEvent.type(leader, '{Enter}');

    await waitFor(() => expect(callsOf('report.saveShiftMain')).toHaveLength(1));
    expect(callsOf('report.saveShiftMain')[0]?.input).toEqual({
      runId: 1,
      date: '2026-11-23',
      shiftNo: 1,
      leader: 'L. Ferrari',
      headcount: 11,
      ringStart: 1012,
      ringEnd: 1016,
      machineStatus: 'advance',
      remark: null,
      handover: 'Cutter 14 worn',
    });
    expect(await screen.findByText('Must not be below the start ring')).toBeTruthy();
    expect(useNotifications.getState().message?.text).toBe('End ring: must not be below the start ring');
    expect(screen.getByLabelText<HTMLInputElement>('Shift leader').value).toBe('L. Ferrari');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Handover').value).toBe('Cutter 14 worn');
  });

  it('says the main part is saved and leaves nothing unsaved, although the saved report re-draws its form', async () => {
    serve([PRIMARY]);
    api.responses.set('report.saveShiftMain', (input: { leader: string }) =>
      reportOf(slotOf(1, '2026-11-23'), [PRIMARY], { leader: input.leader, updatedAt: DAY_START + 13 * H }),
    );
    renderPage();
    const leader = await screen.findByLabelText('Shift leader');
    // As over a network: the views refreshed after the save answer later, the saved form re-draws first.
    const graph = api.responses.get('report.shiftGraph');
    api.responses.set('report.shiftGraph', () => new Promise((resolve) => setTimeout(() => resolve(graph), 50)));
    await userEvent.clear(leader);
    await userEvent.type(leader, 'L. Ferrari{Enter}');
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Saved successfully'));
    expect(await screen.findByDisplayValue('L. Ferrari')).toBeTruthy();
    // Nothing is left to lose: switching to the other shift asks nothing.
    await userEvent.click(screen.getByTestId('shift-option-2'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks before generation overwrites existing records, then sends it again with overwrite', async () => {
    serve([PRIMARY, MAINTENANCE]);
    api.responses.set('report.autoGenShiftRecord', (input: { overwrite: boolean }) => {
      if (!input.overwrite) throw new ApiError(3, 'This shift already has records. The original data will be overwritten.', { needsConfirmation: true });
      return reportOf(slotOf(1, '2026-11-23'), [PRIMARY, UNEXPLAINED]);
    });
    renderPage();
    await screen.findByDisplayValue('M. Bianchi');
    await userEvent.click(screen.getByRole('button', { name: /Generate from machine data/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This shift already has records. The original data will be overwritten.')).toBeTruthy();
    expect(callsOf('report.autoGenShiftRecord')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));

    await waitFor(() => expect(callsOf('report.autoGenShiftRecord')).toHaveLength(2));
    expect(callsOf('report.autoGenShiftRecord').map((c) => c.input)).toEqual([
      { runId: 1, date: '2026-11-23', shiftNo: 1, overwrite: false },
      { runId: 1, date: '2026-11-23', shiftNo: 1, overwrite: true },
    ]);
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Records generated from the machine data'));
    // The generated records replace the old ones on screen.
    await waitFor(() => expect(screen.getByTestId('shift-unexplained').textContent).toContain('Stops without a reason: 1'));
  });

  it('locks primary records: no time inputs, no delete; other records can be changed and deleted', async () => {
    serve([PRIMARY, MAINTENANCE]);
    renderPage();
    await screen.findByTestId('shift-records');
    const [primary, other] = recordRows();
    if (!primary || !other) throw new Error('rows missing');
    expect(within(primary).getByLabelText(/A primary process cannot be edited or deleted/)).toBeTruthy();
    expect(within(primary).queryByRole('button', { name: 'Delete record' })).toBeNull();
    expect(within(primary).queryByLabelText('Start')).toBeNull();
    expect(primary.textContent).toContain('07:00');
    expect(primary.textContent).toContain('09:00');
    expect(within(other).getByRole('button', { name: 'Delete record' })).toBeTruthy();
    expect(within(other).getByLabelText<HTMLInputElement>('Start').value).toBe('09:00');

    await userEvent.click(within(other).getByRole('button', { name: 'Delete record' }));
    expect(await screen.findByText('Delete this record? Once the records are saved, the deletion is permanent.')).toBeTruthy();
  });

  it('refuses to save records while a stop has no reason, with the message, without calling the server', async () => {
    serve([PRIMARY, UNEXPLAINED]);
    api.responses.set('report.saveShiftRecords', reportOf(slotOf(1, '2026-11-23'), [PRIMARY, UNEXPLAINED]));
    renderPage();
    await screen.findByTestId('shift-records');
    expect(screen.getByTestId('shift-unexplained').textContent).toContain('Stops without a reason: 1');
    await userEvent.click(screen.getByRole('button', { name: /Add stop/ }));
    expect(recordRows()).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: /Save records/ }));
    const problems = await screen.findByTestId('shift-record-problems');
    expect(problems.textContent).toBe('Please choose the reason for this stop');
    expect(within(recordRows()[1] ?? document.body).getByRole('alert').textContent).toBe('Please choose the reason for this stop');
    expect(useNotifications.getState().message?.text).toBe('Please choose the reason for this stop');
    expect(callsOf('report.saveShiftRecords')).toHaveLength(0);
  });

  it('turns read-only by itself when the clock passes the end of the edit window', async () => {
    const now = DAY_START + 14 * H;
    vi.useFakeTimers({ shouldAdvanceTime: true, now, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    serve([PRIMARY], { editableUntil: now + 60_000 });
    renderPage();
    const leader = await screen.findByLabelText<HTMLInputElement>('Shift leader');
    expect(screen.getByTestId('shift-editable-until').textContent).toBe('Editable until 23/11/2026 21:01');
    expect(leader.disabled).toBe(false);
    expect(screen.getByRole('button', { name: /Save records/ })).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(await screen.findByText('Editing time expired')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Shift leader').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save records/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Generate from machine data/ })).toBeNull();
    expect(screen.queryByTestId('shift-editable-until')).toBeNull();
  });

  it('turns read-only when the server refuses a save as too late, whatever this browser’s clock says', async () => {
    serve([PRIMARY]);
    api.responses.set('report.saveShiftMain', () => {
      throw new ApiError(3, 'Editing time expired', { editExpired: true });
    });
    renderPage();
    const leader = await screen.findByLabelText<HTMLInputElement>('Shift leader');
    await userEvent.type(leader, ' Jr.{Enter}');
    expect(await screen.findByTestId('shift-expired')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Shift leader').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Shift leader').value).toBe('M. Bianchi Jr.');
  });

  it('switches to the segment-erection view of the same shift and lists its rings', async () => {
    serve([PRIMARY]);
    api.responses.set('report.ringSegments', [
      { ringNo: 1013, start: DAY_START + 40 * M, end: DAY_START + 80 * M, ringBuildMs: 40 * M, advanceMs: 55 * M, segmentType: 'L', keyPosition: null, tailGap: { top: 42, bottom: 38, left: 40, right: 41 }, tailHorizontal: -12, tailVertical: 8 },
      { ringNo: 1014, start: DAY_START + 150 * M, end: DAY_START + 190 * M, ringBuildMs: 40 * M, advanceMs: 60 * M, segmentType: 'R', keyPosition: '11', tailGap: { top: null, bottom: null, left: null, right: null }, tailHorizontal: null, tailVertical: null },
    ]);
    const router = renderPage();
    await screen.findByDisplayValue('M. Bianchi');
    await userEvent.click(screen.getByText('Segment erection'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fw1/report/turn_over/sg'));
    expect(router.state.location.search).toBe('?date=2026-11-23&shift=1');

    const table = await screen.findByTestId('shift-rings');
    const rows = await waitFor(() => {
      const found = [...table.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.textContent ?? '');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows[0]).toContain('1013');
    expect(rows[0]).toContain('23/11 07:40');
    expect(rows[0]).toContain('40 min');
    expect(rows[0]).toContain('—');
    expect(rows[1]).toContain('1014');
    expect(rows[1]).toContain('11');
    expect(callsOf('report.ringSegments')[0]?.input).toEqual({ runId: 1, shiftRecId: REC_ID });
  });
});
