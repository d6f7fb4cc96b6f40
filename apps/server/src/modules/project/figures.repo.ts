import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StateTotals {
  advance: number;
  ringBuild: number;
  waiting: number;
  finish: number;
}

export const emptyTotals = (): StateTotals => ({ advance: 0, ringBuild: 0, waiting: 0, finish: 0 });

const addTo = (totals: StateTotals, state: string, ms: number) => {
  if (state === 'advance' || state === 'ringBuild' || state === 'waiting' || state === 'finish') totals[state] += ms;
};

/** SQL of the figures the board and the project list show, read from ring records and state intervals. */
export class FiguresRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Time per state over the whole drive. */
  async totals(runId: number): Promise<StateTotals> {
    const rows = await this.db
      .selectFrom('tbm_states')
      .select(['state', (eb) => eb.fn.sum<number>(eb('end_ts', '-', eb.ref('start_ts'))).as('ms')])
      .where('run_id', '=', runId)
      .groupBy('state')
      .execute();
    const totals = emptyTotals();
    for (const row of rows) addTo(totals, row.state, Number(row.ms ?? 0));
    return totals;
  }

  /** Time per state within [from, to), intervals clipped at the edges. */
  async totalsBetween(runId: number, from: number, to: number): Promise<StateTotals> {
    const rows = await this.db
      .selectFrom('tbm_states')
      .select(['state', 'start_ts', 'end_ts'])
      .where('run_id', '=', runId)
      .where('start_ts', '<', to)
      .where('end_ts', '>', from)
      .execute();
    const totals = emptyTotals();
    for (const row of rows) addTo(totals, row.state, Math.min(row.end_ts, to) - Math.max(row.start_ts, from));
    return totals;
  }

  /** The newest state interval (the machine's last committed state when no engine is running). */
  latestInterval(runId: number) {
    return this.db.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts', 'ring_no']).where('run_id', '=', runId).orderBy('end_ts', 'desc').limit(1).executeTakeFirst();
  }

  /** Count of rings and the newest ring of a run. */
  async ringSummary(runId: number): Promise<{ count: number; lastRing: number | null; lastChainage: number | null }> {
    const [count, last] = await Promise.all([
      this.db.selectFrom('rings').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).executeTakeFirst(),
      this.db.selectFrom('rings').select(['ring_no', 'end_chainage']).where('run_id', '=', runId).orderBy('end_ts', 'desc').limit(1).executeTakeFirst(),
    ]);
    return { count: Number(count?.n ?? 0), lastRing: last?.ring_no ?? null, lastChainage: last?.end_chainage ?? null };
  }

  /** End times of the rings completed in [from, to) — a ring counts for the period it ends in. */
  async ringEnds(runId: number, from: number, to: number): Promise<number[]> {
    const rows = await this.db.selectFrom('rings').select('end_ts').where('run_id', '=', runId).where('end_ts', '>=', from).where('end_ts', '<', to).orderBy('end_ts').execute();
    return rows.map((r) => r.end_ts);
  }

  async firstIntervalStart(runId: number): Promise<number | null> {
    const row = await this.db.selectFrom('tbm_states').select((eb) => eb.fn.min('start_ts').as('ts')).where('run_id', '=', runId).executeTakeFirst();
    return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
  }
}
