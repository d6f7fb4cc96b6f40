import { alarmContract, KEY_TAGS, type TagDef } from '@boreline/contracts';
import type { Frame } from '../../../telemetry/index.js';
import { AlarmEngine } from '../engine/alarmEngine.js';
import type { ActiveAlarmState, AlarmTransition, EndReason } from '../engine/alarmTypes.js';
import { compilePointSettings } from '../engine/pointSettings.js';
import type { AlarmRow } from './alarmStore.js';
import type { ShiftMinutes } from './shiftOf.js';

const { MACHINE_STATE_POINTS } = alarmContract;

/** A transition waiting to be written, with the chainage of the frame that caused it (when it had one). */
export interface PendingTransition {
  t: AlarmTransition;
  chainage: number | null;
}

/** What a run's alarms are judged with, read from the database. */
export interface RunSetup {
  timeZone: string;
  tags: readonly TagDef[];
  warnSettings: Parameters<typeof compilePointSettings>[0];
  runSettings: alarmContract.AlarmRunSettings;
  shelves: Map<string, number>;
  shifts: readonly ShiftMinutes[];
}

/** Frames kept while a run's settings are first read; older ones are dropped beyond this. */
const BUFFER_MAX = 5_000;
/** Machine states checked at most this often in frame time (long stop). */
const STATE_CHECK_MS = 10_000;
const STOPPED = 'waiting';

const stateTransition = (
  type: AlarmTransition['type'],
  point: string,
  kind: 'longStop' | 'connectionLost',
  ts: number,
  faultTs: number,
  reason: EndReason | null,
  notify: boolean,
): AlarmTransition => ({ type, point, kind, level: 'alarm', direction: null, ts, faultTs, value: null, limit: null, peak: null, notify, chattering: false, backfill: false, reason });

/**
 * The in-memory side of one run's alarms: the live engine, the backfill engine of late frames,
 * the machine-state alarms, and the transitions not yet written. Synchronous and quick: the
 * runtime writes what it collects in the run's queue.
 */
export class RunAlarms {
  readonly live = new AlarmEngine(false);
  readonly backfill = new AlarmEngine(true);
  setup: RunSetup | null = null;
  /** Frames that arrived before the setup was read. */
  private buffered: { frame: Frame; codes: readonly string[]; late: boolean }[] = [];
  readonly pending: PendingTransition[] = [];
  /** Active machine-state alarms (points of MACHINE_STATE_POINTS), as raised here or restored. */
  readonly stateActive = new Set<string>();
  /** Wall time of the newest late frame (the backfill closes after a quiet while). */
  lastLateAt = 0;
  newestLiveTs = Number.NEGATIVE_INFINITY;
  private lastStateCheck = Number.NEGATIVE_INFINITY;
  /**
   * The start of the stop the last long-stop alarm was raised for: the live check (while the stop
   * lasts) and the closed interval (when it ends) see the same stop, which is one alarm.
   */
  private longStopSince: number | null = null;
  private layout: readonly string[] = [];
  private chainageColumn = -1;

  constructor(
    readonly runId: number,
    private readonly changed: () => void,
  ) {}

  get ready(): boolean {
    return this.setup !== null;
  }

  /** Applies (re-read) settings; `restore` the persisted active alarms on first setup. */
  apply(setup: RunSetup, now: number, restore?: readonly AlarmRow[]): void {
    const first = this.setup === null;
    this.setup = setup;
    const points = compilePointSettings(setup.warnSettings, setup.tags, setup.runSettings);
    for (const t of this.live.configure(points, now)) this.pending.push({ t, chainage: null });
    this.backfill.configure(points, now);
    this.live.setShelves(setup.shelves);
    if (restore) {
      const restorable: ActiveAlarmState[] = [];
      const configured = new Set(points.map((p) => p.code));
      for (const row of restore) {
        if (row.backfill === 1) {
          // A backfill left open by a stop of the server: it ends where it started.
          this.pending.push({ t: this.fromRow(row, 'cleared', Number(row.start_ts), 'backfillEnd'), chainage: null });
        } else if (row.point === MACHINE_STATE_POINTS.longStop || row.point === MACHINE_STATE_POINTS.connectionLost) {
          this.stateActive.add(row.point);
        } else if (configured.has(row.point)) {
          restorable.push({
            point: row.point,
            level: row.level === 'alarm' ? 'alarm' : 'warning',
            direction: row.direction === 'low' ? 'low' : row.direction === 'high' ? 'high' : null,
            startTs: Number(row.start_ts),
            faultTs: Number(row.fault_ts),
            limit: row.limit_value,
            peak: row.peak_value,
            chattering: row.chattering === 1,
          });
        } else {
          this.pending.push({ t: this.fromRow(row, 'disabled', now, 'disabled'), chainage: null });
        }
      }
      this.live.restore(restorable);
    }
    if (first && this.buffered.length > 0) {
      const frames = this.buffered;
      this.buffered = [];
      for (const f of frames) this.frame(f.frame, f.codes, f.late, now);
    }
    if (this.pending.length > 0) this.changed();
  }

  private fromRow(row: AlarmRow, type: 'cleared' | 'disabled', ts: number, reason: EndReason): AlarmTransition {
    return {
      type,
      point: row.point,
      kind: alarmContract.ALARM_KINDS.find((k) => k === row.kind) ?? 'point',
      level: row.level === 'alarm' ? 'alarm' : 'warning',
      direction: row.direction === 'low' ? 'low' : row.direction === 'high' ? 'high' : null,
      ts,
      faultTs: Number(row.fault_ts),
      value: null,
      limit: row.limit_value,
      peak: row.peak_value,
      notify: row.notify === 1,
      chattering: row.chattering === 1,
      backfill: row.backfill === 1,
      reason,
    };
  }

  setShelves(shelves: Map<string, number>): void {
    if (!this.setup) return;
    this.setup = { ...this.setup, shelves };
    this.live.setShelves(shelves);
  }

  /** Judges a stored frame (live or late); `now` is the wall clock. */
  frame(frame: Frame, codes: readonly string[], late: boolean, now: number): void {
    if (!this.setup) {
      if (this.buffered.length >= BUFFER_MAX) this.buffered.shift();
      this.buffered.push({ frame, codes, late });
      return;
    }
    if (codes !== this.layout) {
      this.layout = codes;
      this.chainageColumn = codes.indexOf(KEY_TAGS.chainage);
    }
    let out: readonly AlarmTransition[];
    if (late) {
      // Late frames of another (earlier) stretch: the backfill so far is closed at its last frame first.
      if (frame.ts < this.backfill.lastTs) this.collect(this.backfill.closeAll(this.backfill.lastTs, 'backfillEnd'), null);
      this.lastLateAt = now;
      this.backfill.setLayout(codes);
      out = this.backfill.evaluate(frame.ts, frame.values);
    } else {
      this.live.setLayout(codes);
      out = this.live.evaluate(frame.ts, frame.values);
      if (frame.ts > this.newestLiveTs) this.newestLiveTs = frame.ts;
    }
    if (out.length > 0) {
      const c = this.chainageColumn >= 0 ? (frame.values[this.chainageColumn] ?? Number.NaN) : Number.NaN;
      this.collect(out, Number.isFinite(c) ? c : null);
    }
  }

  /** Ends the backfill when no late frame came for `quietMs` (wall clock): open backfill alarms end at the last late frame. */
  closeQuietBackfill(now: number, quietMs: number): void {
    if (this.lastLateAt === 0 || now - this.lastLateAt < quietMs) return;
    this.lastLateAt = 0;
    this.collect(this.backfill.closeAll(this.backfill.lastTs, 'backfillEnd'), null);
  }

  private collect(out: readonly AlarmTransition[], chainage: number | null): void {
    if (out.length === 0) return;
    for (const t of out) this.pending.push({ t, chainage });
    this.changed();
  }

  private shelved(point: string, ts: number): boolean {
    return ts < (this.setup?.shelves.get(point) ?? 0);
  }

  /** A long stop: the machine stopped (waiting) longer than the run's threshold; ends when it works again. */
  checkLongStop(stateOf: () => { state: string | null; since: number | null } | null, at: number, force = false): void {
    if (!this.setup || (!force && at - this.lastStateCheck < STATE_CHECK_MS)) return;
    this.lastStateCheck = at;
    const state = stateOf();
    if (state === null || state.since === null) return;
    const point = MACHINE_STATE_POINTS.longStop;
    const limitMs = this.setup.runSettings.longStopMinutes * 60_000;
    const active = this.stateActive.has(point);
    if (state.state === STOPPED) {
      if (!active && limitMs > 0 && at - state.since >= limitMs && state.since !== this.longStopSince && !this.shelved(point, at)) {
        this.stateActive.add(point);
        this.longStopSince = state.since;
        this.collect([stateTransition('raised', point, 'longStop', state.since + limitMs, state.since, null, true)], null);
      }
    } else if (active && state.state !== null) {
      this.stateActive.delete(point);
      this.collect([stateTransition('cleared', point, 'longStop', state.since, state.since, 'running', true)], null);
    }
  }

  /** A closed state interval: a stop that lasted past the threshold is a long stop, ended where the interval ended. */
  stateClosed(interval: { state: string; start: number; end: number }): void {
    if (!this.setup || interval.state !== STOPPED) return;
    const point = MACHINE_STATE_POINTS.longStop;
    const limitMs = this.setup.runSettings.longStopMinutes * 60_000;
    const out: AlarmTransition[] = [];
    if (!this.stateActive.has(point)) {
      // Already raised (and ended) for this stop by the live check.
      if (interval.start === this.longStopSince) return;
      if (limitMs === 0 || interval.end - interval.start < limitMs || this.shelved(point, interval.end)) return;
      this.longStopSince = interval.start;
      out.push(stateTransition('raised', point, 'longStop', interval.start + limitMs, interval.start, null, true));
    }
    this.stateActive.delete(point);
    out.push(stateTransition('cleared', point, 'longStop', interval.end, interval.start, 'running', true));
    this.collect(out, null);
  }

  /** The machine fell silent (an alarm) or was heard again (it clears). */
  connection(connected: boolean, at: number): void {
    if (!this.setup) return;
    const point = MACHINE_STATE_POINTS.connectionLost;
    const active = this.stateActive.has(point);
    if (!connected && !active && !this.shelved(point, at)) {
      this.stateActive.add(point);
      this.collect([stateTransition('raised', point, 'connectionLost', at, at, null, true)], null);
    } else if (connected && active) {
      this.stateActive.delete(point);
      this.collect([stateTransition('cleared', point, 'connectionLost', at, at, 'reconnected', true)], null);
    }
  }

  /** Takes the transitions collected so far. */
  drain(): PendingTransition[] {
    return this.pending.splice(0, this.pending.length);
  }
}
