import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, ringRecord } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { MachineHistory } from './machineHistory.js';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const HOUR = 3_600_000;

/** The one reader of a run's history that later modules use (alarms: ring at a time; maintenance: counters). */
describe('machine history', () => {
  let t: TestApp;
  let runId = 0;
  let machine: MachineHistory;
  beforeAll(async () => {
    t = await createTestApp();
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id);
    // Rings 41–43 of 1.5 m, boring towards falling chainage: 2 h each with 1 h advance, 0.5 h building, 0.5 h waiting.
    await t.db.kysely
      .insertInto('rings')
      .values([41, 42, 43].map((n, i) => ringRecord(runId, n, T0 + i * 2 * HOUR, T0 + (i + 1) * 2 * HOUR, { start_chainage: 5000 - i * 1.5, end_chainage: 5000 - (i + 1) * 1.5, advance_ms: HOUR, ring_build_ms: HOUR / 2, waiting_ms: HOUR / 2, cutter_speed_avg: [2, 1.5, null][i] ?? null })))
      .execute();
    const states = [0, 1, 2].flatMap((i) => [
      { run_id: runId, state: 'advance', start_ts: T0 + i * 2 * HOUR, end_ts: T0 + i * 2 * HOUR + HOUR, ring_no: 41 + i },
      { run_id: runId, state: 'ringBuild', start_ts: T0 + i * 2 * HOUR + HOUR, end_ts: T0 + i * 2 * HOUR + 1.5 * HOUR, ring_no: 41 + i },
      { run_id: runId, state: 'waiting', start_ts: T0 + i * 2 * HOUR + 1.5 * HOUR, end_ts: T0 + (i + 1) * 2 * HOUR, ring_no: 41 + i },
    ]);
    await t.db.kysely.insertInto('tbm_states').values(states).execute();
    machine = new MachineHistory(t.app.platform.db);
  });
  afterAll(() => t.close());

  it('tells the ring and the chainage at an instant', async () => {
    expect(await machine.ringAt(runId, T0 - 1)).toBeNull();
    expect(await machine.ringAt(runId, T0 + HOUR)).toBe(41);
    expect(await machine.ringAt(runId, T0 + 2 * HOUR)).toBe(42);
    // After the last ring on record: the ring being bored.
    expect(await machine.ringAt(runId, T0 + 7 * HOUR)).toBe(44);
    expect(await machine.chainageAt(runId, T0 - 1)).toBeNull();
    expect(await machine.chainageAt(runId, T0 + HOUR)).toBeCloseTo(4999.25, 6);
    expect(await machine.chainageAt(runId, T0 + 9 * HOUR)).toBeCloseTo(4995.5, 6);
  });

  it('reads rings by number, by chainage, by end and for pickers', async () => {
    expect((await machine.ringsBetween(runId, 42, 50)).map((r) => r.ring_no)).toEqual([42, 43]);
    expect((await machine.ringsNamed(runId, [43, 41, 99])).map((r) => r.ring_no)).toEqual([41, 43]);
    // Falling chainage: either end may be the lower one.
    expect((await machine.ringsAcross(runId, 4997, 4998)).map((r) => r.ring_no)).toEqual([42, 43]);
    expect((await machine.ringsEndingIn(runId, T0, T0 + 4 * HOUR + 1)).map((r) => r.ring_no)).toEqual([41, 42]);
    expect((await machine.ringList(runId, { limit: 2 })).map((r) => r.ring_no)).toEqual([42, 43]);
    expect(await machine.ringsBefore(runId, T0 + 4 * HOUR + 1)).toEqual({ count: 2, lastRing: 42 });
    expect(await machine.drive(runId)).toEqual({ count: 3, lastRing: 43, firstRing: 41, firstStart: T0 });
    expect(await machine.ringSummary(runId)).toEqual({ count: 3, lastRing: 43, lastChainage: 4995.5, firstRing: 41, firstStart: T0 });
    // The drive began at ring 1: rings 1–40 were built before recording began.
    expect(await machine.ringsBuilt(runId, 1)).toBe(43);
    expect(await machine.ringsBuilt(runId, 41)).toBe(3);
  });

  it('reads states and totals them over a span, clipped at its edges', async () => {
    expect((await machine.states(runId, T0 + 0.5 * HOUR, T0 + 1.2 * HOUR)).map((s) => s.state)).toEqual(['advance', 'ringBuild']);
    expect(await machine.stateAt(runId, T0 + 1.6 * HOUR)).toBe('waiting');
    expect(await machine.stateTotals(runId)).toEqual({ advance: 3 * HOUR, ringBuild: 1.5 * HOUR, waiting: 1.5 * HOUR, finish: 0 });
    expect(await machine.stateTotals(runId, { from: T0 + 0.5 * HOUR, to: T0 + 2.5 * HOUR })).toEqual({ advance: HOUR, ringBuild: 0.5 * HOUR, waiting: 0.5 * HOUR, finish: 0 });
  });

  it('counts what maintenance intervals count: rings, metres and hours over a span', async () => {
    // Revolutions: 2 r/min and 1.5 r/min over an hour's advance each; ring 43 kept no rotation.
    expect(await machine.counters(runId, T0, T0 + 6 * HOUR + 1)).toEqual({ rings: 3, metres: 4.5, advanceMs: 3 * HOUR, ringBuildMs: 1.5 * HOUR, waitingMs: 1.5 * HOUR, operatingMs: 4.5 * HOUR, cutterheadRevolutions: 210 });
    expect((await machine.counters(runId, T0 + 4 * HOUR + 1, T0 + 6 * HOUR + 1)).cutterheadRevolutions).toBeNull();
    expect(await machine.counters(runId, T0 + 2 * HOUR + 1, T0 + 4 * HOUR + 1)).toMatchObject({ rings: 1, metres: 1.5, advanceMs: HOUR });
  });

  it('reads inside a transaction on the transaction itself (SQLite has one connection)', async () => {
    const count = await t.app.platform.db.transaction().execute(async (trx) => {
      await trx.updateTable('rings').set({ frames: 7 }).where('run_id', '=', runId).where('ring_no', '=', 41).execute();
      return (await machine.within(trx).ring(runId, 41))?.frames;
    });
    expect(count).toBe(7);
  });
});
