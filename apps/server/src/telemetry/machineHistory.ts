import { isMachineState, type MachineState } from '@boreline/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { type LatestSnapshot, LatestValues, type MachineStateNow } from './latestValues.js';
import { type SeriesResult, SeriesReader } from './series.js';
import { FrameStoreRepo } from './store/frameStore.repo.js';
import { HistoryRepo, type RingListItem, type RingRow, type StateRow } from './store/history.repo.js';
import { type RawFrames, readRawFrames } from './store/rawFrames.js';
import { RingTagStatsRepo } from './store/ringTagStats.repo.js';

export type { RingListItem, RingRow, StateRow } from './store/history.repo.js';
export type { RawFrames } from './store/rawFrames.js';
export { valueAt } from './store/rawFrames.js';

/** Time per state; intervals clipped to the span asked for. */
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

/** What the machine did over a span, as counters for maintenance intervals and reports. */
export interface MachineCounters {
  /** Rings completed in the span (a ring counts for the span it ends in). */
  rings: number;
  /** Metres advanced by those rings (|end − start chainage|). */
  metres: number;
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  /** Advance plus ring building: the hours the machine's systems worked. */
  operatingMs: number;
  /**
   * Cutterhead revolutions of those rings (mean rotation over each ring's advance × its advance
   * time); null when none of them kept the cutterhead's rotation (imported or older rings).
   */
  cutterheadRevolutions: number | null;
}

/** Revolutions of rings that kept the cutterhead's mean rotation (r/min × advance minutes); null when none did. */
function revolutionsOf(rings: readonly { cutter_speed_avg: number | null; advance_ms: number }[]): number | null {
  let total: number | null = null;
  for (const ring of rings) {
    if (ring.cutter_speed_avg === null) continue;
    total = (total ?? 0) + (ring.cutter_speed_avg * ring.advance_ms) / 60_000;
  }
  return total;
}

/** Rings of a run as progress counts them. */
export interface DriveFigures {
  count: number;
  lastRing: number | null;
  /** The lowest ring on record: a run may start recording part-way through its drive. */
  firstRing: number | null;
  firstStart: number | null;
}

/**
 * Rings built since the drive began at `startRing` — THE count every screen shows (project list,
 * home, state tree, progress, reports). By ring number when rings are on record (a run may start
 * recording part-way through its drive: the rings before the lowest one on record were built
 * before it), never fewer than the rings recorded. `rings` may be the rings before an instant,
 * with `firstRing` the lowest ring of the whole drive.
 */
export function builtRings(startRing: number, rings: { count: number; lastRing: number | null }, firstRing: number | null): number {
  const unrecorded = firstRing === null ? 0 : Math.max(0, firstRing - startRing);
  return rings.lastRing === null ? unrecorded + rings.count : Math.max(unrecorded + rings.count, rings.lastRing - startRing + 1);
}

/** The cycle engine's live state of an open run. */
export interface EngineNow {
  state: string | null;
  since: number | null;
  ringNo: number | null;
}

/** Per-ring tag statistics rows (see `RingTagStatsRepo`): decode with `decodeTagStats`. */
export interface RingTagStatsRow {
  ring_no: number;
  layout_id: number;
  frames: number;
  data: Uint8Array;
}

/** A reader of stored history only: no latest values, no engine. */
const NO_LIVE = { latest: new LatestValues(), engine: (): EngineNow | null => null };

const metresOfRing = (r: Pick<RingRow, 'start_chainage' | 'end_chainage'>) =>
  r.start_chainage === null || r.end_chainage === null ? 0 : Math.abs(r.end_chainage - r.start_chainage);

/**
 * The one entry to a run's machine history (ARCHITECTURE.md §11): rings by number, range, chainage
 * and time; state intervals; series and raw frames; per-ring tag statistics; latest values and the
 * engine's live state; the ring and chainage at an instant; counters over a span. Every module reads
 * machine data through it; it reads what the pipeline stored and never writes.
 *
 * `within(trx)` gives the same reads on a transaction (SQLite has one connection: a read beside an
 * open transaction would wait for it).
 */
export class MachineHistory {
  private readonly history: HistoryRepo;
  private readonly store: FrameStoreRepo;
  private readonly tagStats: RingTagStatsRepo;

  constructor(
    private readonly db: Kysely<Database> | Transaction<Database>,
    private readonly live: { latest: LatestValues; engine: (runId: number) => EngineNow | null } = NO_LIVE,
  ) {
    this.history = new HistoryRepo(db);
    this.store = new FrameStoreRepo(db);
    this.tagStats = new RingTagStatsRepo(db);
  }

  within(trx: Transaction<Database>): MachineHistory {
    return new MachineHistory(trx, this.live);
  }

  /** The stored history on `db` (or a transaction), for repos that read it beside their own rows; no live values. */
  static on(db: Kysely<Database> | Transaction<Database>): MachineHistory {
    return new MachineHistory(db);
  }

  // Rings -------------------------------------------------------------------------------------

  ring(runId: number, ringNo: number): Promise<RingRow | undefined> {
    return this.history.ring(runId, ringNo);
  }

  /** Rings `first` to `last` by number, ascending (read in pages, yielding between them). */
  ringsBetween(runId: number, first: number, last: number): Promise<RingRow[]> {
    return this.history.ringsBetween(runId, first, last);
  }

  /** The completed rings among `ringNos`, ascending. */
  ringsNamed(runId: number, ringNos: readonly number[]): Promise<RingRow[]> {
    return this.history.ringsNamed(runId, ringNos);
  }

  /** Rings meeting the chainage span [from, to], whichever way the drive bores. */
  ringsAcross(runId: number, from: number, to: number): Promise<RingRow[]> {
    return this.history.ringsAcross(runId, from, to);
  }

  /** Rings completed in [from, to): a ring counts for the period it ends in. */
  ringsEndingIn(runId: number, from: number, to: number): Promise<RingRow[]> {
    return this.history.ringsEndingIn(runId, from, to);
  }

  /** End times of the rings completed in [from, to), ascending (counting rings per period). */
  ringEnds(runId: number, from: number, to: number): Promise<number[]> {
    return this.history.ringEnds(runId, from, to);
  }

  /** Rings for pickers: all, or the newest `limit` (ending in [from, to) when given), ascending. */
  ringList(runId: number, range: { from?: number | null; to?: number | null; limit?: number } = {}): Promise<RingListItem[]> {
    return this.history.ringList(runId, range);
  }

  /** Count and highest number of the rings completed before `to`. */
  ringsBefore(runId: number, to: number): Promise<{ count: number; lastRing: number | null }> {
    return this.history.ringsBefore(runId, to);
  }

  drive(runId: number): Promise<DriveFigures> {
    return this.history.drive(runId);
  }

  /** Count of rings, the newest ring and the chainage it ended at, the lowest ring and the first start. */
  async ringSummary(runId: number): Promise<{ count: number; lastRing: number | null; lastChainage: number | null; firstRing: number | null; firstStart: number | null }> {
    const [drive, newest] = await Promise.all([this.history.drive(runId), this.history.newestRing(runId)]);
    return { count: drive.count, lastRing: newest?.ring_no ?? null, lastChainage: newest?.end_chainage ?? null, firstRing: drive.firstRing, firstStart: drive.firstStart };
  }

  /** Rings built since the drive began at `startRing` (see `builtRings`): the count every screen shows. */
  async ringsBuilt(runId: number, startRing: number): Promise<number> {
    const drive = await this.history.drive(runId);
    return builtRings(startRing, drive, drive.firstRing);
  }

  /**
   * The ring the machine was on at `ts`: the ring whose span holds it, else — between two rings or
   * after the last one — the next ring (the one being bored). Null before the first ring on record.
   */
  async ringAt(runId: number, ts: number): Promise<number | null> {
    const around = await this.history.ringAround(runId, ts);
    if (!around) return null;
    return ts < around.end_ts ? around.ring_no : around.ring_no + 1;
  }

  /**
   * The chainage of the cutterhead at `ts`, interpolated in time within the ring that holds it;
   * between rings, the chainage the last ring ended at. Null where no ring with chainage is known.
   */
  async chainageAt(runId: number, ts: number): Promise<number | null> {
    const around = await this.history.ringAround(runId, ts);
    if (!around || around.end_chainage === null) return null;
    if (ts >= around.end_ts || around.start_chainage === null || around.end_ts <= around.start_ts) return around.end_chainage;
    const share = (ts - around.start_ts) / (around.end_ts - around.start_ts);
    return around.start_chainage + share * (around.end_chainage - around.start_chainage);
  }

  // States ------------------------------------------------------------------------------------

  /** State intervals overlapping [from, to), unclipped, in time order. */
  async states(runId: number, from: number, to: number): Promise<{ state: MachineState; start: number; end: number; ringNo: number | null }[]> {
    const rows = await this.history.states(runId, from, to);
    return rows.flatMap((r) => (isMachineState(r.state) ? [{ state: r.state, start: r.start_ts, end: r.end_ts, ringNo: r.ring_no }] : []));
  }

  /** The state last begun before `ts`. */
  stateAt(runId: number, ts: number): Promise<string | null> {
    return this.history.stateAt(runId, ts);
  }

  /** Time per state over the whole drive, or within [from, to) (intervals clipped at the edges). */
  async stateTotals(runId: number, span?: { from: number; to: number }): Promise<StateTotals> {
    const totals = emptyTotals();
    if (!span) {
      for (const row of await this.history.stateSums(runId)) addTo(totals, row.state, Number(row.ms ?? 0));
      return totals;
    }
    for (const row of await this.history.states(runId, span.from, span.to)) addTo(totals, row.state, Math.min(row.end_ts, span.to) - Math.max(row.start_ts, span.from));
    return totals;
  }

  /** The newest state interval on record. */
  latestInterval(runId: number): Promise<StateRow | undefined> {
    return this.history.latestInterval(runId);
  }

  firstStateStart(runId: number): Promise<number | null> {
    return this.history.firstStateStart(runId);
  }

  // Series ------------------------------------------------------------------------------------

  /** Chosen tags over [from, to) with at most `maxPoints` points per series (rollups for long spans). */
  series(runId: number, codes: readonly string[], from: number, to: number, maxPoints: number): Promise<SeriesResult> {
    return new SeriesReader(this.db).read(runId, codes, from, to, maxPoints);
  }

  /** The tag codes of each storage layout of a run, by layout id. */
  layouts(runId: number): Promise<Map<number, readonly string[]>> {
    return this.store.layouts(runId);
  }

  /** Every stored frame of chosen tags in [from, to), exactly as stored. */
  async rawFrames(runId: number, codes: readonly string[], from: number, to: number, layouts?: ReadonlyMap<number, readonly string[]>): Promise<RawFrames> {
    return readRawFrames(this.store, layouts ?? (await this.store.layouts(runId)), runId, codes, from, to);
  }

  /** Per-ring min/mean/max of every tag over the ring's advance, rings `from` to `to`. */
  ringTagStats(runId: number, from: number, to: number): Promise<RingTagStatsRow[]> {
    return this.tagStats.rows(runId, from, to);
  }

  // Now ---------------------------------------------------------------------------------------

  /** The newest values of a run (of `codes`, or all), shared between instances with Redis. */
  latest(runId: number, codes?: readonly string[]): Promise<LatestSnapshot | null> {
    return this.live.latest.get(runId, codes);
  }

  /** The machine state last published for a run. */
  machineState(runId: number): Promise<MachineStateNow | null> {
    return this.live.latest.state(runId);
  }

  /** When the newest frame of any age arrived (a machine is connected while frames arrive). */
  receivedAt(runId: number): Promise<number | null> {
    return this.live.latest.receivedAt(runId);
  }

  /** The cycle engine's live state of a run open for ingest on this instance. */
  engineState(runId: number): EngineNow | null {
    return this.live.engine(runId);
  }

  // Counters ----------------------------------------------------------------------------------

  /** Rings, metres and time per state over [from, to): what maintenance intervals count. */
  async counters(runId: number, from: number, to: number): Promise<MachineCounters> {
    const [rings, totals] = await Promise.all([this.history.ringsEndingIn(runId, from, to), this.stateTotals(runId, { from, to })]);
    return {
      rings: rings.length,
      metres: rings.reduce((sum, r) => sum + metresOfRing(r), 0),
      advanceMs: totals.advance,
      ringBuildMs: totals.ringBuild,
      waitingMs: totals.waiting,
      operatingMs: totals.advance + totals.ringBuild,
      cutterheadRevolutions: revolutionsOf(rings),
    };
  }
}
