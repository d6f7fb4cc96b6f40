import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { HistoryOrigin, RingTable } from '../db/schema/telemetry.js';

/** A ring built before the console, as a ring-history import gives it (instants in epoch ms). */
export interface ImportedRingInput {
  ringNo: number;
  start: number;
  end: number;
  startChainage: number | null;
  endChainage: number | null;
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  thrustAvg: number | null;
  torqueAvg: number | null;
  speedAvg: number | null;
}

/** A stored span of the run's history that an imported ring must not overlap. */
export interface StoredSpan {
  kind: 'ring' | 'state';
  origin: HistoryOrigin;
  ringNo: number | null;
  start: number;
  end: number;
}

/** A span of rings of one origin: how many, lowest and highest number, first start and last end. */
export interface OriginSpan {
  count: number;
  firstRing: number | null;
  lastRing: number | null;
  firstStart: number | null;
  lastEnd: number | null;
}

/** Rows written per insert statement (PostgreSQL's parameter limit, SQLite's statement size). */
const INSERT_ROWS = 200;

const orNull = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The state intervals an imported ring's durations stand for, laid out from its start: advance,
 * then ring building, then waiting, each clipped to the ring's end. Durations of 0 give none.
 */
export function importedIntervals(runId: number, ring: ImportedRingInput): Insertable<Database['tbm_states']>[] {
  const out: Insertable<Database['tbm_states']>[] = [];
  let at = ring.start;
  for (const [state, ms] of [
    ['advance', ring.advanceMs],
    ['ringBuild', ring.ringBuildMs],
    ['waiting', ring.waitingMs],
  ] as const) {
    const end = Math.min(ring.end, at + ms);
    if (end > at) out.push({ run_id: runId, state, start_ts: at, end_ts: end, ring_no: ring.ringNo, origin: 'import' });
    at = end;
  }
  return out;
}

const ringRow = (runId: number, r: ImportedRingInput): Insertable<RingTable> => ({
  run_id: runId,
  ring_no: r.ringNo,
  start_ts: r.start,
  end_ts: r.end,
  advance_ms: r.advanceMs,
  ring_build_ms: r.ringBuildMs,
  waiting_ms: r.waitingMs,
  frames: 0,
  start_chainage: r.startChainage,
  end_chainage: r.endChainage,
  thrust_avg: r.thrustAvg,
  thrust_max: null,
  torque_avg: r.torqueAvg,
  torque_max: null,
  speed_avg: r.speedAvg,
  speed_max: null,
  penetration_avg: null,
  face_pressure_avg: null,
  grout_volume: null,
  grout_pressure_avg: null,
  foam_volume: null,
  bentonite_volume: null,
  head_horizontal: null,
  head_vertical: null,
  tail_horizontal: null,
  tail_vertical: null,
  tail_gap_top: null,
  tail_gap_bottom: null,
  tail_gap_left: null,
  tail_gap_right: null,
  origin: 'import',
});

/**
 * The rings built before the console (origin `import`), beside what the cycle engine derives
 * (`live`): the only writer of imported rings and their state intervals. A recomputation of live
 * data leaves them (`CycleRepo.clearFrom`); a ring the machine's data derives under the same number
 * replaces one (`CycleRepo.upsertRings`). Built on a transaction it works inside it.
 */
export class ImportedHistory {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Rings and state intervals meeting [from, to), with their origin: what imported rings are checked against. */
  async spansBetween(runId: number, from: number, to: number): Promise<StoredSpan[]> {
    const [rings, states] = await Promise.all([
      this.db.selectFrom('rings').select(['ring_no', 'start_ts', 'end_ts', 'origin']).where('run_id', '=', runId).where('start_ts', '<', to).where('end_ts', '>', from).execute(),
      this.db.selectFrom('tbm_states').select(['ring_no', 'start_ts', 'end_ts', 'origin']).where('run_id', '=', runId).where('origin', '=', 'live').where('start_ts', '<', to).where('end_ts', '>', from).execute(),
    ]);
    return [
      ...rings.map((r) => ({ kind: 'ring' as const, origin: r.origin, ringNo: r.ring_no, start: Number(r.start_ts), end: Number(r.end_ts) })),
      ...states.map((s) => ({ kind: 'state' as const, origin: s.origin, ringNo: s.ring_no, start: Number(s.start_ts), end: Number(s.end_ts) })),
    ];
  }

  /** The origin of each ring of `ringNos` already stored. */
  async originsOf(runId: number, ringNos: readonly number[]): Promise<Map<number, HistoryOrigin>> {
    const found = new Map<number, HistoryOrigin>();
    for (let i = 0; i < ringNos.length; i += 500) {
      const rows = await this.db.selectFrom('rings').select(['ring_no', 'origin']).where('run_id', '=', runId).where('ring_no', 'in', ringNos.slice(i, i + 500)).execute();
      for (const row of rows) found.set(row.ring_no, row.origin);
    }
    return found;
  }

  /** Writes imported rings and the intervals of their durations, replacing imported rings of the same numbers. */
  async write(runId: number, rings: readonly ImportedRingInput[]): Promise<void> {
    const numbers = rings.map((r) => r.ringNo);
    for (let i = 0; i < numbers.length; i += 500) {
      const part = numbers.slice(i, i + 500);
      await this.db.deleteFrom('tbm_states').where('run_id', '=', runId).where('origin', '=', 'import').where('ring_no', 'in', part).execute();
      await this.db.deleteFrom('rings').where('run_id', '=', runId).where('origin', '=', 'import').where('ring_no', 'in', part).execute();
    }
    const rows = rings.map((r) => ringRow(runId, r));
    for (let i = 0; i < rows.length; i += INSERT_ROWS) await this.db.insertInto('rings').values(rows.slice(i, i + INSERT_ROWS)).execute();
    const intervals = rings.flatMap((r) => importedIntervals(runId, r));
    for (let i = 0; i < intervals.length; i += INSERT_ROWS) await this.db.insertInto('tbm_states').values(intervals.slice(i, i + INSERT_ROWS)).execute();
  }

  /** Removes every imported ring of a run and its intervals; answers how many rings went, and the earliest start among them. */
  async removeAll(runId: number): Promise<{ deleted: number; from: number | null }> {
    const span = await this.span(runId, 'import');
    await this.db.deleteFrom('tbm_states').where('run_id', '=', runId).where('origin', '=', 'import').execute();
    await this.db.deleteFrom('rings').where('run_id', '=', runId).where('origin', '=', 'import').execute();
    return { deleted: span.count, from: span.firstStart };
  }

  /** The rings of one origin. */
  async span(runId: number, origin: HistoryOrigin): Promise<OriginSpan> {
    const row = await this.db
      .selectFrom('rings')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.min('ring_no').as('first'),
        eb.fn.max('ring_no').as('last'),
        eb.fn.min('start_ts').as('firstStart'),
        eb.fn.max('end_ts').as('lastEnd'),
      ])
      .where('run_id', '=', runId)
      .where('origin', '=', origin)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), firstRing: orNull(row?.first), lastRing: orNull(row?.last), firstStart: orNull(row?.firstStart), lastEnd: orNull(row?.lastEnd) };
  }

  /** Imported rings by number, a page at a time. */
  async page(runId: number, page: number, pageSize: number): Promise<{ total: number; rows: ImportedRingInput[] }> {
    const [count, rows] = await Promise.all([
      this.db.selectFrom('rings').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).where('origin', '=', 'import').executeTakeFirst(),
      this.db
        .selectFrom('rings')
        .select(['ring_no', 'start_ts', 'end_ts', 'start_chainage', 'end_chainage', 'advance_ms', 'ring_build_ms', 'waiting_ms', 'thrust_avg', 'torque_avg', 'speed_avg'])
        .where('run_id', '=', runId)
        .where('origin', '=', 'import')
        .orderBy('ring_no')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      rows: rows.map((r) => ({
        ringNo: r.ring_no,
        start: Number(r.start_ts),
        end: Number(r.end_ts),
        startChainage: orNull(r.start_chainage),
        endChainage: orNull(r.end_chainage),
        advanceMs: Number(r.advance_ms),
        ringBuildMs: Number(r.ring_build_ms),
        waitingMs: Number(r.waiting_ms),
        thrustAvg: orNull(r.thrust_avg),
        torqueAvg: orNull(r.torque_avg),
        speedAvg: orNull(r.speed_avg),
      })),
    };
  }
}
