import { dictionaryContract, shiftReportContract } from '@boreline/contracts';
import { metresOf } from '../project/index.js';

type RecordKind = shiftReportContract.RecordKind;
type WorkProcess = dictionaryContract.WorkProcess;
type StopReason = dictionaryContract.StopReason;
type ShiftStats = shiftReportContract.ShiftStats;

/** A machine state interval (advance, ringBuild, waiting, finish) as the cycle engine stored it. */
export interface StateInterval {
  state: string;
  start: number;
  end: number;
  ringNo: number | null;
}

/** A record of a shift report before it is stored (or as it is stored, without its id). */
export interface RecordDraft {
  kind: RecordKind;
  process: WorkProcess | null;
  stopReason: StopReason | null;
  start: number;
  end: number;
  primary: boolean;
  generated: boolean;
  remark: string | null;
}

/** The figures of the machine over a shift, whatever its records say. */
export type MachineFigures = ShiftStats['machine'];

/** The known process code a stored text names, or null. */
export const workProcessOf = (code: string | null): WorkProcess | null => dictionaryContract.WORK_PROCESSES.find((p) => p === code) ?? null;
export const stopReasonOf = (code: string | null): StopReason | null => dictionaryContract.STOP_REASONS.find((r) => r === code) ?? null;

/** Intervals cut to [from, to), empty pieces dropped, in time order. */
export function clipStates(states: readonly StateInterval[], from: number, to: number): StateInterval[] {
  return states
    .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
}

/**
 * What the machine data says a shift was made of, over [from, to): advance and ring building
 * are primary processes; standby becomes a stop nobody has explained yet (people split it and give
 * reasons); the end of the drive records nothing. Touching pieces of one kind become one record.
 */
export function recordsFromStates(states: readonly StateInterval[], from: number, to: number): RecordDraft[] {
  const drafts = clipStates(states, from, to).flatMap((s): RecordDraft[] => {
    const base = { start: s.start, end: s.end, generated: true, remark: null, stopReason: null };
    if (s.state === 'advance' || s.state === 'ringBuild') return [{ ...base, kind: 'process', process: s.state, primary: true }];
    if (s.state === 'waiting') return [{ ...base, kind: 'stop', process: null, primary: false }];
    return [];
  });
  return mergeAdjacent(drafts);
}

const sameCode = (a: RecordDraft, b: RecordDraft) =>
  a.kind === b.kind && a.process === b.process && a.stopReason === b.stopReason && a.primary === b.primary;

/** Joins records of the same process (or stop reason) that touch; the cycle engine cuts intervals at ring changes. */
export function mergeAdjacent(records: readonly RecordDraft[]): RecordDraft[] {
  const out: RecordDraft[] = [];
  for (const record of [...records].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last !== undefined && last.end === record.start && sameCode(last, record)) out[out.length - 1] = { ...last, end: record.end };
    else out.push({ ...record });
  }
  return out;
}

/** The first record not lying within [start, end], or null. */
export function findOutside<R extends { start: number; end: number }>(records: readonly R[], start: number, end: number): R | null {
  return records.find((r) => r.start < start || r.end > end) ?? null;
}

/** The first two records sharing some time, earlier first (the contract's rule, as the forms apply it). */
export function findOverlap<R extends { start: number; end: number }>(records: readonly R[]): [R, R] | null {
  return shiftReportContract.findOverlaps(records)[0] ?? null;
}

/** Share of the shift, 0–1; a shift of no length has no shares. */
export const shareOf = (durationMs: number, shiftMs: number): number => (shiftMs > 0 ? durationMs / shiftMs : 0);

const codeOrder = (kind: RecordKind, code: string | null): number => {
  const list: readonly string[] = kind === 'process' ? dictionaryContract.WORK_PROCESSES : dictionaryContract.STOP_REASONS;
  // Unexplained stops (no code) come after every reason.
  return code === null ? list.length : list.indexOf(code);
};

/**
 * The statistics of a shift (spec §3 duration and percentage): time and share per process and
 * stop reason against the shift's real length (11 or 13 h over a daylight-saving change).
 */
export function shiftStats(records: readonly RecordDraft[], shiftMs: number, machine: MachineFigures): ShiftStats {
  const lines = new Map<string, ShiftStats['lines'][number]>();
  let processMs = 0;
  let stopMs = 0;
  let unexplainedStops = 0;
  for (const record of records) {
    const durationMs = record.end - record.start;
    const code = record.kind === 'process' ? record.process : record.stopReason;
    if (record.kind === 'process') processMs += durationMs;
    else stopMs += durationMs;
    if (record.kind === 'stop' && record.stopReason === null) unexplainedStops += 1;
    const key = `${record.kind}:${code ?? ''}`;
    const line = lines.get(key) ?? { kind: record.kind, code, durationMs: 0, share: 0, count: 0 };
    lines.set(key, { ...line, durationMs: line.durationMs + durationMs, count: line.count + 1 });
  }
  const ordered = [...lines.values()]
    .map((line) => ({ ...line, share: shareOf(line.durationMs, shiftMs) }))
    .sort((a, b) => (a.kind === b.kind ? codeOrder(a.kind, a.code) - codeOrder(b.kind, b.code) : a.kind === 'process' ? -1 : 1));
  return {
    shiftMs,
    processMs,
    stopMs,
    unrecordedMs: Math.max(0, shiftMs - processMs - stopMs),
    unexplainedStops,
    lines: ordered,
    machine,
  };
}

/** Machine time per state over the shift and the rings completed in it; metres follow the ring width. */
export function machineFigures(states: readonly StateInterval[], ringsCompleted: number, ringWidthMm: number): MachineFigures {
  const time = (state: string) => states.reduce((sum, s) => (s.state === state ? sum + (s.end - s.start) : sum), 0);
  return {
    advanceMs: time('advance'),
    ringBuildMs: time('ringBuild'),
    waitingMs: time('waiting'),
    ringsCompleted,
    metres: metresOf(ringsCompleted, ringWidthMm),
  };
}
