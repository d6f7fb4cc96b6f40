import { describe, expect, it } from 'vitest';
import { clipStates, findOutside, findOverlap, machineFigures, mergeAdjacent, type RecordDraft, recordsFromStates, shiftStats } from './shiftRecords.js';

const H = 3_600_000;
const M = 60_000;
const state = (name: string, start: number, end: number, ringNo: number | null = null) => ({ state: name, start, end, ringNo });
const record = (over: Partial<RecordDraft> & Pick<RecordDraft, 'start' | 'end'>): RecordDraft => ({
  kind: 'process',
  process: 'other',
  stopReason: null,
  primary: false,
  generated: false,
  remark: null,
  ...over,
});
const NO_MACHINE = machineFigures([], 0, 1500);

describe('recordsFromStates', () => {
  it('makes advance and ring building primary processes, standby an unexplained stop and the end of the drive nothing', () => {
    const drafts = recordsFromStates(
      [state('advance', 0, 2 * H, 7), state('ringBuild', 2 * H, 3 * H, 7), state('waiting', 3 * H, 4 * H), state('finish', 4 * H, 5 * H)],
      0,
      12 * H,
    );
    expect(drafts.map((d) => [d.kind, d.process, d.stopReason, d.primary, d.generated, d.start, d.end])).toEqual([
      ['process', 'advance', null, true, true, 0, 2 * H],
      ['process', 'ringBuild', null, true, true, 2 * H, 3 * H],
      ['stop', null, null, false, true, 3 * H, 4 * H],
    ]);
  });

  it('joins touching pieces of one kind (the engine cuts at each ring) but not pieces with a gap between', () => {
    const drafts = recordsFromStates(
      [state('advance', 0, H, 7), state('advance', H, 2 * H, 8), state('waiting', 2 * H, 2 * H + 10 * M), state('waiting', 2 * H + 10 * M, 3 * H), state('advance', 3 * H + M, 4 * H)],
      0,
      12 * H,
    );
    expect(drafts.map((d) => [d.process ?? d.kind, d.start, d.end])).toEqual([
      ['advance', 0, 2 * H],
      ['stop', 2 * H, 3 * H],
      ['advance', 3 * H + M, 4 * H],
    ]);
  });

  it('cuts intervals running over the shift edges (or over now, for a running shift)', () => {
    const drafts = recordsFromStates([state('waiting', -H, H), state('advance', H, 5 * H)], 0, 3 * H);
    expect(drafts.map((d) => [d.kind, d.start, d.end])).toEqual([
      ['stop', 0, H],
      ['process', H, 3 * H],
    ]);
    expect(recordsFromStates([state('advance', 4 * H, 5 * H)], 0, 3 * H)).toEqual([]);
  });
});

describe('mergeAdjacent and clipStates', () => {
  it('keeps records with different stop reasons or primacy apart, in time order', () => {
    const merged = mergeAdjacent([
      record({ kind: 'stop', process: null, stopReason: 'segmentSupply', start: H, end: 2 * H }),
      record({ kind: 'stop', process: null, stopReason: 'muckRemoval', start: 2 * H, end: 3 * H }),
      record({ process: 'advance', primary: true, start: 0, end: H }),
      record({ process: 'advance', primary: false, start: 3 * H, end: 4 * H }),
    ]);
    expect(merged.map((r) => r.start)).toEqual([0, H, 2 * H, 3 * H]);
  });

  it('drops what lies outside and sorts', () => {
    expect(clipStates([state('advance', 5, 9), state('waiting', 0, 3), state('advance', 10, 12)], 1, 10)).toEqual([state('waiting', 1, 3), state('advance', 5, 9)]);
  });
});

describe('findOutside and findOverlap', () => {
  it('accepts records touching the shift edges and refuses one reaching past either edge', () => {
    expect(findOutside([record({ start: 0, end: H }), record({ start: 11 * H, end: 12 * H })], 0, 12 * H)).toBeNull();
    expect(findOutside([record({ start: 11 * H, end: 12 * H + 1 })], 0, 12 * H)?.start).toBe(11 * H);
    expect(findOutside([record({ start: -1, end: H })], 0, 12 * H)?.end).toBe(H);
  });

  it('finds two records sharing time, earlier first, even when one lies inside a long one', () => {
    const long = record({ process: 'advance', start: 0, end: 5 * H });
    const short = record({ process: 'survey', start: H, end: 2 * H });
    const later = record({ process: 'other', start: 4 * H, end: 6 * H });
    expect(findOverlap([short, long])).toEqual([long, short]);
    expect(findOverlap([record({ start: 6 * H, end: 7 * H }), later, long])).toEqual([long, later]);
    expect(findOverlap([record({ start: 0, end: H }), record({ start: H, end: 2 * H }), record({ start: 2 * H, end: 3 * H })])).toBeNull();
    // After a long record, a short one ending early must not hide an overlap with the long one.
    expect(findOverlap([long, record({ start: 30 * M, end: H - M }), record({ start: 5 * H - M, end: 6 * H })])?.[0]).toBe(long);
  });
});

describe('shiftStats', () => {
  it('sums time and share per process and stop reason against the real shift length, unexplained stops last', () => {
    const shiftMs = 11 * H; // a 19:00–07:00 night over the spring-forward
    const stats = shiftStats(
      [
        record({ kind: 'stop', process: null, stopReason: null, start: 0, end: H }),
        record({ process: 'advance', primary: true, start: H, end: 4 * H }),
        record({ kind: 'stop', process: null, stopReason: 'segmentSupply', start: 4 * H, end: 5 * H }),
        record({ process: 'ringBuild', primary: true, start: 5 * H, end: 6 * H }),
        record({ process: 'advance', primary: true, start: 6 * H, end: 8 * H + 30 * M }),
        record({ kind: 'stop', process: null, stopReason: 'segmentSupply', start: 8 * H + 30 * M, end: 9 * H }),
      ],
      shiftMs,
      NO_MACHINE,
    );
    expect(stats).toMatchObject({ shiftMs, processMs: 6.5 * H, stopMs: 2.5 * H, unrecordedMs: 2 * H, unexplainedStops: 1 });
    expect(stats.lines).toEqual([
      { kind: 'process', code: 'advance', durationMs: 5.5 * H, share: 5.5 / 11, count: 2 },
      { kind: 'process', code: 'ringBuild', durationMs: H, share: 1 / 11, count: 1 },
      { kind: 'stop', code: 'segmentSupply', durationMs: 1.5 * H, share: 1.5 / 11, count: 2 },
      { kind: 'stop', code: null, durationMs: H, share: 1 / 11, count: 1 },
    ]);
  });

  it('reports an empty shift as wholly unrecorded', () => {
    expect(shiftStats([], 12 * H, NO_MACHINE)).toMatchObject({ processMs: 0, stopMs: 0, unrecordedMs: 12 * H, lines: [] });
  });
});

describe('machineFigures', () => {
  it('adds time per state and turns completed rings into metres by the ring width', () => {
    const figures = machineFigures([state('advance', 0, H), state('ringBuild', H, 2 * H), state('advance', 2 * H, 3 * H), state('waiting', 3 * H, 3 * H + 5 * M)], 3, 1500);
    expect(figures).toEqual({ advanceMs: 2 * H, ringBuildMs: H, waitingMs: 5 * M, ringsCompleted: 3, metres: 4.5 });
    expect(machineFigures([], 7, 1200).metres).toBe(8.4);
  });
});
