import { KEY_TAGS } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { IngestService } from './ingest.js';
import { LatestValues } from './latestValues.js';
import { recomputeCycles } from './recompute.js';
import { scriptedDrive } from './scriptedDrive.fixture.js';
import { SeriesReader } from './series.js';

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
});
