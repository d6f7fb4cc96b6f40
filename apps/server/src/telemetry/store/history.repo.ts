import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RingTable, TbmStateTable } from '../../db/schema/telemetry.js';

export type RingRow = Selectable<RingTable>;
export type StateRow = Pick<Selectable<TbmStateTable>, 'state' | 'start_ts' | 'end_ts' | 'ring_no'>;

/** A ring as pickers list it. */
export interface RingListItem {
  ring_no: number;
  start_ts: number;
  end_ts: number;
  start_chainage: number | null;
  end_chainage: number | null;
}

/** Rings read per query: SQLite answers synchronously, so long reads return to the event loop between pages. */
const RING_PAGE = 500;

const orNull = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * SQL of what the cycle engine derived from a run's frames: ring records and state intervals.
 * Every module reads them through `MachineHistory`; only the pipeline writes them (`CycleRepo`).
 * Built on a transaction it reads inside it (SQLite has one connection).
 */
export class HistoryRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  private rings(runId: number) {
    return this.db.selectFrom('rings').selectAll().where('run_id', '=', runId);
  }

  ring(runId: number, ringNo: number): Promise<RingRow | undefined> {
    return this.rings(runId).where('ring_no', '=', ringNo).executeTakeFirst();
  }

  async ringsBetween(runId: number, first: number, last: number): Promise<RingRow[]> {
    const rows: RingRow[] = [];
    for (let from = first; from <= last; from += RING_PAGE) {
      if (from > first) await new Promise<void>((resolve) => setImmediate(resolve));
      const to = Math.min(last, from + RING_PAGE - 1);
      rows.push(...(await this.rings(runId).where('ring_no', '>=', from).where('ring_no', '<=', to).orderBy('ring_no').execute()));
    }
    return rows;
  }

  ringsNamed(runId: number, ringNos: readonly number[]): Promise<RingRow[]> {
    if (ringNos.length === 0) return Promise.resolve([]);
    return this.rings(runId).where('ring_no', 'in', ringNos).orderBy('ring_no').execute();
  }

  /**
   * Rings whose chainage span [min(start, end), max(start, end)] meets [from, to]: a drive may bore
   * towards falling chainage, so either end of a ring may be the lower one.
   */
  ringsAcross(runId: number, from: number, to: number): Promise<RingRow[]> {
    return this.rings(runId)
      .where('start_chainage', 'is not', null)
      .where('end_chainage', 'is not', null)
      .where((eb) => eb.and([eb.or([eb('start_chainage', '<=', to), eb('end_chainage', '<=', to)]), eb.or([eb('start_chainage', '>=', from), eb('end_chainage', '>=', from)])]))
      .orderBy('ring_no')
      .execute();
  }

  ringsEndingIn(runId: number, from: number, to: number): Promise<RingRow[]> {
    return this.rings(runId).where('end_ts', '>=', from).where('end_ts', '<', to).orderBy('ring_no').execute();
  }

  /** End times of the rings completed in [from, to), ascending. */
  async ringEnds(runId: number, from: number, to: number): Promise<number[]> {
    const rows = await this.db.selectFrom('rings').select('end_ts').where('run_id', '=', runId).where('end_ts', '>=', from).where('end_ts', '<', to).orderBy('end_ts').execute();
    return rows.map((r) => r.end_ts);
  }

  /** The ring whose span holds `ts`, else the newest ring ended by then. */
  ringAround(runId: number, ts: number): Promise<RingRow | undefined> {
    return this.rings(runId).where('start_ts', '<=', ts).orderBy('start_ts', 'desc').limit(1).executeTakeFirst();
  }

  /** The first ring started after `ts`. */
  ringAfter(runId: number, ts: number): Promise<RingRow | undefined> {
    return this.rings(runId).where('start_ts', '>', ts).orderBy('start_ts').limit(1).executeTakeFirst();
  }

  /** Rings for pickers, by number: the newest `limit` (those ending in [from, to) when given), ascending. */
  async ringList(runId: number, range: { from?: number | null; to?: number | null; limit?: number } = {}): Promise<RingListItem[]> {
    let query = this.db.selectFrom('rings').select(['ring_no', 'start_ts', 'end_ts', 'start_chainage', 'end_chainage']).where('run_id', '=', runId);
    if (range.from !== undefined && range.from !== null) query = query.where('end_ts', '>=', range.from);
    if (range.to !== undefined && range.to !== null) query = query.where('end_ts', '<', range.to);
    if (range.limit === undefined) return query.orderBy('ring_no').execute();
    const newest = await query.orderBy('ring_no', 'desc').limit(range.limit).execute();
    return newest.reverse();
  }

  async ringsBefore(runId: number, to: number): Promise<{ count: number; lastRing: number | null }> {
    const row = await this.db
      .selectFrom('rings')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('ring_no').as('last')])
      .where('run_id', '=', runId)
      .where('end_ts', '<', to)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), lastRing: orNull(row?.last) };
  }

  async drive(runId: number): Promise<{ count: number; lastRing: number | null; firstRing: number | null; firstStart: number | null }> {
    const row = await this.db
      .selectFrom('rings')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('ring_no').as('last'), eb.fn.min('ring_no').as('firstRing'), eb.fn.min('start_ts').as('first')])
      .where('run_id', '=', runId)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), lastRing: orNull(row?.last), firstRing: orNull(row?.firstRing), firstStart: orNull(row?.first) };
  }

  /** The newest ring by end. */
  newestRing(runId: number): Promise<Pick<RingRow, 'ring_no' | 'end_ts' | 'end_chainage'> | undefined> {
    return this.db.selectFrom('rings').select(['ring_no', 'end_ts', 'end_chainage']).where('run_id', '=', runId).orderBy('end_ts', 'desc').limit(1).executeTakeFirst();
  }

  /** State intervals overlapping [from, to), unclipped, in time order. */
  states(runId: number, from: number, to: number): Promise<StateRow[]> {
    return this.db.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts', 'ring_no']).where('run_id', '=', runId).where('start_ts', '<', to).where('end_ts', '>', from).orderBy('start_ts').execute();
  }

  async stateAt(runId: number, ts: number): Promise<string | null> {
    const row = await this.db.selectFrom('tbm_states').select('state').where('run_id', '=', runId).where('start_ts', '<', ts).orderBy('start_ts', 'desc').limit(1).executeTakeFirst();
    return row?.state ?? null;
  }

  /** Time per state over the whole drive. */
  stateSums(runId: number): Promise<{ state: string; ms: number | string | null }[]> {
    return this.db
      .selectFrom('tbm_states')
      .select(['state', (eb) => eb.fn.sum<number>(eb('end_ts', '-', eb.ref('start_ts'))).as('ms')])
      .where('run_id', '=', runId)
      .groupBy('state')
      .execute();
  }

  latestInterval(runId: number): Promise<StateRow | undefined> {
    return this.db.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts', 'ring_no']).where('run_id', '=', runId).orderBy('end_ts', 'desc').limit(1).executeTakeFirst();
  }

  async firstStateStart(runId: number): Promise<number | null> {
    const row = await this.db.selectFrom('tbm_states').select((eb) => eb.fn.min('start_ts').as('ts')).where('run_id', '=', runId).executeTakeFirst();
    return orNull(row?.ts);
  }
}
