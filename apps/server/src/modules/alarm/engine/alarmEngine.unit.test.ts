import { alarmContract, KEY_TAGS } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { AlarmEngine } from './alarmEngine.js';
import type { AlarmTransition, PointSetting } from './alarmTypes.js';
import { compilePointSettings, type WarnSettingLike } from './pointSettings.js';

const S = 1000;
const T0 = Date.UTC(2026, 10, 20, 8);
const CODES = ['temp', 'pressure', KEY_TAGS.headHorizontal] as const;

/** Oil temperature: warning from 70, alarm from 80, low warning at 10; range 0–100 (deadband 1). */
const temp = (over: Partial<PointSetting> = {}): PointSetting => ({
  code: 'temp',
  kind: 'point',
  lowAlarm: null,
  lowWarn: 10,
  highWarn: 70,
  highAlarm: 80,
  delayMs: 0,
  deadband: 1,
  notify: true,
  ...over,
});

function engineWith(settings: PointSetting[], backfill = false) {
  const engine = new AlarmEngine(backfill);
  engine.configure(settings, T0);
  engine.setLayout(CODES);
  return engine;
}

/** Feeds `temp` values one per second from `start`; answers every transition. */
function feed(engine: AlarmEngine, values: number[], start = T0): AlarmTransition[] {
  return values.flatMap((v, i) => [...engine.evaluate(start + i * S, Float64Array.of(v, Number.NaN, Number.NaN))]);
}

const kinds = (ts: AlarmTransition[]) => ts.map((t) => `${t.type}:${t.level}`);

describe('alarm engine', () => {
  it('raises a warning on the first frame past the limit, with no delay, and clears once back inside', () => {
    const engine = engineWith([temp()]);
    const out = feed(engine, [50, 72, 73, 60]);
    expect(kinds(out)).toEqual(['raised:warning', 'cleared:warning']);
    expect(out[0]).toMatchObject({ point: 'temp', direction: 'high', ts: T0 + S, faultTs: T0 + S, value: 72, limit: 70, notify: true, backfill: false });
    expect(out[1]).toMatchObject({ ts: T0 + 3 * S, peak: 73, reason: 'normal' });
  });

  it('allocates nothing and answers the same empty list while nothing changes', () => {
    const engine = engineWith([temp()]);
    const a = engine.evaluate(T0, Float64Array.of(50, 1, 1));
    const b = engine.evaluate(T0 + S, Float64Array.of(51, 1, 1));
    expect(a).toHaveLength(0);
    expect(b).toBe(a);
  });

  it('on-delay: starts only after the value stayed past the limit for the delay; the fault time is the first crossing', () => {
    const engine = engineWith([temp({ delayMs: 5 * S })]);
    // Past for 3 s, back, then past for 6 s.
    const out = feed(engine, [72, 72, 72, 50, 72, 72, 72, 72, 72, 72, 72]);
    expect(kinds(out)).toEqual(['raised:warning']);
    expect(out[0]).toMatchObject({ faultTs: T0 + 4 * S, ts: T0 + 9 * S });
  });

  it('deadband: a value hovering at the limit raises once and does not clear until it is inside by the deadband', () => {
    const engine = engineWith([temp()]);
    const out = feed(engine, [70, 69.5, 70.2, 69.2, 70, 69.5, 68.9]);
    expect(kinds(out)).toEqual(['raised:warning', 'cleared:warning']);
    expect(out[1]?.ts).toBe(T0 + 6 * S);
  });

  it('escalates a warning to an alarm on the same record and keeps the alarm level when the value falls back to warning', () => {
    const engine = engineWith([temp()]);
    const out = feed(engine, [72, 85, 74, 75, 60]);
    expect(kinds(out)).toEqual(['raised:warning', 'escalatedToAlarm:alarm', 'cleared:alarm']);
    expect(out[1]).toMatchObject({ limit: 80, value: 85, ts: T0 + S });
    expect(out[2]).toMatchObject({ peak: 85 });
  });

  it('raises at alarm level directly when the value jumps past the alarm limit; low side too', () => {
    const engine = engineWith([temp()]);
    expect(feed(engine, [90])[0]).toMatchObject({ type: 'raised', level: 'alarm', limit: 80 });
    const low = engineWith([temp()]);
    expect(feed(low, [5])[0]).toMatchObject({ type: 'raised', level: 'warning', direction: 'low', limit: 10 });
  });

  it('chattering: the third raise/clear within a minute holds the alarm open until the value stays normal for a full minute', () => {
    const engine = engineWith([temp()]);
    // Raised and cleared every 2 s: two clears, then the third is held.
    const out = feed(engine, [72, 60, 72, 60, 72, 60, 72, 60]);
    expect(kinds(out)).toEqual(['raised:warning', 'cleared:warning', 'raised:warning', 'cleared:warning', 'raised:warning', 'chattering:warning']);
    expect(out[5]?.chattering).toBe(true);
    // Back inside since T0 + 7 s: held for 59 s more; a full minute after: cleared, mark reset.
    const later = feed(engine, Array.from({ length: 59 }, () => 60), T0 + 8 * S);
    expect(later).toEqual([]);
    const cleared = feed(engine, [60], T0 + 67 * S);
    expect(kinds(cleared)).toEqual(['cleared:warning']);
    expect(cleared[0]).toMatchObject({ chattering: true, ts: T0 + 67 * S });
    // A later single raise/clear is ordinary again.
    expect(kinds(feed(engine, [72, 60], T0 + 200 * S))).toEqual(['raised:warning', 'cleared:warning']);
  });

  it('chattering: a value past the limit again while held restarts the normal window and can escalate', () => {
    const engine = engineWith([temp()]);
    feed(engine, [72, 60, 72, 60, 72, 60]);
    const out = feed(engine, [60, 90, 60], T0 + 30 * S);
    expect(kinds(out)).toEqual(['escalatedToAlarm:alarm']);
    expect(feed(engine, Array.from({ length: 59 }, () => 60), T0 + 33 * S)).toEqual([]);
    expect(kinds(feed(engine, [60], T0 + 92 * S))).toEqual(['cleared:alarm']);
  });

  it('continues a persisted active alarm after a restart: no second raise, the same record clears', () => {
    const engine = engineWith([temp()]);
    engine.restore([{ point: 'temp', level: 'warning', direction: 'high', startTs: T0 - 60 * S, faultTs: T0 - 61 * S, limit: 70, peak: 74, chattering: false }]);
    expect(engine.activePoints()).toEqual(['temp']);
    const out = feed(engine, [73, 76, 85, 50]);
    expect(kinds(out)).toEqual(['escalatedToAlarm:alarm', 'cleared:alarm']);
    expect(out[1]).toMatchObject({ peak: 85, faultTs: T0 - 60 * S });
  });

  it('skips a live frame older than the newest judged', () => {
    const engine = engineWith([temp()]);
    feed(engine, [50], T0 + 10 * S);
    expect(feed(engine, [90], T0)).toEqual([]);
    expect(engine.lastTs).toBe(T0 + 10 * S);
  });

  it('a backfill engine flags its transitions and ends open alarms at the time it is closed', () => {
    const engine = engineWith([temp()], true);
    const out = feed(engine, [90, 91], T0 - 3_600 * S);
    expect(out[0]).toMatchObject({ type: 'raised', backfill: true, ts: T0 - 3_600 * S });
    const closed = engine.closeAll(T0 - 3_599 * S, 'backfillEnd');
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ type: 'cleared', reason: 'backfillEnd', backfill: true, ts: T0 - 3_599 * S, peak: 91 });
    // Closed: it starts over, even at an earlier time.
    expect(kinds(feed(engine, [95], T0 - 7_200 * S))).toEqual(['raised:alarm']);
  });

  it('a point switched off mid-alarm ends its alarm (disabled) at the time of the change; others carry on', () => {
    const pressure = temp({ code: 'pressure', highWarn: 5, highAlarm: 6, lowWarn: null });
    const engine = engineWith([temp(), pressure]);
    engine.evaluate(T0, Float64Array.of(90, 5.5, Number.NaN));
    const out = engine.configure([pressure], T0 + 5 * S);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'disabled', point: 'temp', ts: T0 + 5 * S, reason: 'disabled' });
    expect(engine.activePoints()).toEqual(['pressure']);
    expect(engine.evaluate(T0 + 6 * S, Float64Array.of(99, 5.5, Number.NaN))).toHaveLength(0);
  });

  it('a shelved point raises nothing until its shelving ends; an alarm active when shelved clears normally', () => {
    const engine = engineWith([temp()]);
    engine.setShelves(new Map([['temp', T0 + 10 * S]]));
    expect(feed(engine, [90, 90, 90])).toEqual([]);
    expect(kinds(feed(engine, [90], T0 + 10 * S))).toEqual(['raised:alarm']);
    engine.setShelves(new Map([['temp', T0 + 100 * S]]));
    expect(kinds(feed(engine, [50], T0 + 11 * S))).toEqual(['cleared:alarm']);
    expect(feed(engine, [90], T0 + 12 * S)).toEqual([]);
  });

  it('missing values change nothing: no raise, no clear, the delay is not reset', () => {
    const engine = engineWith([temp({ delayMs: 2 * S })]);
    expect(feed(engine, [72, Number.NaN, Number.NaN])).toEqual([]);
    // Still pending since T0: at T0 + 3 s the delay has elapsed.
    const out = feed(engine, [72], T0 + 3 * S);
    expect(out[0]).toMatchObject({ type: 'raised', faultTs: T0 });
    expect(feed(engine, [Number.NaN, Number.NaN], T0 + 4 * S)).toEqual([]);
    expect(engine.activePoints()).toEqual(['temp']);
  });

  it('recompiles when the layout changes: a point moves to another column', () => {
    const engine = engineWith([temp()]);
    engine.setLayout(['x', 'temp']);
    expect(kinds([...engine.evaluate(T0, Float64Array.of(90, 75))])).toEqual(['raised:warning']);
  });
});

describe('point settings', () => {
  const tags = [
    { code: 'temp', min: 0, max: 100 },
    { code: 'bare', min: 0, max: 0 },
    { code: KEY_TAGS.headHorizontal, min: -200, max: 200 },
    { code: KEY_TAGS.tailVertical, min: -200, max: 200 },
  ];
  const row = (over: Partial<WarnSettingLike>): WarnSettingLike => ({ tag_code: 'temp', enabled: 1, notify: 1, low_alarm: null, low_warn: null, high_warn: 70, high_alarm: 80, delay_s: 3, ...over });

  it('takes enabled settings with a limit, a deadband of 1 % of the range (or of |limit|), and the guidance bands for guidance tags without their own', () => {
    const out = compilePointSettings(
      [row({}), row({ tag_code: 'bare', high_warn: 50, high_alarm: null }), row({ tag_code: 'off', enabled: 0 }), row({ tag_code: KEY_TAGS.tailVertical, enabled: 0 })],
      tags,
      alarmContract.ALARM_RUN_SETTINGS_DEFAULT,
    );
    expect(out.map((p) => [p.code, p.kind, p.deadband, p.delayMs])).toEqual([
      ['temp', 'point', 1, 3000],
      ['bare', 'point', 0.5, 3000],
      [KEY_TAGS.headHorizontal, 'guidance', 0.5, 0],
      [KEY_TAGS.tailVertical, 'guidance', 0.5, 0],
    ]);
    expect(out[2]).toMatchObject({ lowAlarm: -100, lowWarn: -50, highWarn: 50, highAlarm: 100, notify: false });
  });

  it('a guidance tag with its own enabled setting is judged by it', () => {
    const out = compilePointSettings([row({ tag_code: KEY_TAGS.headHorizontal, high_warn: 30, high_alarm: 40 })], tags, alarmContract.ALARM_RUN_SETTINGS_DEFAULT);
    expect(out.find((p) => p.code === KEY_TAGS.headHorizontal)).toMatchObject({ kind: 'guidance', highWarn: 30, notify: true });
  });

  it('guidance deviations beyond the band raise guidance alarms', () => {
    const engine = new AlarmEngine();
    engine.configure(compilePointSettings([], tags, alarmContract.ALARM_RUN_SETTINGS_DEFAULT), T0);
    engine.setLayout([KEY_TAGS.headHorizontal]);
    expect(engine.evaluate(T0, Float64Array.of(-120))[0]).toMatchObject({ kind: 'guidance', level: 'alarm', direction: 'low', limit: -100 });
  });
});
