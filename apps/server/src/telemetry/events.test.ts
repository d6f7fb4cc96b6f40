import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { DomainEvents } from './events.js';
import type { Frame } from './frame.js';
import { IngestService } from './ingest.js';
import { LatestValues } from './latestValues.js';
import { recomputeCycles } from './recompute.js';
import { scriptedDrive } from './scriptedDrive.fixture.js';

const T0 = Date.UTC(2026, 10, 19, 6, 0, 0);
const MIN = 60_000;

/** What modules see of the pipeline (ARCHITECTURE.md §11): typed events, in order per run, never lost to a faulty subscriber. */
describe('pipeline events', () => {
  let t: TestApp;
  const runs = { a: 0, b: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runs.a = await buildRun(t.db, root.id);
    runs.b = await buildRun(t.db, root.id);
  });
  afterAll(() => t.close());

  it('delivers every stored frame once and in order per run, then states and rings, whatever a faulty subscriber does', async () => {
    const failures: string[] = [];
    const events = new DomainEvents((error, name) => failures.push(`${name}: ${String(error)}`));
    const seen = new Map<number, number[]>();
    const late: number[] = [];
    const received: number[] = [];
    const rings: [number, number][] = [];
    const states: string[] = [];
    events.on('frameStored', () => {
      throw new Error('a broken subscriber');
    });
    events.on('frameStored', (e) => {
      if (e.late) late.push(e.frame.ts);
      else seen.set(e.runId, [...(seen.get(e.runId) ?? []), e.frame.ts]);
    });
    events.on('frameReceived', (e) => received.push(e.frame.ts));
    events.on('ringCompleted', (e) => rings.push([e.runId, e.ring.ringNo]));
    events.on('stateChanged', (e) => states.push(`${e.runId}:${e.interval.state}`));
    const ingest = new IngestService(t.db.kysely, new LatestValues(), events);
    const layout = await ingest.open({ runId: runs.a, machineType: 'epb', ringWidthMm: 1500, endChainage: null });
    await ingest.open({ runId: runs.b, machineType: 'epb', ringWidthMm: 1500, endChainage: null });
    const a = scriptedDrive(layout, runs.a, { start: T0, ring: 10, advanceMin: 20, buildMin: 20, nextMin: 5 });
    const b = scriptedDrive(layout, runs.b, { start: T0 + 30_000, ring: 50, advanceMin: 20, buildMin: 20, nextMin: 5 });
    // Two machines' batches arriving interleaved and concurrently.
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < a.length; i += 300) {
      work.push(ingest.ingest(runs.a, a.slice(i, i + 300)));
      work.push(ingest.ingest(runs.b, b.slice(i, i + 300)));
    }
    await Promise.all(work);

    expect(seen.get(runs.a)).toEqual(a.map((f) => f.ts));
    expect(seen.get(runs.b)).toEqual(b.map((f) => f.ts));
    expect(received).toHaveLength(work.length);
    expect(rings).toEqual(expect.arrayContaining([[runs.a, 10], [runs.b, 50]]));
    expect(states.filter((s) => s.startsWith(`${runs.a}:`))).toEqual([`${runs.a}:advance`, `${runs.a}:ringBuild`]);
    // The broken subscriber was reported for every frame and cost none of them.
    expect(failures).toHaveLength(a.length + b.length);
    const stored = await t.db.kysely.selectFrom('tele_pending').select((eb) => eb.fn.sum<number>('frames').as('n')).where('run_id', '=', runs.a).executeTakeFirst();
    const chunks = await t.db.kysely.selectFrom('tele_chunks').select((eb) => eb.fn.sum<number>('frames').as('n')).where('run_id', '=', runs.a).executeTakeFirst();
    expect(Number(stored?.n ?? 0) + Number(chunks?.n ?? 0)).toBe(a.length);

    // A late frame (its window long closed) is delivered at its own time and marked late.
    const sample = a[5];
    if (!sample) throw new Error('no frame');
    const old: Frame = { ...sample, ts: T0 - 3_600_000 };
    await ingest.ingest(runs.a, [old]);
    expect(late).toEqual([T0 - 3_600_000]);
    // A resent batch is not delivered twice.
    await ingest.ingest(runs.a, a.slice(0, 300), 'batch-1');
    const before = seen.get(runs.a)?.length;
    await ingest.ingest(runs.a, a.slice(0, 300), 'batch-1');
    expect(seen.get(runs.a)?.length).toBe(before);
  });

  it('announces a recomputed history so whoever remembers figures reads them again', async () => {
    const rewritten: { runId: number; from: number }[] = [];
    const events = new DomainEvents();
    events.on('historyRewritten', (e) => rewritten.push(e));
    const ingest = new IngestService(t.db.kysely, new LatestValues(), events);
    await ingest.open({ runId: runs.a, machineType: 'epb', ringWidthMm: 1500, endChainage: null });
    const result = await recomputeCycles(t.db.kysely, ingest, runs.a, T0 + 10 * MIN);
    expect(result).not.toBeNull();
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]?.runId).toBe(runs.a);
  });
});
