import type { MachineState } from '@boreline/contracts';
import type { Frame } from '../frame.js';
import type { CycleEngineOptions, CycleEvent, CycleSnapshot, HeldSignals } from './cycleTypes.js';
import { addFrame, GUIDANCE_FIELDS, KeyTagReader, mergeRingAcc, newRingAcc, ringRecordOf, SLOT } from './ringAccumulator.js';

export type { CycleEngineOptions, CycleEvent, CycleSnapshot, RingRecord, StateInterval } from './cycleTypes.js';

/** A state change must last this long before it counts: PLC flags and speeds flicker. */
export const DEBOUNCE_MS = 20_000;
/** Longer silence than this is a data gap: the open interval ends at the last frame. */
export const GAP_MS = 120_000;
/** Below this advance speed (mm/min) the shield is considered standing even in advance mode. */
export const MIN_ADVANCE_SPEED = 2;
/** Below this cutterhead speed (r/min) the head is considered stopped (only used without the mode flag). */
export const MIN_CUTTER_SPEED = 0.1;

const HELD_SLOTS = {
  advanceMode: SLOT.advanceMode,
  erectMode: SLOT.erectMode,
  advanceSpeed: SLOT.advanceSpeed,
  cutterSpeed: SLOT.cutterSpeed,
  ringNo: SLOT.ringNo,
  chainage: SLOT.chainage,
} as const;
const HELD_KEYS = ['advanceMode', 'erectMode', 'advanceSpeed', 'cutterSpeed', 'ringNo', 'chainage'] as const;

const isOn = (flag: number | null): boolean => flag !== null && flag >= 0.5;

function initialSnapshot(): CycleSnapshot {
  return {
    version: 1,
    lastTs: null,
    committed: null,
    pending: null,
    ring: null,
    lastRingNo: null,
    originChainage: null,
    held: { advanceMode: null, erectMode: null, advanceSpeed: null, cutterSpeed: null, ringNo: null, chainage: null },
    carriedGuidance: GUIDANCE_FIELDS.map(() => null),
  };
}

/**
 * Derives machine-state intervals and ring records from a run's frames, incrementally.
 *
 * States, per frame: `advance` when advance mode is on and the shield moves faster than 2 mm/min
 * (without a mode flag: moves and the cutterhead turns); else `ringBuild` when erection mode is on;
 * else `finish` once the chainage has reached the run's end chainage (within half a ring, in the
 * direction of travel given by the first chainage seen); else `waiting`. A missing value keeps the
 * last known one, so a dropped sample never reads as zero. A new state commits only after it has
 * lasted `DEBOUNCE_MS`, and then from its first frame. After more than `GAP_MS` without frames the
 * open interval ends at the last frame: the gap belongs to no state.
 *
 * `ringBuild` outranks `finish` so the last ring's building still counts as building.
 *
 * Rings: ring N starts with the first committed advance run under PLC ring counter N and ends where
 * the next ring's advance starts (so it holds its advance, the building after it and any waiting),
 * or where the run finishes. The counter is part of the advance state: a counter change during an
 * advance is debounced like a state change, so a counter glitch does not split a ring. An advance
 * under the open ring's counter (an advance interrupted by a stop) continues that ring. A counter
 * that jumps forward by more than one or back (PLC reset) simply starts a ring with the new number:
 * skipped numbers get no record, and a repeated number yields a second record which storage
 * resolves per (run, ring). Without any counter value, a ring starts at the first advance after a
 * ring building and is numbered one after the previous.
 */
export class CycleEngine {
  private readonly runId: number;
  private readonly reader: KeyTagReader;
  private readonly endChainage: number | null;
  private readonly toleranceM: number;
  private s: CycleSnapshot;

  constructor(options: CycleEngineOptions) {
    this.runId = options.runId;
    this.reader = new KeyTagReader(options.layout);
    this.endChainage = options.endChainage ?? null;
    this.toleranceM = options.ringWidthMm / 2 / 1000;
    // A copy, so the caller's snapshot object can be stored or reused safely.
    this.s = options.state === undefined ? initialSnapshot() : structuredClone(options.state);
  }

  /** Processes one frame. Frames not newer than the last processed one are ignored here. */
  push(frame: Frame): CycleEvent[] {
    const s = this.s;
    if (!Number.isFinite(frame.ts) || (s.lastTs !== null && frame.ts <= s.lastTs)) return [];
    const events: CycleEvent[] = [];
    if (s.lastTs !== null && frame.ts - s.lastTs > GAP_MS) this.closeOpen(s.lastTs, events);
    s.lastTs = frame.ts;

    const values = this.reader.read(frame.values);
    this.hold(values);
    const raw = this.classify();
    const counter = raw === 'advance' && s.held.ringNo !== null ? Math.round(s.held.ringNo) : null;
    const ts = frame.ts;

    if (s.committed === null) {
      this.commit(raw, counter, ts, events);
      this.addToCommitted(values);
      return events;
    }
    if (raw === s.committed.state && counter === s.committed.counter) {
      this.settlePending();
      this.addToCommitted(values);
      return events;
    }
    if (s.pending === null || s.pending.state !== raw || s.pending.counter !== counter) {
      this.settlePending();
      s.pending = { state: raw, counter, since: ts, acc: newRingAcc() };
    }
    const pending = s.pending;
    addFrame(pending.acc, values, raw === 'advance');
    if (ts - pending.since >= DEBOUNCE_MS) {
      s.pending = null;
      this.closeInterval(pending.since, events);
      this.commit(pending.state, pending.counter, pending.since, events);
      if (s.ring !== null) mergeRingAcc(s.ring.acc, pending.acc, pending.state === 'advance');
    }
    return events;
  }

  /**
   * Closes the open interval at `ts` (a recompute ends its range this way). The open ring stays
   * open; the next frame starts a new interval, and frames up to `ts` are ignored from now on.
   */
  flush(ts: number): CycleEvent[] {
    const events: CycleEvent[] = [];
    this.closeOpen(ts, events);
    if (this.s.lastTs === null || ts > this.s.lastTs) this.s.lastTs = ts;
    return events;
  }

  /** The committed state (null before the first frame, after a gap is detected or a flush). */
  current(): { state: MachineState | null; since: number | null; ringNo: number | null } {
    const { committed, ring } = this.s;
    return { state: committed?.state ?? null, since: committed?.since ?? null, ringNo: ring?.ringNo ?? null };
  }

  /** A plain JSON copy of the whole state: `new CycleEngine({ ..., state })` resumes exactly here. */
  snapshot(): CycleSnapshot {
    return structuredClone(this.s);
  }

  private hold(values: Float64Array): void {
    const { held } = this.s;
    for (const key of HELD_KEYS) {
      const v = values[HELD_SLOTS[key]] ?? Number.NaN;
      if (Number.isFinite(v)) held[key] = v;
    }
    if (this.s.originChainage === null && held.chainage !== null) this.s.originChainage = held.chainage;
  }

  private classify(): MachineState {
    const held: HeldSignals = this.s.held;
    const moving = held.advanceSpeed !== null && held.advanceSpeed > MIN_ADVANCE_SPEED;
    const advancing =
      held.advanceMode !== null
        ? isOn(held.advanceMode) && moving
        : moving && held.cutterSpeed !== null && held.cutterSpeed > MIN_CUTTER_SPEED;
    if (advancing) return 'advance';
    if (isOn(held.erectMode)) return 'ringBuild';
    if (this.reachedEnd()) return 'finish';
    return 'waiting';
  }

  private reachedEnd(): boolean {
    const end = this.endChainage;
    const { chainage } = this.s.held;
    const origin = this.s.originChainage;
    if (end === null || chainage === null || origin === null) return false;
    const direction = Math.sign(end - origin);
    if (direction === 0) return Math.abs(chainage - end) <= this.toleranceM;
    return (chainage - end) * direction >= -this.toleranceM;
  }

  /** Frames of a candidate state that did not last belong to the committed state after all. */
  private settlePending(): void {
    const { pending, ring, committed } = this.s;
    if (pending === null) return;
    if (ring !== null) mergeRingAcc(ring.acc, pending.acc, committed?.state === 'advance');
    this.s.pending = null;
  }

  private addToCommitted(values: Float64Array): void {
    const { ring, committed } = this.s;
    if (ring !== null) addFrame(ring.acc, values, committed?.state === 'advance');
  }

  /** Ends the committed interval at `end`, emitting it and adding its length to the open ring. */
  private closeInterval(end: number, events: CycleEvent[]): void {
    const { committed, ring } = this.s;
    if (committed === null) return;
    this.s.committed = null;
    if (end <= committed.since) return;
    const ms = end - committed.since;
    if (ring !== null) {
      if (committed.state === 'advance') ring.advanceMs += ms;
      else if (committed.state === 'ringBuild') ring.ringBuildMs += ms;
      else if (committed.state === 'waiting') ring.waitingMs += ms;
    }
    events.push({
      type: 'interval',
      interval: { runId: this.runId, state: committed.state, start: committed.since, end, ringNo: ring?.ringNo ?? null },
    });
  }

  /** Gap or flush: a pending candidate never lasted, so its frames fall back to the committed state. */
  private closeOpen(end: number, events: CycleEvent[]): void {
    this.settlePending();
    this.closeInterval(end, events);
  }

  /** Starts `state` at `start`, opening and closing rings as the rules above say. */
  private commit(state: MachineState, counter: number | null, start: number, events: CycleEvent[]): void {
    const s = this.s;
    if (state === 'ringBuild' && s.ring !== null) s.ring.built = true;
    if (state === 'finish') this.closeRing(start, events);
    if (state === 'advance') {
      const ringNo = counter ?? this.inferredRingNo();
      if (s.ring === null || s.ring.ringNo !== ringNo) {
        this.closeRing(start, events);
        s.ring = {
          ringNo,
          start,
          advanceMs: 0,
          ringBuildMs: 0,
          waitingMs: 0,
          built: false,
          acc: newRingAcc(s.carriedGuidance),
        };
      }
    }
    s.committed = { state, counter, since: start };
  }

  /** Without a PLC counter a ring is one advance plus the building after it. */
  private inferredRingNo(): number {
    const { ring, lastRingNo } = this.s;
    if (ring === null) return (lastRingNo ?? 0) + 1;
    return ring.built ? ring.ringNo + 1 : ring.ringNo;
  }

  private closeRing(end: number, events: CycleEvent[]): void {
    const { ring } = this.s;
    if (ring === null) return;
    events.push({ type: 'ring', ring: ringRecordOf(this.runId, ring, end) });
    this.s.carriedGuidance = [...ring.acc.guidance];
    this.s.lastRingNo = ring.ringNo;
    this.s.ring = null;
  }
}
