import { KEY_TAGS, tagCatalogue } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildRun, ringRecord } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/testApp.js';
import { encodeChunk } from '../codec/chunkCodec.js';
import { fillHistory } from '../simulatedHistory.js';
import { type Frame, TagLayout } from '../frame.js';
import { IngestService } from '../ingest.js';
import { LatestValues } from '../latestValues.js';
import { FrameStoreRepo } from '../store/frameStore.repo.js';
import { decodeTagStats, RingTagStatsRepo } from '../store/ringTagStats.repo.js';
import { RingTagStatsBuilder } from './ringTagStatsBuilder.js';
import { RingTagStatsJob } from './ringTagStatsJob.js';
import { JobRegistry } from '../../jobs/job.js';
import { JobRunner } from '../../jobs/jobRunner.js';
import { JobRunsRepo } from '../../jobs/jobRuns.repo.js';
// A ring row with only its span: the report fixtures' builder (the figures do not matter here).


const MIN = 60_000;
const HOUR = 60 * MIN;
/** Not on a 10-minute window: the advance spans three windows, the last still open (pending rows). */
const T0 = Date.UTC(2026, 10, 18, 6, 5, 0);
const KEY_CODES = new Set<string>(Object.values(KEY_TAGS));

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

/** [min, mean, max] of `code` in a stored row, read through the layout the row names. */
async function statsOf(t: TestApp, runId: number, ringNo: number, code: string): Promise<{ frames: number; layoutId: number; triple: number[] }> {
  const [row] = await new RingTagStatsRepo(t.db.kysely).rows(runId, ringNo, ringNo);
  if (!row) throw new Error(`no statistics for ring ${ringNo}`);
  const codes = (await new FrameStoreRepo(t.db.kysely).layouts(runId)).get(row.layout_id) ?? [];
  const i = codes.indexOf(code);
  const values = decodeTagStats(row.data);
  return { frames: row.frames, layoutId: row.layout_id, triple: [values[3 * i], values[3 * i + 1], values[3 * i + 2]].map(Number) };
}

const allNaN = (triple: number[]) => triple.length === 3 && triple.every((v) => Number.isNaN(v));

describe('per-ring statistics of every tag', () => {
  let t: TestApp;
  let runId = 0;
  let layout: TagLayout;
  let ingest: IngestService;
  /** Ordinary (non-key) tags the script sets: one only while advancing, one only while building, one never. */
  let advanceOnly = '';
  let buildOnly = '';
  let never = '';

  /**
   * Ring 100: 20 min of advance (thrust 12,000 kN for 10 min then 18,000; cutterhead speed cycling
   * 1, 1.5, 2, 2.5 r/min; `advanceOnly` = 5 for the first 10 min, missing after), 3 min of ring
   * building (thrust 2,000, `advanceOnly` = 1,000, `buildOnly` = 99), then 2 min of ring 101's advance.
   */
  function script(): Frame[] {
    const at = (code: string) => layout.indexOf(code);
    const frames: Frame[] = [];
    const phase = (from: number, minutes: number, ring: number, mode: 'advance' | 'build') => {
      for (let s = 0; s < minutes * 60; s += 1) {
        const values = layout.emptyValues();
        const advancing = mode === 'advance';
        values[at(KEY_TAGS.ringNo)] = ring;
        values[at(KEY_TAGS.advanceMode)] = advancing ? 1 : 0;
        values[at(KEY_TAGS.erectMode)] = advancing ? 0 : 1;
        values[at(KEY_TAGS.advanceSpeed)] = advancing ? 40 : 0;
        values[at(KEY_TAGS.cutterSpeed)] = advancing ? 1 + (s % 4) * 0.5 : 0;
        values[at(KEY_TAGS.totalThrust)] = advancing ? (s < 600 ? 12_000 : 18_000) : 2_000;
        if (!advancing) values[at(advanceOnly)] = 1_000;
        else if (s < 600) values[at(advanceOnly)] = 5;
        if (!advancing) values[at(buildOnly)] = 99;
        frames.push({ runId, ts: from + s * 1000, values });
      }
      return from + minutes * MIN;
    };
    let ts = phase(T0, 20, 100, 'advance');
    ts = phase(ts, 3, 100, 'build');
    phase(ts, 2, 101, 'advance');
    return frames;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id);
    ingest = new IngestService(t.db.kysely, new LatestValues());
    layout = await ingest.open({ runId, machineType: 'epb', ringWidthMm: 1500, endChainage: null });
    [advanceOnly = '', buildOnly = '', never = ''] = layout.codes.filter((c) => !KEY_CODES.has(c));
    const frames = script();
    for (let i = 0; i < frames.length; i += 200) await ingest.ingest(runId, frames.slice(i, i + 200));
  });
  afterAll(() => t.close());

  it('counts only the advance frames of the ring, pending ones included, and stores the ring end', async () => {
    const ring = await t.db.kysely.selectFrom('rings').select(['start_ts', 'end_ts']).where('run_id', '=', runId).where('ring_no', '=', 100).executeTakeFirstOrThrow();
    expect([ring.start_ts, ring.end_ts]).toEqual([T0, T0 + 23 * MIN]);
    // The last five minutes of the advance are still in the open window's pending rows.
    expect((await new FrameStoreRepo(t.db.kysely).pending(runId)).length).toBeGreaterThan(0);

    const built = await new RingTagStatsBuilder(t.db.kysely, quietLog()).build(runId, 100);
    expect(built).toMatchObject({ runId, ringNo: 100, ringEnd: T0 + 23 * MIN, frames: 1200 });
    const thrust = await statsOf(t, runId, 100, KEY_TAGS.totalThrust);
    expect(thrust.frames).toBe(1200);
    // 600 × 12,000 and 600 × 18,000; the building's 2,000 kN would have pulled min and mean down.
    expect(thrust.triple).toEqual([12_000, 15_000, 18_000]);
    expect((await statsOf(t, runId, 100, KEY_TAGS.cutterSpeed)).triple).toEqual([1, 1.75, 2.5]);
    // Missing half the advance: the mean of the values there are, not diluted; 1,000 while building ignored.
    expect((await statsOf(t, runId, 100, advanceOnly)).triple).toEqual([5, 5, 5]);
    expect(allNaN((await statsOf(t, runId, 100, buildOnly)).triple)).toBe(true);
    expect(allNaN((await statsOf(t, runId, 100, never)).triple)).toBe(true);
    const [row] = await t.db.kysely.selectFrom('ring_tag_stats').select(['ring_end_ts', 'data']).where('run_id', '=', runId).execute();
    expect(row?.ring_end_ts).toBe(T0 + 23 * MIN);
    expect(decodeTagStats(row?.data ?? new Uint8Array())).toHaveLength(3 * layout.size);
  });

  it('gives the same figures once the open window became a chunk (a frame is never counted twice)', async () => {
    await ingest.flushIdle(Number.MAX_SAFE_INTEGER);
    expect(await new FrameStoreRepo(t.db.kysely).pending(runId)).toEqual([]);
    await new RingTagStatsBuilder(t.db.kysely, quietLog()).build(runId, 100);
    const thrust = await statsOf(t, runId, 100, KEY_TAGS.totalThrust);
    expect(thrust.frames).toBe(1200);
    expect(thrust.triple).toEqual([12_000, 15_000, 18_000]);
  });

  it('writes a row with 0 frames and only NaN for a ring without stored frames, so it is not due again', async () => {
    const repo = new RingTagStatsRepo(t.db.kysely);
    await t.db.kysely
      .insertInto('rings')
      .values({ ...ringRecord(runId, 90, T0 - 10 * HOUR, T0 - 9 * HOUR, { frames: 0 }) })
      .execute();
    await t.db.kysely.insertInto('tbm_states').values({ run_id: runId, state: 'advance', start_ts: T0 - 10 * HOUR, end_ts: T0 - 9.5 * HOUR, ring_no: 90 }).execute();
    expect(await repo.due(T0, 10)).toContainEqual({ runId, ringNo: 90 });

    const built = await new RingTagStatsBuilder(t.db.kysely, quietLog()).build(runId, 90);
    expect(built?.frames).toBe(0);
    const [row] = await repo.rows(runId, 90, 90);
    const layoutId = await new FrameStoreRepo(t.db.kysely).layoutId(runId, layout.codes, Date.now());
    expect(row).toMatchObject({ ring_no: 90, frames: 0, layout_id: layoutId });
    const values = decodeTagStats(row?.data ?? new Uint8Array());
    expect(values).toHaveLength(3 * layout.size);
    expect(values.every((v) => Number.isNaN(v))).toBe(true);
    expect(await repo.due(T0, 10)).not.toContainEqual({ runId, ringNo: 90 });
  });

  it('builds a ring again when its end changed, from the advance inside the new span', async () => {
    const repo = new RingTagStatsRepo(t.db.kysely);
    const now = T0 + HOUR;
    expect(await repo.due(now, 10)).not.toContainEqual({ runId, ringNo: 100 });
    // As a recomputation over late data would: ring 100 now ends a quarter of an hour in.
    await t.db.kysely.updateTable('rings').set({ end_ts: T0 + 15 * MIN }).where('run_id', '=', runId).where('ring_no', '=', 100).execute();
    expect(await repo.due(now, 10)).toContainEqual({ runId, ringNo: 100 });

    await new RingTagStatsBuilder(t.db.kysely, quietLog()).build(runId, 100);
    const thrust = await statsOf(t, runId, 100, KEY_TAGS.totalThrust);
    // 600 × 12,000 + 300 × 18,000 over 900 frames.
    expect(thrust.frames).toBe(900);
    expect(thrust.triple).toEqual([12_000, 14_000, 18_000]);
    expect(await repo.due(now, 10)).not.toContainEqual({ runId, ringNo: 100 });
    await t.db.kysely.updateTable('rings').set({ end_ts: T0 + 23 * MIN }).where('run_id', '=', runId).where('ring_no', '=', 100).execute();
  });

  it('merges frames stored under an older layout into the newest one by tag code', async () => {
    const store = new FrameStoreRepo(t.db.kysely);
    const other = await buildRun(t.db, (await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()).id);
    const start = Date.UTC(2026, 10, 19, 8, 0, 0);
    await t.db.kysely.insertInto('rings').values(ringRecord(other, 7, start, start + 20 * MIN, { frames: 0 })).execute();
    await t.db.kysely.insertInto('tbm_states').values({ run_id: other, state: 'advance', start_ts: start, end_ts: start + 10 * MIN, ring_no: 7 }).execute();
    const chunk = async (codes: string[], from: number, rows: number[][]) => {
      const layoutId = await store.layoutId(other, codes, Date.now());
      const ts = Float64Array.from(rows, (_, k) => from + k * 1000);
      const columns = codes.map((_, i) => Float64Array.from(rows, (r) => r[i] ?? Number.NaN));
      const data = encodeChunk({ ts, columns, precisions: codes.map(() => 2) });
      await store.insertChunk(other, { layoutId, startTs: from, endTs: from + (rows.length - 1) * 1000, frames: rows.length, data, minutes: data }, null);
      return layoutId;
    };
    // The older layout [a, b]; the newer [c, b, a] (a tag was added, the order changed).
    const older = await chunk(['x.a', 'x.b'], start, [
      [10, 1],
      [20, 3],
    ]);
    const newer = await chunk(['x.c', 'x.b', 'x.a'], start + 5 * MIN, [
      [7, 5, 60],
      [8, Number.NaN, 90],
    ]);
    // A frame of the newer layout after the advance (ring building): not counted.
    await chunk(['x.c', 'x.b', 'x.a'], start + 15 * MIN, [[1000, 1000, 1000]]);
    expect(newer).toBeGreaterThan(older);
    // The older frames once more as a pending row (a window closing while it is read): counted once.
    const again = encodeChunk({ ts: Float64Array.of(start, start + 1000), columns: [Float64Array.of(10, 20), Float64Array.of(1, 3)], precisions: [2, 2] });
    await store.insertPending(other, older, start, 2, again);

    const built = await new RingTagStatsBuilder(t.db.kysely, quietLog()).build(other, 7);
    expect(built).toMatchObject({ layoutId: newer, frames: 4 });
    expect((await statsOf(t, other, 7, 'x.a')).triple).toEqual([10, 45, 90]);
    expect((await statsOf(t, other, 7, 'x.b')).triple).toEqual([1, 3, 5]);
    expect((await statsOf(t, other, 7, 'x.c')).triple).toEqual([7, 7.5, 8]);
  });

  it('the job builds the due rings, logs a failing ring without stopping, and stops cleanly', async () => {
    await t.db.kysely.deleteFrom('ring_tag_stats').execute();
    const repo = new RingTagStatsRepo(t.db.kysely);
    const now = T0 + HOUR;
    const due = await repo.due(now - 90_000, 50);
    expect(due).toEqual(expect.arrayContaining([{ runId, ringNo: 90 }, { runId, ringNo: 100 }]));
    const log = quietLog();
    const job = new RingTagStatsJob({ db: t.db.kysely, log, now: () => now });

    // Ring 90 fails once: logged, left aside, the others built.
    const build = RingTagStatsBuilder.prototype.build;
    const spy = vi.spyOn(RingTagStatsBuilder.prototype, 'build').mockImplementation(async function (this: RingTagStatsBuilder, id: number, ringNo: number) {
      if (id === runId && ringNo === 90) throw new Error('disk on fire');
      return build.call(this, id, ringNo);
    });
    expect(await job.pass()).toBe(due.length - 1);
    spy.mockRestore();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ runId, ringNo: 90 }), 'ring tag statistics of a ring failed');
    expect(await repo.due(now - 90_000, 50)).toEqual([{ runId, ringNo: 90 }]);
    expect((await statsOf(t, runId, 100, KEY_TAGS.totalThrust)).triple).toEqual([12_000, 15_000, 18_000]);

    // Left aside until its retry time; the scheduler's later pass then builds it.
    expect(await job.pass()).toBe(0);
    expect(await job.pass(now + HOUR)).toBe(1);
    expect(await repo.due(now - 90_000, 50)).toEqual([]);
  });

  it('as a scheduled job: the runner builds due rings, and stop() waits for the ring being built and starts no other', async () => {
    await t.db.kysely.deleteFrom('ring_tag_stats').execute();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = RingTagStatsBuilder.prototype.build;
    let finished = false;
    const spy = vi.spyOn(RingTagStatsBuilder.prototype, 'build').mockImplementation(async function (this: RingTagStatsBuilder, id: number, ringNo: number) {
      await gate;
      const result = await build.call(this, id, ringNo);
      finished = true;
      return result;
    });
    const job = new RingTagStatsJob({ db: t.db.kysely, log: quietLog(), now: () => T0 + HOUR });
    const registry = new JobRegistry();
    registry.declare({ name: 'test.ringTagStats', intervalMs: 10, run: ({ signal }) => job.pass(T0 + HOUR, signal) });
    const runner = new JobRunner({ registry, repo: new JobRunsRepo(t.db.kysely), log: quietLog(), now: Date.now }, { owner: 'test', tickMs: 10 });
    await runner.start();
    await vi.waitFor(() => expect(spy).toHaveBeenCalled(), { timeout: 5_000, interval: 10 });
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

describe('demo history leaves tag statistics for its rings', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('sampled statistics for the older rings, statistics from frames for the recent ones', async () => {
    t = await createTestApp();
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const runId = await buildRun(t.db, root.id);
    const run = { runId, seed: 11, machineType: 'epb' as const, ringWidthMm: 1500, startChainage: 1000, endChainage: 2500, startRing: 1 };
    const layout = new TagLayout(tagCatalogue('epb'));
    const now = Date.UTC(2026, 10, 20, 12, 0, 0);
    const recentMs = 4 * HOUR;
    const ingest = new IngestService(t.db.kysely, new LatestValues());
    await fillHistory(t.db.kysely, ingest, run, layout, { days: 1, recentMs, now });

    const rings = await t.db.kysely.selectFrom('rings').select(['ring_no', 'start_ts', 'end_ts', 'advance_ms']).where('run_id', '=', runId).orderBy('ring_no').execute();
    const layoutId = await new FrameStoreRepo(t.db.kysely).layoutId(runId, layout.codes, now);
    const older = rings.filter((r) => r.end_ts < now - recentMs);
    expect(older.length).toBeGreaterThan(3);
    const stored = await new RingTagStatsRepo(t.db.kysely).rows(runId, 0, 1_000_000);
    const byRing = new Map(stored.map((s) => [s.ring_no, s]));
    const thrust = layout.tags[layout.indexOf(KEY_TAGS.totalThrust)];
    const thrustAt = layout.indexOf(KEY_TAGS.totalThrust);
    for (const ring of older) {
      const row = byRing.get(ring.ring_no);
      expect(row, `ring ${ring.ring_no}`).toBeDefined();
      expect(row?.layout_id).toBe(layoutId);
      // One sample a simulated minute of advance.
      expect(Math.abs((row?.frames ?? 0) - ring.advance_ms / MIN)).toBeLessThanOrEqual(2);
      const values = decodeTagStats(row?.data ?? new Uint8Array());
      const [min = Number.NaN, mean = Number.NaN, max = Number.NaN] = values.subarray(3 * thrustAt, 3 * thrustAt + 3);
      expect(min).toBeLessThanOrEqual(mean);
      expect(mean).toBeLessThanOrEqual(max);
      expect(mean).toBeGreaterThan(thrust?.min ?? Number.NaN);
      expect(mean).toBeLessThan(thrust?.max ?? Number.NaN);
      // Sampled full frames: ordinary tags have values too, not only the key tags.
      const withValues = layout.codes.filter((_, i) => !Number.isNaN(values[3 * i + 1] ?? Number.NaN)).length;
      expect(withValues).toBeGreaterThan(layout.size / 2);
    }

    // Rings completed inside the recent window are built by the job from their frames: one per second of advance.
    const recent = rings.filter((r) => r.start_ts >= now - recentMs);
    expect(recent.length).toBeGreaterThan(0);
    const job = new RingTagStatsJob({ db: t.db.kysely, log: quietLog(), now: () => now + HOUR });
    await job.pass();
    // No ring is left between sampled history and stored frames: every ring has statistics.
    expect(new Set(stored.map((s) => s.ring_no)).size + recent.length).toBeGreaterThanOrEqual(rings.length);
    for (const [i, ring] of recent.entries()) {
      const row = (await new RingTagStatsRepo(t.db.kysely).rows(runId, ring.ring_no, ring.ring_no))[0];
      // Frames are stored from the moment the engine confirmed the first ring of the window, seconds after its start.
      if (i === 0) expect(ring.advance_ms / 1000 - (row?.frames ?? 0), `ring ${ring.ring_no}`).toBeLessThan(60);
      else expect(row?.frames, `ring ${ring.ring_no}`).toBe(ring.advance_ms / 1000);
      const values = decodeTagStats(row?.data ?? new Uint8Array());
      const mean = values[3 * thrustAt + 1] ?? Number.NaN;
      expect(mean).toBeGreaterThan(thrust?.min ?? Number.NaN);
      expect(mean).toBeLessThan(thrust?.max ?? Number.NaN);
    }
    // A day of simulated seconds and hours of full frames through ingest.
  }, 60_000);
});
