import type { ringHistoryContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { RingHistoryPage } from './RingHistoryPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const uploads = vi.hoisted(() => ({ calls: [] as { fields: Record<string, string> | undefined }[], answers: [] as unknown[] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
// The sheet goes up through the upload client (XMLHttpRequest): it answers what the test queued.
vi.mock('../../../core/api/upload.js', () => ({
  uploadFile: vi.fn(async (_endpoint: unknown, _file: Blob, options: { fields?: Record<string, string>; onProgress?: (p: number) => void }) => {
    uploads.calls.push({ fields: options.fields });
    options.onProgress?.(100);
    return uploads.answers.shift();
  }),
}));

const SETTLE = { timeout: 5_000 };
/** 2 March 2026 06:00 and 10:00 in Rome (CET). */
const START = Date.UTC(2026, 2, 2, 5);
const END = Date.UTC(2026, 2, 2, 9);

const span = (count: number, firstRing: number | null, lastRing: number | null, firstStart: number | null, lastEnd: number | null) => ({ count, firstRing, lastRing, firstStart, lastEnd });
const summary = (over: Partial<ringHistoryContract.RingHistorySummary> = {}): ringHistoryContract.RingHistorySummary => ({
  timeZone: 'Europe/Rome',
  startRing: 1,
  builtRings: 230,
  imported: span(0, null, null, null, null),
  live: span(30, 201, 230, Date.UTC(2026, 4, 4, 6), Date.UTC(2026, 4, 6, 6)),
  backfill: { hours: 24, lateFrames: 1200, lastLateAt: Date.UTC(2026, 10, 25, 9, 30), earliestLateTs: Date.UTC(2026, 10, 24, 7), recomputes: 1, ringsRebuilt: 4, lastRecomputeAt: Date.UTC(2026, 10, 25, 9, 45) },
  ...over,
});
const ring = (ringNo: number): ringHistoryContract.ImportedRing => ({
  ringNo,
  start: START + (ringNo - 1) * 6 * 3_600_000,
  end: END + (ringNo - 1) * 6 * 3_600_000,
  startChainage: 1000 + 1.5 * (ringNo - 1),
  endChainage: 1000 + 1.5 * ringNo,
  advanceMinutes: 100,
  ringBuildMinutes: 50,
  waitingMinutes: 20,
  thrustAvg: 18_000,
  torqueAvg: 3_100,
  speedAvg: 40.5,
});

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

function renderPage(resources: string[]) {
  useFramework.setState({ run: { ...MILAN_RUN, startRing: 1 }, user: null, resources });
  renderRoutes([{ path: '/fw1/ringHistory', element: <RingHistoryPage />, handle: { name: 'ringHistory', resource: 'menu.project.ringHistory' } }], '/fw1/ringHistory');
}

const ADMIN = ['menu.project.ringHistory', 'project.ringHistory.read', 'project.ringHistory.write'];

describe('ring history page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(() => {
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    uploads.calls.length = 0;
    uploads.answers.length = 0;
    useFramework.setState({ run: null, resources: [] });
  });

  it('says which rings are missing before recording began, shows the backfill, and imports a sheet: refused rows first, then the valid ones, and the history is read again', async () => {
    let imported = false;
    api.responses.set('ringHistory.summary', () =>
      imported ? summary({ builtRings: 230, imported: span(200, 1, 200, START, Date.UTC(2026, 3, 20)) }) : summary(),
    );
    api.responses.set('ringHistory.query', () => (imported ? { total: 200, page: 1, pageSize: 20, records: [ring(1), ring(2)] } : { total: 0, page: 1, pageSize: 20, records: [] }));
    renderPage(ADMIN);

    expect((await screen.findByTestId('missing-rings', {}, SETTLE)).textContent).toContain('Rings 1 to 200 were built before recording began');
    expect(within(screen.getByTestId('built-rings')).getByText('230')).toBeTruthy();
    const backfill = screen.getByTestId('backfill');
    expect(backfill.textContent).toContain('Backfill over the last 24 hours');
    expect(backfill.textContent).toContain('1200');
    // Instants on the project's clock (Rome, CET in November).
    expect(backfill.textContent).toContain('last 25/11/2026 10:30');
    expect(await within(screen.getByTestId('imported-rings')).findByText('No rings imported yet')).toBeTruthy();
    // Without the right to recompute, no rebuild is offered.
    expect(screen.queryByTestId('rebuild')).toBeNull();

    uploads.answers.push(
      { imported: 0, refused: [{ row: 6, column: null, message: "Overlaps ring 201 recorded from the machine's data (04/05/2026 08:00 – 04/05/2026 10:00)" }] },
      { imported: 200, refused: [{ row: 6, column: null, message: "Overlaps ring 201 recorded from the machine's data (04/05/2026 08:00 – 04/05/2026 10:00)" }] },
    );
    await userEvent.click(screen.getByRole('button', { name: /Import rings/ }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    expect(within(dialog).getByText('Import ring history')).toBeTruthy();
    await userEvent.upload(fileInput(), new File([new Uint8Array(2048)], 'history.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(await within(dialog).findByText(/Overlaps ring 201 recorded from the machine's data/, {}, SETTLE)).toBeTruthy();
    expect(uploads.calls[0]?.fields).toEqual({ runId: '1', mode: 'all' });

    imported = true;
    await userEvent.click(within(dialog).getByRole('button', { name: /valid rows/i }));
    await within(dialog).findByText(/200/, {}, SETTLE);
    expect(uploads.calls[1]?.fields).toEqual({ runId: '1', mode: 'validOnly' });
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1);
    if (!close) throw new Error('no close button');
    await userEvent.click(close);

    // The history is read again: the imported rings, on the project's clock, and no ring is missing any more.
    const table = screen.getByTestId('imported-rings');
    await within(table).findByText('02/03/2026 06:00', {}, SETTLE);
    expect(within(table).getByText('02/03/2026 10:00')).toBeTruthy();
    expect(within(table).getByText('1+000.000')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('missing-rings')).toBeNull());
    expect(within(screen.getByTestId('imported-count')).getByText('200')).toBeTruthy();
  });

  it('removes the imported rings only after a confirmation', async () => {
    api.responses.set('ringHistory.summary', summary({ imported: span(200, 1, 200, START, Date.UTC(2026, 3, 20)) }));
    api.responses.set('ringHistory.query', { total: 200, page: 1, pageSize: 20, records: [ring(1)] });
    api.responses.set('ringHistory.delete', { deleted: 200 });
    renderPage(ADMIN);
    await userEvent.click(await screen.findByTestId('remove-imported', {}, SETTLE));
    const confirm = await screen.findByRole('dialog', {}, SETTLE);
    expect(confirm.textContent).toContain("All 200 imported rings and their times go; rings recorded from the machine's data stay.");
    expect(api.calls.some((c) => c.id === 'ringHistory.delete')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'ringHistory.delete')).toEqual([{ id: 'ringHistory.delete', input: { runId: 1 } }]));
  });

  it('rebuilds the rings from the earliest late frame for a caller who may recompute', async () => {
    api.responses.set('ringHistory.summary', summary());
    api.responses.set('ringHistory.query', { total: 0, page: 1, pageSize: 20, records: [] });
    api.responses.set('telemetry.cycleRecompute', { from: Date.UTC(2026, 10, 24, 6), rings: 4, intervals: 12, frames: 1200 });
    renderPage([...ADMIN, 'telemetry.cycle.recompute']);
    const button = await screen.findByTestId('rebuild', {}, SETTLE);
    expect(button.textContent).toBe('Rebuild rings from 24/11/2026 08:00');
    expect(screen.getByTestId('backfill').textContent).toContain('earliest frame 24/11/2026 08:00');
    await userEvent.click(button);
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'telemetry.cycleRecompute')).toEqual([{ id: 'telemetry.cycleRecompute', input: { runId: 1, from: Date.UTC(2026, 10, 24, 7) } }]));
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe("4 rings derived again from the machine's data"));
  });

  it('offers neither the import nor the removal to a reader, and says when the history cannot be loaded', async () => {
    api.responses.set('ringHistory.summary', () => Promise.reject(new Error('The server cannot be reached')));
    api.responses.set('ringHistory.query', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage(['menu.project.ringHistory', 'project.ringHistory.read']);
    expect(await screen.findByText('The history could not be loaded', {}, SETTLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Import rings/ })).toBeNull();
    expect(screen.queryByTestId('remove-imported')).toBeNull();
  });
});
