import { alarmContract } from '@boreline/contracts';
import type { ActiveAlarmState, AlarmTransition, EndReason, PointSetting, TransitionType } from './alarmTypes.js';

const { chatterCycles: CHATTER_CYCLES, chatterWindowMs: CHATTER_WINDOW_MS } = alarmContract.ALARM_LIMITS;

const NONE: readonly AlarmTransition[] = Object.freeze([]);

const WARNING = 1;
const ALARM = 2;

/** The live state of one point, kept across recompilations (by code). */
class PointState {
  /** First crossing of the entry limit while not active (NaN: none pending). */
  faultTs = Number.NaN;
  /** Since when the value has stayed at alarm level (NaN: not at alarm level). */
  alarmSince = Number.NaN;
  active = false;
  /** 1 warning, 2 alarm: the highest level of the active record. */
  level = 0;
  high = true;
  startTs = 0;
  activeFaultTs = 0;
  limit = Number.NaN;
  peak = Number.NaN;
  chattering = false;
  /** Chattering: since when the value has been back inside (NaN: not back). */
  normalSince = Number.NaN;
  /** Times of the latest clears (ring of CHATTER_CYCLES), for chattering. */
  readonly clears = new Float64Array(CHATTER_CYCLES).fill(Number.NEGATIVE_INFINITY);
  clearAt = 0;

  constructor(
    readonly code: string,
    public setting: PointSetting,
  ) {}

  idle(): void {
    this.active = false;
    this.level = 0;
    this.faultTs = Number.NaN;
    this.alarmSince = Number.NaN;
    this.chattering = false;
    this.normalSince = Number.NaN;
    this.limit = Number.NaN;
    this.peak = Number.NaN;
  }
}

const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/**
 * The alarm engine of one run (and one time line: live, or the backfill of late frames). Pure: no
 * database, no clock — time is the frames' time. Rules:
 *
 * - Level of a value: alarm at or beyond a high/low alarm limit, warning at or beyond a warning
 *   limit (null limits are not used); NaN (no value in the frame) changes nothing.
 * - On-delay: a value must stay past the limit for the point's delay (frame time) before the alarm
 *   starts; the record's fault time is the first crossing, its start when the delay elapsed. The
 *   alarm level has its own delay: a warning escalates once the value stayed at alarm level that long.
 * - Deadband: an active alarm clears only when the value is back inside the entry limits (the warning
 *   limit, or the alarm limit where no warning limit is set) by the point's deadband — 1 % of the tag's
 *   working range (max − min of the catalogue), or 1 % of |limit| when the tag has no range. A value
 *   hovering at a limit raises once and stays raised.
 * - One record per point: a warning that reaches alarm level escalates the same record; a record
 *   keeps the highest level reached until it clears.
 * - Chattering: a point whose alarm cleared CHATTER_CYCLES times within CHATTER_WINDOW_MS is marked
 *   chattering on that clear: the clear is held (the record stays open) until the value has stayed
 *   back inside for a whole chatter window; then it clears and the mark resets.
 * - Shelved points raise nothing (an alarm active when shelved clears normally).
 * - A point switched off, or whose setting was removed, ends its active alarm (`disabled`) when the
 *   settings are applied.
 * - A frame older than the newest frame judged is skipped.
 */
export class AlarmEngine {
  private states = new Map<string, PointState>();
  /** Compiled: per judged point, its column in the frame, its limits and state. */
  private columns = new Int32Array(0);
  private hiWarn = new Float64Array(0);
  private hiAlarm = new Float64Array(0);
  private loWarn = new Float64Array(0);
  private loAlarm = new Float64Array(0);
  private delay = new Float64Array(0);
  private band = new Float64Array(0);
  private shelvedUntil = new Float64Array(0);
  private compiled: PointState[] = [];
  private settings: readonly PointSetting[] = [];
  private codes: readonly string[] = [];
  private shelves: ReadonlyMap<string, number> = new Map();
  private newest = Number.NEGATIVE_INFINITY;

  constructor(readonly backfill = false) {}

  /** The newest frame time judged (−∞ before any). */
  get lastTs(): number {
    return this.newest;
  }

  /** Points judged now. */
  get size(): number {
    return this.compiled.length;
  }

  /**
   * Applies a run's settings (only enabled points are passed). Active alarms of points no longer
   * among them end at `ts` (`disabled`); the state of the others carries over.
   */
  configure(settings: readonly PointSetting[], ts: number): readonly AlarmTransition[] {
    this.settings = settings;
    const wanted = new Map(settings.map((s) => [s.code, s]));
    let out: AlarmTransition[] | null = null;
    for (const [code, state] of this.states) {
      const setting = wanted.get(code);
      if (setting) {
        state.setting = setting;
        continue;
      }
      if (state.active) (out ??= []).push(this.transition('disabled', state, ts, null, 'disabled'));
      this.states.delete(code);
    }
    for (const setting of settings) if (!this.states.has(setting.code)) this.states.set(setting.code, new PointState(setting.code, setting));
    this.compile();
    return out ?? NONE;
  }

  /** The frame layout (tag codes by column); recompiles only when it is another one. */
  setLayout(codes: readonly string[]): void {
    if (codes === this.codes) return;
    this.codes = codes;
    this.compile();
  }

  /** Shelved points with the time their shelving ends. */
  setShelves(shelves: ReadonlyMap<string, number>): void {
    this.shelves = shelves;
    for (let i = 0; i < this.compiled.length; i += 1) this.shelvedUntil[i] = shelves.get(this.compiled[i]?.code ?? '') ?? 0;
  }

  /** Continues persisted active alarms (after a restart): the same records, no new raise. */
  restore(active: readonly ActiveAlarmState[]): void {
    for (const a of active) {
      const state = this.states.get(a.point);
      if (!state) continue;
      state.active = true;
      state.level = a.level === 'alarm' ? ALARM : WARNING;
      state.high = a.direction !== 'low';
      state.startTs = a.startTs;
      state.activeFaultTs = a.faultTs;
      state.limit = a.limit ?? Number.NaN;
      state.peak = a.peak ?? Number.NaN;
      state.chattering = a.chattering;
      state.faultTs = Number.NaN;
      state.alarmSince = Number.NaN;
    }
  }

  /** The points with an active alarm. */
  activePoints(): string[] {
    return [...this.states.values()].filter((s) => s.active).map((s) => s.code);
  }

  /** Ends every active alarm at `ts` (backfill closed) and forgets pending crossings. */
  closeAll(ts: number, reason: EndReason): readonly AlarmTransition[] {
    let out: AlarmTransition[] | null = null;
    for (const state of this.states.values()) {
      if (state.active) (out ??= []).push(this.transition('cleared', state, ts, null, reason));
      state.idle();
    }
    this.newest = Number.NEGATIVE_INFINITY;
    return out ?? NONE;
  }

  private compile(): void {
    const index = new Map(this.codes.map((c, i) => [c, i]));
    const judged = this.settings.flatMap((s) => {
      const column = index.get(s.code);
      const state = this.states.get(s.code);
      return column === undefined || !state ? [] : [{ column, s, state }];
    });
    const n = judged.length;
    this.columns = new Int32Array(n);
    this.hiWarn = new Float64Array(n);
    this.hiAlarm = new Float64Array(n);
    this.loWarn = new Float64Array(n);
    this.loAlarm = new Float64Array(n);
    this.delay = new Float64Array(n);
    this.band = new Float64Array(n);
    this.shelvedUntil = new Float64Array(n);
    this.compiled = judged.map((j) => j.state);
    judged.forEach(({ column, s }, i) => {
      this.columns[i] = column;
      this.hiAlarm[i] = s.highAlarm ?? Number.POSITIVE_INFINITY;
      this.hiWarn[i] = s.highWarn ?? s.highAlarm ?? Number.POSITIVE_INFINITY;
      this.loAlarm[i] = s.lowAlarm ?? Number.NEGATIVE_INFINITY;
      this.loWarn[i] = s.lowWarn ?? s.lowAlarm ?? Number.NEGATIVE_INFINITY;
      this.delay[i] = s.delayMs;
      this.band[i] = s.deadband;
    });
    this.setShelves(this.shelves);
  }

  /**
   * Judges one frame at its time. Returns the transitions it caused; the same empty array (nothing
   * allocated) when nothing changed.
   */
  evaluate(ts: number, values: Float64Array): readonly AlarmTransition[] {
    if (ts < this.newest) return NONE;
    this.newest = ts;
    let out: AlarmTransition[] | null = null;
    const n = this.columns.length;
    for (let i = 0; i < n; i += 1) {
      const v = values[this.columns[i] as number] as number;
      if (v !== v) continue;
      const hiW = this.hiWarn[i] as number;
      const loW = this.loWarn[i] as number;
      const state = this.compiled[i] as PointState;
      const past = v >= hiW || v <= loW;
      if (!past && !state.active && state.faultTs !== state.faultTs) continue;
      const t = this.step(i, state, ts, v, past);
      if (t) (out ??= []).push(t);
    }
    return out ?? NONE;
  }

  private step(i: number, state: PointState, ts: number, v: number, past: boolean): AlarmTransition | null {
    const hiA = this.hiAlarm[i] as number;
    const loA = this.loAlarm[i] as number;
    const atAlarm = v >= hiA || v <= loA;
    const delay = this.delay[i] as number;
    if (atAlarm) {
      if (state.alarmSince !== state.alarmSince) state.alarmSince = ts;
    } else state.alarmSince = Number.NaN;

    if (!state.active) {
      if (!past || ts < (this.shelvedUntil[i] as number)) {
        state.faultTs = Number.NaN;
        state.alarmSince = Number.NaN;
        return null;
      }
      if (state.faultTs !== state.faultTs) state.faultTs = ts;
      if (ts - state.faultTs < delay) return null;
      const alarmLevel = atAlarm && ts - state.alarmSince >= delay;
      state.active = true;
      state.level = alarmLevel ? ALARM : WARNING;
      state.high = v >= (this.hiWarn[i] as number);
      state.startTs = ts;
      state.activeFaultTs = state.faultTs;
      state.limit = this.limitOf(i, state);
      state.peak = v;
      state.normalSince = Number.NaN;
      state.faultTs = Number.NaN;
      return this.transition('raised', state, ts, v, null);
    }

    if (state.high ? v > state.peak : v < state.peak) state.peak = v;
    if (past) {
      state.normalSince = Number.NaN;
      if (state.level === WARNING && atAlarm && ts - state.alarmSince >= delay) {
        state.level = ALARM;
        state.limit = this.limitOf(i, state);
        return this.transition('escalatedToAlarm', state, ts, v, null);
      }
      return null;
    }
    const db = this.band[i] as number;
    const inside = v < (this.hiWarn[i] as number) - db && v > (this.loWarn[i] as number) + db;
    if (!inside) {
      state.normalSince = Number.NaN;
      return null;
    }
    if (state.chattering) {
      if (state.normalSince !== state.normalSince) state.normalSince = ts;
      if (ts - state.normalSince < CHATTER_WINDOW_MS) return null;
      const t = this.transition('cleared', state, ts, v, 'normal');
      state.clears.fill(Number.NEGATIVE_INFINITY);
      state.idle();
      return t;
    }
    state.clears[state.clearAt] = ts;
    state.clearAt = (state.clearAt + 1) % CHATTER_CYCLES;
    let recent = 0;
    for (let k = 0; k < CHATTER_CYCLES; k += 1) if (ts - (state.clears[k] as number) <= CHATTER_WINDOW_MS) recent += 1;
    if (recent >= CHATTER_CYCLES) {
      state.chattering = true;
      state.normalSince = ts;
      return this.transition('chattering', state, ts, v, null);
    }
    const t = this.transition('cleared', state, ts, v, 'normal');
    state.idle();
    return t;
  }

  private limitOf(i: number, state: PointState): number {
    if (state.level === ALARM) return state.high ? (this.hiAlarm[i] as number) : (this.loAlarm[i] as number);
    return state.high ? (this.hiWarn[i] as number) : (this.loWarn[i] as number);
  }

  private transition(type: TransitionType, state: PointState, ts: number, value: number | null, reason: EndReason | null): AlarmTransition {
    return {
      type,
      point: state.code,
      kind: state.setting.kind,
      level: state.level === ALARM ? 'alarm' : 'warning',
      direction: state.high ? 'high' : 'low',
      ts,
      faultTs: type === 'raised' ? state.activeFaultTs : state.startTs,
      value,
      limit: orNull(state.limit),
      peak: orNull(state.peak),
      notify: state.setting.notify,
      chattering: state.chattering,
      backfill: this.backfill,
      reason,
    };
  }
}
