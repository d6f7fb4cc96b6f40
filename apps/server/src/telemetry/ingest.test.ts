import { KEY_TAGS, type TagDef } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { IngestService } from './ingest.js';
import { LatestValues } from './latestValues.js';
import { recomputeCycles } from './recompute.js';
import { scriptedDrive } from './scriptedDrive.fixture.js';
import { SeriesReader } from './series.js';
import { ownTagDef } from './store/runTags.repo.js';

const T0 = Date.UTC(2026, 10, 18, 6, 0, 0);
const MIN = 60_000;

describe('ingest pipeline: durable frames, cycle records, and a restart in the middle', () => {
  let t: TestApp;
  let runId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id);
  });
  afterAll(() => t.close());

  it('derives the ring and its states from frames, and a restarted pipeline continues without losing or doubling frames', async () => {
    const info = { runId, machineType: 'epb' as const, ringWidthMm: 1500, endChainage: null };
    const first = new IngestService(t.db.kysely, new LatestValues());
    const layout = await first.open(info);
    const frames = scriptedDrive(layout, runId, { start: T0, ring: 100, advanceMin: 30, buildMin: 30, nextMin: 5 });
    const half = 2_000;
    for (let i = 0; i < half; i += 250) await first.ingest(runId, frames.slice(i, i + 250));

    // A new process on the same database: pending frames and the engine's snapshot carry on.
    const second = new IngestService(t.db.kysely, new LatestValues());
    await second.open(info);
    for (let i = half; i < frames.length; i += 250) await second.ingest(runId, frames.slice(i, i + 250));
    await second.flushIdle(Number.MAX_SAFE_INTEGER);

    const rings = await t.db.kysely.selectFrom('rings').selectAll().where('run_id', '=', runId).execute();
    expect(rings).toHaveLength(1);
    const [ring] = rings;
    expect(ring?.ring_no).toBe(100);
    expect(ring?.advance_ms).toBe(30 * MIN);
    expect(ring?.ring_build_ms).toBe(30 * MIN);
    expect(ring?.thrust_avg).toBe(15000);
    const states = await t.db.kysely.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts']).where('run_id', '=', runId).orderBy('start_ts').execute();
    expect(states.map((s) => [s.state, (s.end_ts - s.start_ts) / MIN])).toEqual([
      ['advance', 30],
      ['ringBuild', 30],
    ]);

    const read = await new SeriesReader(t.db.kysely).read(runId, [KEY_TAGS.advanceSpeed], T0, T0 + 65 * MIN, 10_000);
    expect(read.series[0]?.points).toHaveLength(frames.length);
    const pending = await t.db.kysely.selectFrom('tele_pending').select('id').where('run_id', '=', runId).execute();
    expect(pending).toEqual([]);

    // Recomputed from the stored frames (asked for a time inside the ring): the same ring and states, once.
    const again = await recomputeCycles(t.db.kysely, second, runId, T0 + 10 * MIN);
    expect(again).toEqual({ from: T0, rings: 1, intervals: 2, frames: frames.length });
    const ringsAfter = await t.db.kysely.selectFrom('rings').selectAll().where('run_id', '=', runId).execute();
    expect(ringsAfter).toEqual(rings);
    const statesAfter = await t.db.kysely.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts']).where('run_id', '=', runId).orderBy('start_ts').execute();
    expect(statesAfter).toEqual(states);
  });

  it('moves an open run to a new layout when its own tags change, and a restart reads pending frames of another layout by code', async () => {
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const run = await buildRun(t.db, root.id);
    const info = { runId: run, machineType: 'epb' as const, ringWidthMm: 1500, endChainage: null };
    const wear: TagDef = ownTagDef({ code: 'own.wear', names: { en_US: 'Wear' }, unit: 'mm', subsystem: 'cutter', rangeMin: 0, rangeMax: 25, precision: 1 }, 'en_US');
    const frame = (layout: { emptyValues(): Float64Array; indexOf(code: string): number }, ts: number, speed: number, own: number | null) => {
      const values = layout.emptyValues();
      values[layout.indexOf(KEY_TAGS.advanceSpeed)] = speed;
      if (own !== null) values[layout.indexOf('own.wear')] = own;
      return { runId: run, ts, values };
    };
    const T = T0 + 2 * 60 * MIN;
    const pipeline = new IngestService(t.db.kysely, new LatestValues());
    const plain = await pipeline.open(info);
    await pipeline.ingest(run, [frame(plain, T, 40, null)]);
    // The tag is added while the window is open: the window is closed under the old layout first.
    const withWear = await pipeline.open({ ...info, ownTags: [wear] });
    expect(withWear.indexOf('own.wear')).toBe(plain.size);
    // Frames decoded with the old layout meanwhile are read by code.
    await pipeline.ingest(run, [frame(plain, T + 1000, 41, null)], undefined, plain);
    await pipeline.ingest(run, [frame(withWear, T + 2000, 42, 3.2)]);
    const layouts = await t.db.kysely.selectFrom('tele_layouts').select('id').where('run_id', '=', run).execute();
    expect(layouts).toHaveLength(2);

    // A restart opens the run with its tags again: the open window's pending frames carry on.
    const restarted = new IngestService(t.db.kysely, new LatestValues());
    const again = await restarted.open({ ...info, ownTags: [wear] });
    await restarted.ingest(run, [frame(again, T + 3000, 43, 3.5)]);
    await restarted.flushIdle(Number.MAX_SAFE_INTEGER);
    const read = await new SeriesReader(t.db.kysely).read(run, [KEY_TAGS.advanceSpeed, 'own.wear'], T - MIN, T + MIN, 1000);
    expect(read.series[0]?.points).toEqual([
      [T, 40],
      [T + 1000, 41],
      [T + 2000, 42],
      [T + 3000, 43],
    ]);
    expect(read.series[1]?.points).toEqual([
      [T + 2000, 3.2],
      [T + 3000, 3.5],
    ]);

    // Pending rows of another layout version (the tag removed meanwhile elsewhere) are read by code.
    const later = T + 20 * MIN;
    await restarted.ingest(run, [frame(again, later, 44, 4)]);
    const without = await new IngestService(t.db.kysely, new LatestValues()).open(info);
    expect(without.indexOf('own.wear')).toBe(-1);
    const pendingAfter = await new SeriesReader(t.db.kysely).read(run, [KEY_TAGS.advanceSpeed], later - MIN, later + MIN, 1000);
    expect(pendingAfter.series[0]?.points).toEqual([[later, 44]]);
  });
});
