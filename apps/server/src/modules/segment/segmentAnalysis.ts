import { KEY_TAGS, type Language, segmentContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { SegPoseTable, SegSettingsTable, SegTailClearanceTable, SegTailGapTable } from '../../db/schema/segment.js';
import type { Database } from '../../db/schema.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import { type Clearances, type Reason, rankKeyPositions, ringGeometry, type Side, type Strokes } from './advisor.js';
import { clearanceRecordBand, gapBand, poseBand, shareWithin } from './bands.js';

type Band = segmentContract.Band;
type Tolerance = segmentContract.Tolerance;
type PoseRow = Selectable<SegPoseTable>;
type GapRow = Selectable<SegTailGapTable>;
type ClearanceRow = Selectable<SegTailClearanceTable>;
type SegmentStatistics = z.output<typeof segmentContract.SegmentStatisticsSchema>;
type TailStatistics = z.output<typeof segmentContract.TailStatisticsSchema>;
type ClearanceStatistics = z.output<typeof segmentContract.ClearanceStatisticsSchema>;
type Advisor = z.output<typeof segmentContract.AdvisorSchema>;
export type StatisticsView = (typeof segmentContract.STATISTICS_VIEWS)[number];

/** A run's tolerance from its settings row (no row: the defaults). */
export function toleranceOf(row: Selectable<SegSettingsTable> | undefined): Tolerance {
  if (!row) return segmentContract.DEFAULT_TOLERANCE;
  return {
    deviationWarnMm: Number(row.deviation_warn_mm),
    deviationAlarmMm: Number(row.deviation_alarm_mm),
    clearanceWarnMm: Number(row.clearance_warn_mm),
    clearanceAlarmMm: Number(row.clearance_alarm_mm),
    imbalanceWarnMm: Number(row.imbalance_warn_mm),
    imbalanceAlarmMm: Number(row.imbalance_alarm_mm),
    raiseAlarms: Number(row.raise_alarms) === 1,
    taperMm: row.taper_mm === null ? null : Number(row.taper_mm),
    outerDiameterMm: row.outer_diameter_mm === null ? null : Number(row.outer_diameter_mm),
    kPositionCount: row.k_position_count === null ? null : Number(row.k_position_count),
  };
}

const num = (v: number | null) => (v === null ? null : Number(v));
const state = (v: string): 'draft' | 'confirmed' => (v === 'draft' ? 'draft' : 'confirmed');

/** The segment tables of a run, read directly (the CRUD service is the other entry): tolerance and the three datasets by ring range. */
export class SegmentReader {
  constructor(private readonly db: Kysely<Database>) {}

  async tolerance(runId: number): Promise<Tolerance> {
    return toleranceOf(await this.db.selectFrom('seg_settings').selectAll().where('run_id', '=', runId).executeTakeFirst());
  }

  poses(runId: number, from: number, to: number): Promise<PoseRow[]> {
    return this.db.selectFrom('seg_poses').selectAll().where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).orderBy('ring_no').execute();
  }

  gaps(runId: number, from: number, to: number): Promise<GapRow[]> {
    return this.db.selectFrom('seg_tail_gaps').selectAll().where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).orderBy('ring_no').execute();
  }

  clearances(runId: number, from: number, to: number): Promise<ClearanceRow[]> {
    return this.db.selectFrom('seg_tail_clearances').selectAll().where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).orderBy('ring_no').execute();
  }

  lastGap(runId: number): Promise<GapRow | undefined> {
    return this.db.selectFrom('seg_tail_gaps').selectAll().where('run_id', '=', runId).orderBy('ring_no', 'desc').limit(1).executeTakeFirst();
  }

  lastClearance(runId: number): Promise<ClearanceRow | undefined> {
    return this.db.selectFrom('seg_tail_clearances').selectAll().where('run_id', '=', runId).orderBy('ring_no', 'desc').limit(1).executeTakeFirst();
  }
}

export const poseOf = (r: PoseRow) => ({ horizontalDeviation: Number(r.horizontal_dev), elevationDeviation: Number(r.elevation_dev) });
export const gapOf = (r: GapRow) => ({ up: Number(r.gap_up), down: Number(r.gap_down), left: Number(r.gap_left), right: Number(r.gap_right) });
export const clearanceOf = (r: ClearanceRow) => ({
  upBefore: Number(r.up_before),
  downBefore: Number(r.down_before),
  leftBefore: Number(r.left_before),
  rightBefore: Number(r.right_before),
  upAfter: num(r.up_after),
  downAfter: num(r.down_after),
  leftAfter: num(r.left_after),
  rightAfter: num(r.right_after),
});

// Figures ------------------------------------------------------------------------------------------

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Mean, min, max and the population standard deviation (all rings of the range count alike), two decimals; nulls without values. */
export function figures(values: readonly number[]): { mean: number | null; min: number | null; max: number | null; sd: number | null } {
  if (values.length === 0) return { mean: null, min: null, max: null, sd: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return { mean: round2(mean), min: Math.min(...values), max: Math.max(...values), sd: round2(Math.sqrt(variance)) };
}

const counts = (bands: readonly Band[]) => ({ ok: bands.filter((b) => b === 'ok').length, warning: bands.filter((b) => b === 'warning').length, alarm: bands.filter((b) => b === 'alarm').length });
const within = (bands: readonly Band[]) => ({ last10: shareWithin(bands, 10), last50: shareWithin(bands, 50), all: shareWithin(bands) });

/** Every ring number of the range without a record (listed, never filled). */
export function missingRings(from: number, to: number, recorded: Iterable<number>): number[] {
  const have = new Set(recorded);
  const out: number[] = [];
  for (let ring = from; ring <= to; ring += 1) if (!have.has(ring)) out.push(ring);
  return out;
}

// The advisor's texts ------------------------------------------------------------------------------

const SIDE_TEXT: Readonly<Record<Side, MessageKey>> = {
  up: 'segmentAnalysis.side.up',
  right: 'segmentAnalysis.side.right',
  down: 'segmentAnalysis.side.down',
  left: 'segmentAnalysis.side.left',
};

function reasonText(language: Language, reason: Reason): string {
  switch (reason.key) {
    case 'opens':
      return t(language, 'segmentAnalysis.advisor.reason.opens', { side: t(language, SIDE_TEXT[reason.side]), mm: reason.by });
    case 'imbalance':
      return t(language, 'segmentAnalysis.advisor.reason.imbalance', { before: reason.before, after: reason.after });
    case 'tight':
      return t(language, 'segmentAnalysis.advisor.reason.tight', { side: t(language, SIDE_TEXT[reason.side]), mm: reason.value, warn: reason.warn });
    case 'strokes':
      return t(language, 'segmentAnalysis.advisor.reason.strokes', { before: reason.before, after: reason.after });
  }
}

const STROKE_CODES = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD] as const;
/** Strokes are looked for in this window before a ring's end (the last value of each group). */
const STROKE_WINDOW_MS = 30 * 60_000;

/** The last finite value of each code in frames, or null when one is missing. */
export async function lastValues(machine: MachineHistory, runId: number, codes: readonly string[], from: number, to: number): Promise<(number | null)[]> {
  const frames = await machine.rawFrames(runId, codes, from, to);
  return codes.map((_, c) => {
    const column = frames.values[c] ?? [];
    for (let k = column.length - 1; k >= 0; k -= 1) {
      const v = column[k];
      if (v !== undefined && Number.isFinite(v)) return v;
    }
    return null;
  });
}

export interface AnalysisDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
}

/**
 * The statistics of the three datasets over a ring range (at most 200 rings, checked by the
 * contract), their workbook, and the next-ring advisor's inputs. Statistics need `statistic.read` at
 * the run, the advisor `segment.data.read`; another tenant's run is refused (code 2).
 */
export class SegmentAnalysis {
  readonly reader: SegmentReader;

  constructor(private readonly deps: AnalysisDeps) {
    this.reader = new SegmentReader(deps.db);
  }

  private run(session: AuthSession, runId: number, code: 'statistic.read' | 'segment.data.read'): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  async segment(session: AuthSession, input: { runId: number; ringStart: number; ringEnd: number }): Promise<SegmentStatistics> {
    await this.run(session, input.runId, 'statistic.read');
    return this.segmentOf(input.runId, input.ringStart, input.ringEnd);
  }

  private async segmentOf(runId: number, from: number, to: number): Promise<SegmentStatistics> {
    const [tolerance, rows] = await Promise.all([this.reader.tolerance(runId), this.reader.poses(runId, from, to)]);
    const rings = rows.map((r) => ({
      ringNo: r.ring_no,
      chainage: num(r.chainage),
      horizontalDeviation: Number(r.horizontal_dev),
      elevationDeviation: Number(r.elevation_dev),
      kPosition: r.k_position,
      segmentType: r.segment_type,
      band: poseBand(poseOf(r), tolerance),
      state: state(r.state),
    }));
    const bands = rings.map((r) => r.band);
    return {
      tolerance,
      rings,
      missingRings: missingRings(from, to, rings.map((r) => r.ringNo)),
      withinTolerance: within(bands),
      bands: counts(bands),
      horizontal: figures(rings.map((r) => r.horizontalDeviation)),
      elevation: figures(rings.map((r) => r.elevationDeviation)),
    };
  }

  async tail(session: AuthSession, input: { runId: number; ringStart: number; ringEnd: number }): Promise<TailStatistics> {
    await this.run(session, input.runId, 'statistic.read');
    return this.tailOf(input.runId, input.ringStart, input.ringEnd);
  }

  private async tailOf(runId: number, from: number, to: number): Promise<TailStatistics> {
    const [tolerance, rows] = await Promise.all([this.reader.tolerance(runId), this.reader.gaps(runId, from, to)]);
    const rings = rows.map((r) => {
      const g = gapOf(r);
      return { ringNo: r.ring_no, ...g, horizontalImbalance: g.left - g.right, verticalImbalance: g.up - g.down, band: gapBand(g, tolerance), state: state(r.state) };
    });
    const bands = rings.map((r) => r.band);
    const side = (s: Side) => {
      const f = figures(rings.map((r) => r[s]));
      return { mean: f.mean, min: f.min, max: f.max };
    };
    return {
      tolerance,
      rings,
      missingRings: missingRings(from, to, rings.map((r) => r.ringNo)),
      withinTolerance: within(bands),
      bands: counts(bands),
      up: side('up'),
      down: side('down'),
      left: side('left'),
      right: side('right'),
    };
  }

  async clearance(session: AuthSession, input: { runId: number; ringStart: number; ringEnd: number }): Promise<ClearanceStatistics> {
    await this.run(session, input.runId, 'statistic.read');
    return this.clearanceOfRange(input.runId, input.ringStart, input.ringEnd);
  }

  private async clearanceOfRange(runId: number, from: number, to: number): Promise<ClearanceStatistics> {
    const [tolerance, rows] = await Promise.all([this.reader.tolerance(runId), this.reader.clearances(runId, from, to)]);
    const rings = rows.map((r) => {
      const c = clearanceOf(r);
      const after =
        c.upAfter === null || c.downAfter === null || c.leftAfter === null || c.rightAfter === null ? null : { up: c.upAfter, down: c.downAfter, left: c.leftAfter, right: c.rightAfter };
      return { ringNo: r.ring_no, before: { up: c.upBefore, down: c.downBefore, left: c.leftBefore, right: c.rightBefore }, after, band: clearanceRecordBand(c, tolerance), state: state(r.state) };
    });
    const bands = rings.map((r) => r.band);
    const change = (s: Side) => figures(rings.flatMap((r) => (r.after ? [r.after[s] - r.before[s]] : []))).mean;
    return {
      tolerance,
      rings,
      missingRings: missingRings(from, to, rings.map((r) => r.ringNo)),
      withinTolerance: within(bands),
      bands: counts(bands),
      meanChange: { up: change('up'), down: change('down'), left: change('left'), right: change('right') },
    };
  }

  /** The statistics of one view as a workbook in the caller's language, each ring's row coloured by its band; nothing recorded is refused (code 3). */
  async export(session: AuthSession, input: { runId: number; ringStart: number; ringEnd: number; view: StatisticsView }, language: Language): Promise<{ fileName: string; body: Buffer }> {
    const run = await this.run(session, input.runId, 'statistic.read');
    const { runId, ringStart: from, ringEnd: to } = input;
    const sheet = await (input.view === 'segment'
      ? this.segmentOf(runId, from, to).then((s) => segmentSheet(s, language))
      : input.view === 'tail'
        ? this.tailOf(runId, from, to).then((s) => tailSheet(s, language))
        : this.clearanceOfRange(runId, from, to).then((s) => clearanceSheet(s, language)));
    if (sheet.rows.length === 0) throw errors.business('segmentAnalysis.refused.nothingToExport');
    const title = t(language, VIEW_TITLE[input.view]);
    const body = await statisticsWorkbook(language, title, `${run.project_name} ${run.tbm_code}`, from, to, sheet);
    return { fileName: `${title} ${run.tbm_code} ${from}-${to}.xlsx`, body };
  }

  // Advisor ----------------------------------------------------------------------------------------

  async advisor(session: AuthSession, runId: number, language: Language): Promise<Advisor> {
    const run = await this.run(session, runId, 'segment.data.read');
    const [tolerance, tbm] = await Promise.all([
      this.reader.tolerance(runId),
      this.deps.db.selectFrom('tbm_info').select(['excavation_diameter', 'cutterhead_diameter']).where('run_id', '=', runId).executeTakeFirst(),
    ]);
    const geometry = ringGeometry({
      taperMm: tolerance.taperMm,
      outerDiameterMm: tolerance.outerDiameterMm,
      kPositionCount: tolerance.kPositionCount,
      tbmDiameterM: num(tbm?.excavation_diameter ?? null) ?? num(tbm?.cutterhead_diameter ?? null),
      ringWidthMm: Number(run.ring_width_mm),
    });
    const disclaimer = t(language, 'segmentAnalysis.advisor.disclaimer');
    const basis = await this.basis(runId);
    if (!basis) return { ringNo: null, basis: null, geometry, options: [], disclaimer };
    const options = rankKeyPositions(basis.clearance, basis.strokes, geometry, tolerance.clearanceWarnMm).map((o) => ({
      kPosition: o.kPosition,
      kAngleDeg: o.kAngleDeg,
      expected: o.expected,
      expectedStrokeSpread: o.expectedStrokeSpread,
      score: o.score,
      reasons: o.reasons.map((r) => reasonText(language, r)),
    }));
    return { ringNo: basis.ringNo + 1, basis, geometry, options, disclaimer };
  }

  /**
   * What the advice starts from: the newest ring with a tail gap record, a tail clearance record
   * (after the build when given, else before) or the machine's tail-gap tags at the ring's end; on a
   * tie the record a person can confirm wins (tail gap, then clearance, then the machine). Strokes
   * A–D: the last values of the machine history within 30 minutes before that ring's end.
   */
  private async basis(runId: number): Promise<{ ringNo: number; clearance: Clearances; strokes: Strokes | null; source: 'tailGap' | 'tailClearance' | 'machine' } | null> {
    const [gap, clearance, machineRing] = await Promise.all([
      this.reader.lastGap(runId),
      this.reader.lastClearance(runId),
      this.deps.db
        .selectFrom('rings')
        .select(['ring_no', 'tail_gap_top', 'tail_gap_bottom', 'tail_gap_left', 'tail_gap_right'])
        .where('run_id', '=', runId)
        .where('tail_gap_top', 'is not', null)
        .where('tail_gap_bottom', 'is not', null)
        .where('tail_gap_left', 'is not', null)
        .where('tail_gap_right', 'is not', null)
        .orderBy('ring_no', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const candidates: { ringNo: number; clearance: Clearances; source: 'tailGap' | 'tailClearance' | 'machine' }[] = [];
    if (gap) candidates.push({ ringNo: gap.ring_no, clearance: gapOf(gap), source: 'tailGap' });
    if (clearance) {
      const c = clearanceOf(clearance);
      const after = c.upAfter !== null && c.downAfter !== null && c.leftAfter !== null && c.rightAfter !== null;
      candidates.push({
        ringNo: clearance.ring_no,
        clearance: after ? { up: c.upAfter ?? 0, down: c.downAfter ?? 0, left: c.leftAfter ?? 0, right: c.rightAfter ?? 0 } : { up: c.upBefore, down: c.downBefore, left: c.leftBefore, right: c.rightBefore },
        source: 'tailClearance',
      });
    }
    if (machineRing) {
      candidates.push({
        ringNo: machineRing.ring_no,
        clearance: { up: Number(machineRing.tail_gap_top), down: Number(machineRing.tail_gap_bottom), left: Number(machineRing.tail_gap_left), right: Number(machineRing.tail_gap_right) },
        source: 'machine',
      });
    }
    const best = candidates.reduce<(typeof candidates)[number] | null>((a, b) => (a === null || b.ringNo > a.ringNo ? b : a), null);
    if (!best) return null;
    const ring = await this.deps.machine.ring(runId, best.ringNo);
    let strokes: Strokes | null = null;
    if (ring) {
      const [a, b, c, d] = await lastValues(this.deps.machine, runId, STROKE_CODES, Number(ring.end_ts) - STROKE_WINDOW_MS, Number(ring.end_ts) + 1);
      if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && typeof d === 'number') strokes = { a, b, c, d };
    }
    return { ...best, strokes };
  }
}

// Workbook -----------------------------------------------------------------------------------------

const VIEW_TITLE: Readonly<Record<StatisticsView, MessageKey>> = {
  segment: 'segmentAnalysis.export.segment',
  tail: 'segmentAnalysis.export.tail',
  clearance: 'segmentAnalysis.export.clearance',
};

const BAND_TEXT: Readonly<Record<Band, MessageKey>> = { ok: 'segmentAnalysis.band.ok', warning: 'segmentAnalysis.band.warning', alarm: 'segmentAnalysis.band.alarm' };
/** Row fills by band: green, amber, red (light, so the text stays readable when printed). */
export const BAND_FILL: Readonly<Record<Band, string>> = { ok: 'FFE2F0D9', warning: 'FFFFF2CC', alarm: 'FFF8CBAD' };

type Cell = string | number | null;
interface Sheet {
  headers: string[];
  rows: { cells: Cell[]; band: Band }[];
  missing: number[];
  within: SegmentStatistics['withinTolerance'];
}

const STATE_TEXT: Readonly<Record<'draft' | 'confirmed', MessageKey>> = { draft: 'segmentAnalysis.state.draft', confirmed: 'segmentAnalysis.state.confirmed' };

function segmentSheet(s: SegmentStatistics, language: Language): Sheet {
  const h = (k: MessageKey) => t(language, k);
  return {
    headers: [h('segmentAnalysis.column.ringNo'), h('segmentAnalysis.column.chainage'), h('segmentAnalysis.column.horizontal'), h('segmentAnalysis.column.elevation'), h('segmentAnalysis.column.kPosition'), h('segmentAnalysis.column.segmentType'), h('segmentAnalysis.column.band'), h('segmentAnalysis.column.state')],
    rows: s.rings.map((r) => ({ band: r.band, cells: [r.ringNo, r.chainage, r.horizontalDeviation, r.elevationDeviation, r.kPosition, r.segmentType, h(BAND_TEXT[r.band]), h(STATE_TEXT[r.state])] })),
    missing: s.missingRings,
    within: s.withinTolerance,
  };
}

function tailSheet(s: TailStatistics, language: Language): Sheet {
  const h = (k: MessageKey) => t(language, k);
  return {
    headers: [h('segmentAnalysis.column.ringNo'), h('segmentAnalysis.side.up'), h('segmentAnalysis.side.down'), h('segmentAnalysis.side.left'), h('segmentAnalysis.side.right'), h('segmentAnalysis.column.horizontalImbalance'), h('segmentAnalysis.column.verticalImbalance'), h('segmentAnalysis.column.band'), h('segmentAnalysis.column.state')],
    rows: s.rings.map((r) => ({ band: r.band, cells: [r.ringNo, r.up, r.down, r.left, r.right, r.horizontalImbalance, r.verticalImbalance, h(BAND_TEXT[r.band]), h(STATE_TEXT[r.state])] })),
    missing: s.missingRings,
    within: s.withinTolerance,
  };
}

function clearanceSheet(s: ClearanceStatistics, language: Language): Sheet {
  const h = (k: MessageKey) => t(language, k);
  const before = (k: MessageKey) => t(language, 'segmentAnalysis.column.before', { side: h(k) });
  const after = (k: MessageKey) => t(language, 'segmentAnalysis.column.after', { side: h(k) });
  const sides: MessageKey[] = ['segmentAnalysis.side.up', 'segmentAnalysis.side.down', 'segmentAnalysis.side.left', 'segmentAnalysis.side.right'];
  return {
    headers: [h('segmentAnalysis.column.ringNo'), ...sides.map(before), ...sides.map(after), h('segmentAnalysis.column.band'), h('segmentAnalysis.column.state')],
    rows: s.rings.map((r) => ({
      band: r.band,
      cells: [r.ringNo, r.before.up, r.before.down, r.before.left, r.before.right, r.after?.up ?? null, r.after?.down ?? null, r.after?.left ?? null, r.after?.right ?? null, h(BAND_TEXT[r.band]), h(STATE_TEXT[r.state])],
    })),
    missing: s.missingRings,
    within: s.withinTolerance,
  };
}

/** One sheet: title, run, range and the shares within tolerance; the rings coloured by band; the missing rings listed below. */
async function statisticsWorkbook(language: Language, title: string, runName: string, from: number, to: number, sheet: Sheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 6 }] });
  ws.columns = sheet.headers.map((header) => ({ width: Math.max(10, header.length + 2) }));
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow([runName]);
  ws.addRow([t(language, 'segmentAnalysis.export.range', { from, to })]);
  const share = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10} %`);
  ws.addRow([t(language, 'segmentAnalysis.export.within', { last10: share(sheet.within.last10), last50: share(sheet.within.last50), all: share(sheet.within.all) })]);
  ws.addRow([]);
  const header = ws.addRow(sheet.headers);
  header.font = { bold: true };
  for (const r of sheet.rows) {
    const row = ws.addRow(r.cells);
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (col <= sheet.headers.length) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: BAND_FILL[r.band] } };
    });
  }
  if (sheet.missing.length > 0) {
    ws.addRow([]);
    ws.addRow([t(language, 'segmentAnalysis.export.missing', { count: sheet.missing.length }), sheet.missing.join(', ')]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
