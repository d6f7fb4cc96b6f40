import { type Page, segmentContract } from '@boreline/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { SegPoseTable, SegSettingsTable, SegTailClearanceTable, SegTailGapTable } from '../../db/schema/segment.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import { clearanceRecordBand, gapBand, poseBand } from './bands.js';

type Band = segmentContract.Band;
type Tolerance = segmentContract.Tolerance;
type SegmentPose = segmentContract.SegmentPose;
type TailGap = segmentContract.TailGap;
type TailClearance = segmentContract.TailClearance;
type ListInput = z.output<typeof segmentContract.segmentList.input>;
type ExportInput = z.output<typeof segmentContract.segmentExport.input>;
type ToleranceInput = z.output<typeof segmentContract.toleranceEdit.input>;

/** The three datasets of a ring: segment attitude, tail gap, tail clearance before and after the build. */
export const SEGMENT_KINDS = ['pose', 'tail', 'clearance'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** A record of each kind as the contract shows it. */
export interface RecordOf {
  pose: SegmentPose;
  tail: TailGap;
  clearance: TailClearance;
}

/** The values of a record of each kind (without run, ring and the record's bookkeeping). */
export interface ValuesOf {
  pose: Omit<segmentContract.SegmentPoseFields, 'runId' | 'ringNo'>;
  tail: Omit<segmentContract.TailGapFields, 'runId' | 'ringNo'>;
  clearance: Omit<segmentContract.TailClearanceFields, 'runId' | 'ringNo'>;
}

/** Key positions offered when the run's geometry does not say how many (a universal ring of 16 positions, 22.5° apart). */
export const DEFAULT_K_POSITION_COUNT = 16;

/** The key-block positions K1…Kn of a ring of `count` positions (K1 at the top, clockwise). */
export const kPositionsOf = (count: number): string[] => Array.from({ length: count }, (_, i) => `K${String(i + 1)}`);

export interface SegmentDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  now: () => number;
  /** Told after records of a run were written since `since` (the tolerance alarms look at them). */
  written?: (runId: number, since: number) => void;
}

type Db = Kysely<Database> | Transaction<Database>;
type TableOf = { pose: 'seg_poses'; tail: 'seg_tail_gaps'; clearance: 'seg_tail_clearances' };
type RowOf = { pose: Selectable<SegPoseTable>; tail: Selectable<SegTailGapTable>; clearance: Selectable<SegTailClearanceTable> };
type Meta = Pick<SegmentPose, 'id' | 'runId' | 'ringNo' | 'state' | 'source' | 'band' | 'updatedAt' | 'updatedBy'>;
type Columns = Record<string, number | string | null>;

interface Dataset<K extends SegmentKind> {
  table: TableOf[K];
  /** The record's own columns from its values. */
  columns(values: ValuesOf[K]): Columns;
  present(row: RowOf[K], meta: Omit<Meta, 'band'>, tolerance: Tolerance): RecordOf[K];
}

const DATASETS: { [K in SegmentKind]: Dataset<K> } = {
  pose: {
    table: 'seg_poses',
    columns: (v) => ({
      chainage: v.chainage,
      horizontal_dev: v.horizontalDeviation,
      elevation_dev: v.elevationDeviation,
      remark: v.remark,
      segment_type: v.segmentType,
      ring_width: v.ringWidth,
      k_position: v.kPosition,
    }),
    present: (row, meta, tolerance) => {
      const values = {
        chainage: row.chainage === null ? null : Number(row.chainage),
        horizontalDeviation: row.horizontal_dev,
        elevationDeviation: row.elevation_dev,
        remark: row.remark,
        segmentType: row.segment_type,
        ringWidth: row.ring_width,
        kPosition: row.k_position,
      };
      return { ...meta, ...values, band: poseBand(values, tolerance) };
    },
  },
  tail: {
    table: 'seg_tail_gaps',
    columns: (v) => ({ gap_up: v.up, gap_down: v.down, gap_left: v.left, gap_right: v.right, remark: v.remark }),
    present: (row, meta, tolerance) => {
      const values = { up: row.gap_up, down: row.gap_down, left: row.gap_left, right: row.gap_right, remark: row.remark };
      return { ...meta, ...values, band: gapBand(values, tolerance) };
    },
  },
  clearance: {
    table: 'seg_tail_clearances',
    columns: (v) => ({
      up_before: v.upBefore,
      down_before: v.downBefore,
      left_before: v.leftBefore,
      right_before: v.rightBefore,
      up_after: v.upAfter,
      down_after: v.downAfter,
      left_after: v.leftAfter,
      right_after: v.rightAfter,
      remark: v.remark,
    }),
    present: (row, meta, tolerance) => {
      const values = {
        upBefore: row.up_before,
        downBefore: row.down_before,
        leftBefore: row.left_before,
        rightBefore: row.right_before,
        upAfter: row.up_after,
        downAfter: row.down_after,
        leftAfter: row.left_after,
        rightAfter: row.right_after,
        remark: row.remark,
      };
      return { ...meta, ...values, band: clearanceRecordBand(values, tolerance) };
    },
  },
};

const isUniqueViolation = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : String(error);
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
};

const toleranceOfRow = (row: Selectable<SegSettingsTable> | undefined): Tolerance =>
  row
    ? {
        deviationWarnMm: row.deviation_warn_mm,
        deviationAlarmMm: row.deviation_alarm_mm,
        clearanceWarnMm: row.clearance_warn_mm,
        clearanceAlarmMm: row.clearance_alarm_mm,
        imbalanceWarnMm: row.imbalance_warn_mm,
        imbalanceAlarmMm: row.imbalance_alarm_mm,
        raiseAlarms: Number(row.raise_alarms) === 1,
        taperMm: row.taper_mm === null ? null : Number(row.taper_mm),
        outerDiameterMm: row.outer_diameter_mm,
        kPositionCount: row.k_position_count,
      }
    : { ...segmentContract.DEFAULT_TOLERANCE };

/**
 * Segment attitude, tail gap and tail clearance of a run (issue 23, spec §2 `fw1/segment/*`, §5,
 * §7). One record per run, ring and dataset. Every call first checks the caller's code at the run
 * (`RunScope.require`), then looks ids up within that run only: another run's record answers as a
 * missing one. Bands are never stored: each read colours a record against the run's tolerance of
 * that moment, so changing the tolerance recolours everything.
 *
 * Read API for the other parts of the module (statistics, advisor, machine drafts); none of these
 * checks a caller, the caller has done so:
 * - `tolerance(runId)`: the run's tolerance bands (DEFAULT_TOLERANCE until set);
 * - `posesInRange(runId, from, to)`, `tailGapsInRange(runId, from, to)`,
 *   `clearancesInRange(runId, from, to)`: the records of rings from…to (both included), ascending
 *   by ring, drafts included, each with its band against the run's tolerance;
 * - `saveDraft(runId, kind, ringNo, values)`: stores the machine's draft of a ring (state draft,
 *   source machine) only when the ring has no record of that kind; answers whether it was stored.
 *   A draft never overwrites anything, a confirmed record least of all.
 */
export class SegmentService {
  constructor(protected readonly deps: SegmentDeps) {}

  private get db() {
    return this.deps.db;
  }

  require(session: AuthSession, runId: number, code: 'segment.data.read' | 'segment.data.write'): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  // Tables ---------------------------------------------------------------------------------------

  /**
   * The three tables share the record's bookkeeping columns (run, ring, state, source, remark,
   * updated by and at): queries on those are typed against one of them.
   */
  private from<K extends SegmentKind>(db: Db, kind: K) {
    return db.selectFrom(DATASETS[kind].table as 'seg_poses');
  }

  private async rowsOf<K extends SegmentKind>(db: Db, kind: K, runId: number, from?: number, to?: number): Promise<RowOf[K][]> {
    let query = this.from(db, kind).selectAll().where('run_id', '=', runId);
    if (from !== undefined) query = query.where('ring_no', '>=', from);
    if (to !== undefined) query = query.where('ring_no', '<=', to);
    return (await query.orderBy('ring_no', 'asc').execute()) as unknown as RowOf[K][];
  }

  private async rowById<K extends SegmentKind>(db: Db, kind: K, runId: number, id: number): Promise<RowOf[K]> {
    const row = await this.from(db, kind).selectAll().where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('segment.refused.notFound');
    return row as unknown as RowOf[K];
  }

  private async rowByRing(db: Db, kind: SegmentKind, runId: number, ringNo: number): Promise<{ id: number; state: string } | undefined> {
    return this.from(db, kind).select(['id', 'state']).where('run_id', '=', runId).where('ring_no', '=', ringNo).executeTakeFirst();
  }

  /** An attitude without a chainage takes the ring's chainage at its end from the machine history (when the machine recorded the ring). */
  private async withChainage<K extends SegmentKind>(db: Db, kind: K, runId: number, ringNo: number, values: ValuesOf[K]): Promise<ValuesOf[K]> {
    if (kind !== 'pose') return values;
    const pose = values as ValuesOf['pose'];
    if (pose.chainage !== null) return values;
    const ring = await db.selectFrom('rings').select('end_chainage').where('run_id', '=', runId).where('ring_no', '=', ringNo).executeTakeFirst();
    const chainage = ring?.end_chainage ?? null;
    return (chainage === null ? values : { ...pose, chainage: Number(chainage) }) as ValuesOf[K];
  }

  private async insert<K extends SegmentKind>(db: Db, kind: K, runId: number, ringNo: number, given: ValuesOf[K], meta: { state: string; source: string; userId: number | null }): Promise<number> {
    const values = await this.withChainage(db, kind, runId, ringNo, given);
    const row = await db
      .insertInto(DATASETS[kind].table as 'seg_poses')
      .values({ run_id: runId, ring_no: ringNo, state: meta.state, source: meta.source, updated_by: meta.userId, updated_at: this.deps.now(), ...DATASETS[kind].columns(values) } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private async update<K extends SegmentKind>(db: Db, kind: K, runId: number, id: number, ringNo: number, given: ValuesOf[K], meta: { source?: string; userId: number | null }): Promise<void> {
    const values = await this.withChainage(db, kind, runId, ringNo, given);
    await db
      .updateTable(DATASETS[kind].table as 'seg_poses')
      .set({ ring_no: ringNo, state: 'confirmed', ...(meta.source ? { source: meta.source } : {}), updated_by: meta.userId, updated_at: this.deps.now(), ...DATASETS[kind].columns(values) } as never)
      .where('run_id', '=', runId)
      .where('id', '=', id)
      .execute();
  }

  private async deleteRows(db: Db, kind: SegmentKind, runId: number, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .deleteFrom(DATASETS[kind].table as 'seg_poses')
      .where('run_id', '=', runId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // Presenting -----------------------------------------------------------------------------------

  private async userNames(ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  private async present<K extends SegmentKind>(kind: K, rows: readonly RowOf[K][], tolerance: Tolerance): Promise<RecordOf[K][]> {
    const users = await this.userNames(rows.map((r) => r.updated_by));
    return rows.map((row) =>
      DATASETS[kind].present(
        row,
        {
          id: row.id,
          runId: row.run_id,
          ringNo: row.ring_no,
          state: row.state as Meta['state'],
          source: row.source as Meta['source'],
          updatedAt: Number(row.updated_at),
          updatedBy: row.updated_by === null ? null : { id: row.updated_by, name: users.get(row.updated_by) ?? '' },
        },
        tolerance,
      ),
    );
  }

  private async presentOne<K extends SegmentKind>(kind: K, runId: number, id: number): Promise<RecordOf[K]> {
    const [row, tolerance] = await Promise.all([this.rowById(this.db, kind, runId, id), this.tolerance(runId)]);
    const [record] = await this.present(kind, [row], tolerance);
    if (!record) throw errors.business('segment.refused.notFound');
    return record;
  }

  // Read API (no caller check: for the statistics, the advisor and the machine's drafts) -----------

  /** The run's tolerance bands; DEFAULT_TOLERANCE until someone sets them. */
  async tolerance(runId: number): Promise<Tolerance> {
    return toleranceOfRow(await this.db.selectFrom('seg_settings').selectAll().where('run_id', '=', runId).executeTakeFirst());
  }

  /** The records of one kind for rings from…to (both included; either open), ascending by ring, with their bands. */
  async inRange<K extends SegmentKind>(kind: K, runId: number, from?: number, to?: number): Promise<RecordOf[K][]> {
    const [rows, tolerance] = await Promise.all([this.rowsOf(this.db, kind, runId, from, to), this.tolerance(runId)]);
    return this.present(kind, rows, tolerance);
  }

  posesInRange(runId: number, from: number, to: number): Promise<SegmentPose[]> {
    return this.inRange('pose', runId, from, to);
  }

  tailGapsInRange(runId: number, from: number, to: number): Promise<TailGap[]> {
    return this.inRange('tail', runId, from, to);
  }

  clearancesInRange(runId: number, from: number, to: number): Promise<TailClearance[]> {
    return this.inRange('clearance', runId, from, to);
  }

  /**
   * The machine's draft of a ring (at the ring's end): stored as `draft`, source `machine`, only
   * when the ring has no record of this kind yet. Never overwrites a record. True when stored.
   */
  async saveDraft<K extends SegmentKind>(runId: number, kind: K, ringNo: number, values: ValuesOf[K]): Promise<boolean> {
    if (await this.rowByRing(this.db, kind, runId, ringNo)) return false;
    try {
      await this.insert(this.db, kind, runId, ringNo, values, { state: 'draft', source: 'machine', userId: null });
      return true;
    } catch (error) {
      // Someone stored the ring meanwhile: theirs stays.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Records of the run were written since `since`: the tolerance alarms look at them (after the write is committed). */
  afterWrite(runId: number, since: number): void {
    this.deps.written?.(runId, since);
  }

  /** The server's clock, as the records' times are written. */
  now(): number {
    return this.deps.now();
  }

  // Calls ----------------------------------------------------------------------------------------

  /**
   * Adds a ring's record. A ring with a confirmed record is refused (naming the ring); a ring with
   * the machine's draft gets the draft replaced by this record (confirmed, source manual).
   */
  async add<K extends SegmentKind>(session: AuthSession, kind: K, input: ValuesOf[K] & { runId: number; ringNo: number }): Promise<RecordOf[K]> {
    const run = await this.require(session, input.runId, 'segment.data.write');
    const since = this.deps.now();
    const { runId: _runId, ringNo, ...values } = input;
    const id = await this.writeUnique(ringNo, () =>
      this.db.transaction().execute(async (trx) => {
        const existing = await this.rowByRing(trx, kind, run.id, ringNo);
        if (existing && existing.state === 'confirmed') throw errors.business('segment.refused.ringTaken', { ring: ringNo });
        if (existing) {
          await this.update(trx, kind, run.id, existing.id, ringNo, values as unknown as ValuesOf[K], { source: 'manual', userId: session.userId });
          return existing.id;
        }
        return this.insert(trx, kind, run.id, ringNo, values as unknown as ValuesOf[K], { state: 'confirmed', source: 'manual', userId: session.userId });
      }),
    );
    this.afterWrite(run.id, since);
    return this.presentOne(kind, run.id, id);
  }

  /**
   * Changes a record (and confirms it). Moving it to a ring with a confirmed record is refused; a
   * draft on that ring gives way.
   */
  async edit<K extends SegmentKind>(session: AuthSession, kind: K, input: ValuesOf[K] & { runId: number; ringNo: number; id: number }): Promise<RecordOf[K]> {
    const run = await this.require(session, input.runId, 'segment.data.write');
    const since = this.deps.now();
    const { runId: _runId, ringNo, id, ...values } = input;
    await this.writeUnique(ringNo, () =>
      this.db.transaction().execute(async (trx) => {
        const row = await this.rowById(trx, kind, run.id, id);
        if (row.ring_no !== ringNo) {
          const other = await this.rowByRing(trx, kind, run.id, ringNo);
          if (other && other.state === 'confirmed') throw errors.business('segment.refused.ringTaken', { ring: ringNo });
          if (other) await this.deleteRows(trx, kind, run.id, [other.id]);
        }
        await this.update(trx, kind, run.id, id, ringNo, values as unknown as ValuesOf[K], { userId: session.userId });
      }),
    );
    this.afterWrite(run.id, since);
    return this.presentOne(kind, run.id, id);
  }

  /** A concurrent writer took the ring between the check and the write: the same refusal as a taken ring. */
  private async writeUnique<T>(ringNo: number, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.business('segment.refused.ringTaken', { ring: ringNo });
      throw error;
    }
  }

  /** The run's records of a kind that the filters keep (bands against the tolerance now), ascending by ring. */
  private async filtered<K extends SegmentKind>(kind: K, runId: number, input: { ringStart?: number | undefined; ringEnd?: number | undefined; state?: string | undefined; band?: Band | undefined }): Promise<RecordOf[K][]> {
    const records = await this.inRange(kind, runId, input.ringStart, input.ringEnd);
    return records.filter((r) => (!input.state || r.state === input.state) && (!input.band || r.band === input.band));
  }

  /** A page of the run's records, newest ring first. */
  async list<K extends SegmentKind>(session: AuthSession, kind: K, input: ListInput): Promise<Page<RecordOf[K]>> {
    const run = await this.require(session, input.runId, 'segment.data.read');
    const records = (await this.filtered(kind, run.id, input)).reverse();
    const from = (input.page - 1) * input.pageSize;
    return { total: records.length, page: input.page, pageSize: input.pageSize, records: records.slice(from, from + input.pageSize) };
  }

  /** The records of an export, ascending by ring (code 3 when there is none, or more than the export takes). */
  async exportRecords<K extends SegmentKind>(session: AuthSession, kind: K, input: ExportInput): Promise<{ run: ScopedRun; records: RecordOf[K][]; tolerance: Tolerance }> {
    const run = await this.require(session, input.runId, 'segment.data.read');
    const records = await this.filtered(kind, run.id, input);
    if (records.length === 0) throw errors.business('common.notice.noExportData');
    if (records.length > segmentContract.SEGMENT_LIMITS.exportRingsMax) throw errors.business('segment.refused.exportTooMany', { max: segmentContract.SEGMENT_LIMITS.exportRingsMax });
    return { run, records, tolerance: await this.tolerance(run.id) };
  }

  async delete(session: AuthSession, kind: SegmentKind, runId: number, id: number): Promise<{ deleted: number }> {
    return this.deleteBatch(session, kind, runId, [id]);
  }

  /** Deletes records of the run, all or none: an id that is not the run's refuses the whole batch. */
  async deleteBatch(session: AuthSession, kind: SegmentKind, runId: number, ids: readonly number[]): Promise<{ deleted: number }> {
    const run = await this.require(session, runId, 'segment.data.write');
    const wanted = [...new Set(ids)];
    const deleted = await this.db.transaction().execute(async (trx) => {
      const found = await this.from(trx, kind).select('id').where('run_id', '=', run.id).where('id', 'in', wanted).execute();
      if (found.length !== wanted.length) throw errors.business('segment.refused.notFound');
      return this.deleteRows(trx, kind, run.id, wanted);
    });
    return { deleted };
  }

  /** Confirms drafts as they are; every id must be the run's (all or none). Answers how many drafts became confirmed. */
  async confirm(session: AuthSession, kind: SegmentKind, runId: number, ids: readonly number[]): Promise<{ confirmed: number }> {
    const run = await this.require(session, runId, 'segment.data.write');
    const since = this.deps.now();
    const wanted = [...new Set(ids)];
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const found = await this.from(trx, kind).select(['id', 'state']).where('run_id', '=', run.id).where('id', 'in', wanted).execute();
      if (found.length !== wanted.length) throw errors.business('segment.refused.notFound');
      const drafts = found.filter((r) => r.state === 'draft').map((r) => r.id);
      if (drafts.length === 0) return 0;
      await trx
        .updateTable(DATASETS[kind].table as 'seg_poses')
        .set({ state: 'confirmed', updated_by: session.userId, updated_at: this.deps.now() })
        .where('run_id', '=', run.id)
        .where('id', 'in', drafts)
        .execute();
      return drafts.length;
    });
    if (confirmed > 0) this.afterWrite(run.id, since);
    return { confirmed };
  }

  /** Ring widths to pick (mm): the run's design width first, then the others its records use, ascending. */
  async ringWidths(session: AuthSession, runId: number): Promise<number[]> {
    const run = await this.require(session, runId, 'segment.data.read');
    const rows = await this.db.selectFrom('seg_poses').select('ring_width').distinct().where('run_id', '=', run.id).where('ring_width', 'is not', null).execute();
    const design = Math.round(Number(run.ring_width_mm));
    const used = rows.map((r) => Number(r.ring_width)).filter((w) => w !== design).sort((a, b) => a - b);
    return [design, ...used];
  }

  /** Key positions to pick: K1…Kn of the run's geometry (16 when unset), then others its records use. */
  async kPositions(session: AuthSession, runId: number): Promise<string[]> {
    const run = await this.require(session, runId, 'segment.data.read');
    const [tolerance, rows] = await Promise.all([
      this.tolerance(run.id),
      this.db.selectFrom('seg_poses').select('k_position').distinct().where('run_id', '=', run.id).where('k_position', 'is not', null).execute(),
    ]);
    const own = kPositionsOf(tolerance.kPositionCount ?? DEFAULT_K_POSITION_COUNT);
    const others = rows
      .map((r) => r.k_position)
      .filter((k): k is string => k !== null && !own.includes(k))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    return [...own, ...others];
  }

  async toleranceOf(session: AuthSession, runId: number): Promise<Tolerance> {
    const run = await this.require(session, runId, 'segment.data.read');
    return this.tolerance(run.id);
  }

  async setTolerance(session: AuthSession, input: ToleranceInput): Promise<Tolerance> {
    const run = await this.require(session, input.runId, 'segment.data.write');
    const values = {
      deviation_warn_mm: input.deviationWarnMm,
      deviation_alarm_mm: input.deviationAlarmMm,
      clearance_warn_mm: input.clearanceWarnMm,
      clearance_alarm_mm: input.clearanceAlarmMm,
      imbalance_warn_mm: input.imbalanceWarnMm,
      imbalance_alarm_mm: input.imbalanceAlarmMm,
      raise_alarms: input.raiseAlarms ? 1 : 0,
      taper_mm: input.taperMm,
      outer_diameter_mm: input.outerDiameterMm,
      k_position_count: input.kPositionCount,
      updated_by: session.userId,
      updated_at: this.deps.now(),
    };
    await this.db
      .insertInto('seg_settings')
      .values({ run_id: run.id, ...values })
      .onConflict((oc) => oc.column('run_id').doUpdateSet(values))
      .execute();
    return this.tolerance(run.id);
  }

  // Imports (segmentImport.ts drives them through the imports service) ---------------------------

  /** Rings of the run's records of a kind within start…end, with their state. */
  async storedRings(kind: SegmentKind, runId: number, start: number, end: number, db: Db = this.db): Promise<Map<number, string>> {
    const rows = await this.from(db, kind).select(['ring_no', 'state']).where('run_id', '=', runId).where('ring_no', '>=', start).where('ring_no', '<=', end).execute();
    return new Map(rows.map((r) => [r.ring_no, r.state]));
  }

  /** Stores imported rows (confirmed, source import) inside the import's transaction, replacing the records of their rings. */
  async storeImported<K extends SegmentKind>(trx: Transaction<Database>, kind: K, runId: number, userId: number, rows: readonly { ringNo: number; values: ValuesOf[K] }[]): Promise<void> {
    const rings = rows.map((r) => r.ringNo);
    for (let i = 0; i < rings.length; i += 500) {
      await trx
        .deleteFrom(DATASETS[kind].table as 'seg_poses')
        .where('run_id', '=', runId)
        .where('ring_no', 'in', rings.slice(i, i + 500))
        .execute();
    }
    for (const row of rows) await this.insert(trx, kind, runId, row.ringNo, row.values, { state: 'confirmed', source: 'import', userId });
  }
}
