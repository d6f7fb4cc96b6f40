import { alarmContract, findTag, type MachineType } from '@boreline/contracts';
import type { Insertable, Kysely } from 'kysely';
import { DAY_MS, localDateOf, localDayRange } from '../../../core/timeZone.js';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import type { Database } from '../../../db/schema.js';
import { defaultProfile, EXCURSION_POINTS, excursionLimits, hasStuckSensor, mix32, Rng, STUCK_SENSOR_AFTER_S } from '../../../telemetry/index.js';
import { ShiftRepo } from '../../project/index.js';
import { languageOfCountry, shiftDefinitions, slotsEndingIn } from '../../report/index.js';
import { type DemoAlarmPoint, type DemoAlarmShape, demoAlarmPoints } from './demoAlarmPoints.js';

export interface DemoAlarmFigures {
  runId: number;
  alarms: number;
  actions: number;
  stale: number;
  ms: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Share of the point alarms at level `alarm`; with the long stops (always level alarm, as the
 * engine raises them) about a fifth of all (DOMAIN.md: about 80 % low priority).
 */
const ALARM_SHARE = 0.12;
/** Alarms older than this are nearly all acknowledged; newer ones about half. */
const SETTLED_MS = 2 * DAY_MS;

/** What the crew wrote on the stale alarm of a stuck sensor. */
const STALE_COMMENT = 'Level sensor faulty: barrel checked by hand and full, new sensor ordered';

/** What crews write when they acknowledge, by the kind of trouble. */
const COMMENTS: Readonly<Record<DemoAlarmShape | 'longStop', readonly string[]>> = {
  warmUp: ['Cooling water flow checked, temperature falling', 'Advance speed reduced until the oil cooled down', 'Cooler fan cleaned'],
  peak: ['Hard layer at the face, advance speed reduced', 'Boulder in the face, thrust eased off', 'Penetration lowered, torque back to normal'],
  face: ['Chamber pressure raised with the screw conveyor', 'Bentonite added to support the face', 'Setpoint adjusted by the pilot'],
  clogging: ['Filter element changed at the maintenance stop', 'Filter element ordered, change at next maintenance'],
  level: ['Grease barrel replaced', 'New barrel on the way from the yard'],
  seal: ['Grease lines flushed', 'Distributor checked, pulses normal again'],
  guidance: ['Steering correction over the next rings', 'Survey check of the guidance system done'],
  longStop: ['Stop recorded in the shift report', 'Maintenance crew informed'],
};

interface Draft {
  kind: alarmContract.AlarmKind;
  point: DemoAlarmPoint | null;
  code: string;
  subsystem: string | null;
  level: alarmContract.AlarmLevel;
  direction: 'high' | 'low' | null;
  start: number;
  end: number | null;
  startValue: number | null;
  peakValue: number | null;
  limit: number | null;
  chattering: boolean;
  repeats: number;
  escalatedAt: number | null;
  /** When the condition began (before the on-delay or the long-stop threshold). */
  faultTs: number;
  comment: DemoAlarmShape | 'longStop';
}

function pickWeighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T | undefined {
  const total = items.reduce((sum, x) => sum + x.weight, 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return items.at(-1);
}

/** How long an alarm of a shape lasts (ms). */
function durationOf(shape: DemoAlarmShape, rng: Rng): number {
  return Math.round(rawDuration(shape, rng));
}

function rawDuration(shape: DemoAlarmShape, rng: Rng): number {
  switch (shape) {
    case 'warmUp':
      return rng.range(15, 90) * MINUTE;
    case 'peak':
      return rng.range(0.5, 6) * MINUTE;
    case 'face':
      return rng.range(1, 12) * MINUTE;
    case 'clogging':
      return rng.range(2, 8) * HOUR;
    case 'level':
      return rng.range(0.5, 3) * HOUR;
    case 'seal':
      return rng.range(5, 30) * MINUTE;
    case 'guidance':
      return rng.range(20, 120) * MINUTE;
  }
}

/** Value at the start, worst value and the limit passed, on the side the point alarms on. */
function valuesOf(point: DemoAlarmPoint, level: alarmContract.AlarmLevel, direction: 'high' | 'low', rng: Rng, precision: number) {
  const q = 10 ** Math.max(0, Math.min(6, precision));
  const round = (v: number) => Math.round(v * q) / q;
  const warn = direction === 'high' ? point.highWarn : point.lowWarn;
  const alarm = direction === 'high' ? point.highAlarm : point.lowAlarm;
  const sign = direction === 'high' ? 1 : -1;
  const limit = level === 'alarm' && alarm !== null ? alarm : (warn ?? alarm ?? 0);
  const gap = Math.abs((alarm ?? limit) - (warn ?? limit)) || Math.abs(limit) * 0.05 || 1;
  // Shown at the point's precision, the value is still past the limit.
  const past = (v: number) => (sign * (round(v) - limit) > 0 ? round(v) : round(limit + sign / q));
  const start = past(limit + sign * gap * rng.range(0.01, 0.15));
  const peak = level === 'alarm' ? start + sign * gap * rng.range(0.05, 0.4) : start + sign * gap * rng.range(0, 0.8);
  return { limit, start, peak: past(peak) };
}

/**
 * Alarm records of a demo run's older history (the part written as synthetic chunks, which the
 * engine never judges): 5–30 a day, about 80 % warnings, a few points causing most, a few
 * chattering and some lasting hours, long stops from the machine's own standbys, a stale alarm on
 * the runs whose simulated machine has a stuck sensor; each stamped with its ring, shift and chainage, most acknowledged by the run's
 * users with comments, a few assigned, with the matching actions. Deterministic for the run's
 * seed; skipped when the run has alarms already. Everything ends before `until` (the first
 * frame the engine judges), except the stale one.
 */
export async function seedDemoAlarmHistory(db: Kysely<Database>, run: { runId: number; seed: number; machineType: MachineType }, options: { from: number; until: number; now: number }): Promise<DemoAlarmFigures> {
  const started = performance.now();
  const figures: DemoAlarmFigures = { runId: run.runId, alarms: 0, actions: 0, stale: 0, ms: 0 };
  const { runId } = run;
  const existing = await db.selectFrom('alarms').select('id').where('run_id', '=', runId).limit(1).executeTakeFirst();
  if (existing) return figures;
  const info = await db.selectFrom('runs').select(['time_zone', 'country']).where('id', '=', runId).executeTakeFirstOrThrow();
  const [states, rings, users, settings] = await Promise.all([
    db.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts']).where('run_id', '=', runId).where('start_ts', '<', options.until).where('end_ts', '>', options.from).orderBy('start_ts').execute(),
    db.selectFrom('rings').select(['ring_no', 'start_ts', 'end_ts', 'start_chainage', 'end_chainage']).where('run_id', '=', runId).where('end_ts', '>', options.from).orderBy('start_ts').execute(),
    db
      .selectFrom('users')
      .select('id')
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('is_sa', '=', 1), eb('id', 'in', eb.selectFrom('user_runs').select('user_id').where('run_id', '=', runId))]))
      .orderBy('id')
      .execute(),
    db.selectFrom('alarm_run_settings').select(['long_stop_min']).where('run_id', '=', runId).executeTakeFirst(),
  ]);
  if (states.length === 0) return figures;
  const first = Math.max(options.from, states[0]?.start_ts ?? options.from);
  const last = Math.min(options.until, states.at(-1)?.end_ts ?? options.until);
  const definitions = shiftDefinitions(await new ShiftRepo(db).ofRun(runId), languageOfCountry(info.country));
  const slots = slotsEndingIn(definitions, info.time_zone, first, last + DAY_MS);
  const points = demoAlarmPoints(run.machineType);
  const rng = new Rng(mix32(run.seed ^ 0x0a1a3e));
  const userIds = users.map((u) => u.id);

  /** A random instant in the machine's states of [from, to) of the wanted kind (any state when none). */
  const instantIn = (from: number, to: number, wanted: (state: string) => boolean): number | null => {
    const spans = states.map((s) => ({ state: s.state, start: Math.max(s.start_ts, from), end: Math.min(s.end_ts, to) })).filter((s) => s.end > s.start);
    const fitting = spans.filter((s) => wanted(s.state));
    const pool = fitting.length > 0 ? fitting : spans;
    const total = pool.reduce((sum, s) => sum + (s.end - s.start), 0);
    if (total <= 0) return null;
    let r = rng.next() * total;
    for (const s of pool) {
      const len = s.end - s.start;
      if (r < len) return Math.floor(s.start + r);
      r -= len;
    }
    return null;
  };
  const wantedState = (shape: DemoAlarmShape) => (state: string) =>
    shape === 'warmUp' || shape === 'peak' || shape === 'guidance' ? state === 'advance' : shape === 'face' ? state !== 'advance' : true;

  const drafts: Draft[] = [];
  const pointDraft = (point: DemoAlarmPoint, start: number): Draft => {
    const tag = findTag(run.machineType, point.code);
    const canHigh = point.highWarn !== null;
    const canLow = point.lowWarn !== null;
    const lowFirst = point.shape === 'face' || point.shape === 'level' || point.shape === 'seal';
    const direction: 'high' | 'low' = canHigh && canLow ? (rng.next() < (lowFirst ? 0.8 : 0.5) ? (lowFirst ? 'low' : 'high') : lowFirst ? 'high' : 'low') : canLow ? 'low' : 'high';
    const level: alarmContract.AlarmLevel = rng.next() < ALARM_SHARE ? 'alarm' : 'warning';
    const values = valuesOf(point, level, direction, rng, tag?.precision ?? 1);
    const chattering = point.shape === 'face' && rng.next() < 0.35;
    const duration = durationOf(point.shape, rng);
    const escalatedAt = level === 'alarm' && rng.next() < 0.5 ? start + Math.round(Math.min(duration / 2, rng.range(0.5, 10) * MINUTE)) : null;
    return {
      kind: point.shape === 'guidance' ? 'guidance' : 'point',
      point,
      code: point.code,
      subsystem: tag?.subsystem ?? null,
      level,
      direction,
      start,
      end: start + duration,
      startValue: values.start,
      peakValue: values.peak,
      limit: values.limit,
      chattering,
      repeats: chattering ? 3 + Math.floor(rng.next() * 7) : rng.next() < 0.1 ? 1 + Math.floor(rng.next() * 3) : 0,
      escalatedAt,
      faultTs: start - point.delaySeconds * 1000,
      comment: point.shape,
    };
  };

  // Day by day in the run's zone: 7–24 point alarms on a whole day of machine data, fewer on part days.
  for (let day = localDateOf(first, info.time_zone); ; ) {
    const range = localDayRange(day, info.time_zone);
    if (range.start >= last) break;
    const from = Math.max(range.start, first);
    const to = Math.min(range.end, last);
    const share = Math.max(0, to - from) / (range.end - range.start);
    const wanted = Math.max(7, Math.min(24, Math.round(14 + 5 * rng.normal())));
    const n = Math.round(wanted * share);
    for (let i = 0; i < n; i += 1) {
      const point = pickWeighted(rng, points);
      if (!point) break;
      const start = instantIn(from, to, wantedState(point.shape));
      if (start !== null) drafts.push(pointDraft(point, start));
    }
    day = localDateOf(range.end + HOUR, info.time_zone);
  }

  // Long stops: the machine's own standbys beyond the run's threshold.
  const longStopMs = (settings?.long_stop_min ?? alarmContract.ALARM_RUN_SETTINGS_DEFAULT.longStopMinutes) * MINUTE;
  if (longStopMs > 0) {
    for (const s of states) {
      const start = s.start_ts + longStopMs;
      if (s.state !== 'waiting' || start >= s.end_ts || start < first || s.end_ts > last) continue;
      drafts.push({
        kind: 'longStop',
        point: null,
        code: alarmContract.MACHINE_STATE_POINTS.longStop,
        subsystem: null,
        level: 'alarm',
        direction: null,
        start,
        end: s.end_ts,
        startValue: null,
        peakValue: null,
        limit: null,
        chattering: false,
        repeats: 0,
        escalatedAt: null,
        faultTs: s.start_ts,
        comment: 'longStop',
      });
    }
  }

  // One alarm of a point at a time: a record overlapping the previous one of its point is dropped.
  drafts.sort((a, b) => a.start - b.start);
  const lastEnd = new Map<string, number>();
  const kept: Draft[] = [];
  for (const d of drafts) {
    if ((lastEnd.get(d.code) ?? -Infinity) > d.start) continue;
    // Everything before the engine's first frame has cleared by then.
    d.end = Math.min(d.end ?? options.until, options.until - MINUTE);
    if (d.end <= d.start) continue;
    lastEnd.set(d.code, d.end + 5 * MINUTE);
    kept.push(d);
  }

  // A machine with a stuck barrel-level sensor (the simulator's, from the same seed) has its stale
  // alarm: raised when the sensor stuck, acknowledged, still active; the engine continues it.
  const barrel = points.find((p) => p.code === EXCURSION_POINTS.barrelLevel);
  const stuckAt = options.from + STUCK_SENSOR_AFTER_S * 1000;
  let staleComment: string | null = null;
  if (barrel && hasStuckSensor(run.seed) && stuckAt >= first && stuckAt < options.until - alarmContract.ALARM_LIMITS.staleAfterMs) {
    for (const d of kept.filter((x) => x.code === barrel.code && (x.end ?? Infinity) >= stuckAt)) kept.splice(kept.indexOf(d), 1);
    const start = stuckAt + barrel.delaySeconds * 1000;
    // The stuck sensor's reading, as the engine keeps seeing it.
    const reading = Math.round(excursionLimits(run.machineType, defaultProfile(run.machineType)).barrelLevel.stuck);
    kept.push({ ...pointDraft(barrel, start), level: 'warning', direction: 'low', end: null, startValue: reading, peakValue: reading, limit: barrel.lowWarn, chattering: false, repeats: 0, escalatedAt: null, faultTs: stuckAt });
    kept.sort((a, b) => a.start - b.start);
    staleComment = STALE_COMMENT;
    figures.stale = 1;
  }

  const ringAt = (ts: number) => {
    let found: (typeof rings)[number] | undefined;
    for (const r of rings) {
      if (r.start_ts > ts) break;
      found = r;
    }
    return found;
  };
  const chainageAt = (ts: number): number | null => {
    const r = ringAt(ts);
    if (!r || r.start_chainage === null || r.end_chainage === null) return null;
    const f = r.end_ts > r.start_ts ? Math.min(1, Math.max(0, (ts - r.start_ts) / (r.end_ts - r.start_ts))) : 1;
    return Math.round((r.start_chainage + (r.end_chainage - r.start_chainage) * f) * 1000) / 1000;
  };
  const slotAt = (ts: number) => slots.find((s) => s.start <= ts && ts < s.end);
  const pickUser = () => (userIds.length === 0 ? null : (userIds[Math.floor(rng.next() * userIds.length)] ?? null));

  const rows: Insertable<AlarmTable>[] = [];
  const actions: { number: number; at: number; action: string; user_id: number | null; text: string | null }[] = [];
  kept.forEach((d, i) => {
    const number = i + 1;
    const slot = slotAt(d.start);
    const settled = d.start < options.now - SETTLED_MS;
    const ackUser = pickUser();
    const acked = ackUser !== null && (d.end === null || rng.next() < (settled ? 0.93 : 0.5));
    const ackedAt = acked ? Math.min(options.until - 1, d.start + Math.round(rng.range(1, 45) * MINUTE)) : null;
    const comments = COMMENTS[d.comment];
    const stale = d.end === null;
    const comment = stale ? staleComment : acked && rng.next() < 0.65 ? (comments[Math.floor(rng.next() * comments.length)] ?? null) : null;
    const assignee = d.end === null || rng.next() < 0.05 ? pickUser() : null;
    rows.push({
      run_id: runId,
      number,
      kind: d.kind,
      point: d.code,
      subsystem: d.subsystem,
      level: d.level,
      direction: d.direction,
      start_ts: d.start,
      end_ts: d.end,
      fault_ts: d.faultTs,
      start_value: d.startValue,
      peak_value: d.peakValue,
      limit_value: d.limit,
      ring_no: ringAt(d.start)?.ring_no ?? null,
      shift_date: slot?.date ?? null,
      shift_no: slot?.shiftNo ?? null,
      start_chainage: chainageAt(d.start),
      end_chainage: d.end === null ? null : chainageAt(d.end),
      escalated_to_alarm_at: d.escalatedAt,
      chattering: d.chattering ? 1 : 0,
      backfill: 0,
      // Long stops are announced as the engine announces them.
      notify: d.kind === 'longStop' || d.point?.notify ? 1 : 0,
      repeats: d.repeats,
      end_reason: d.end === null ? null : d.kind === 'longStop' ? 'running' : 'normal',
      acked_at: ackedAt,
      acked_by: acked ? ackUser : null,
      ack_comment: comment,
      assigned_to: assignee,
      escalated_at: null,
      created_at: d.start,
    });
    actions.push({ number, at: d.start, action: 'raised', user_id: null, text: null });
    if (d.escalatedAt !== null) actions.push({ number, at: d.escalatedAt, action: 'escalatedToAlarm', user_id: null, text: null });
    if (d.chattering) actions.push({ number, at: d.start + MINUTE, action: 'chattering', user_id: null, text: null });
    if (assignee !== null) actions.push({ number, at: d.start + Math.round(rng.range(2, 20) * MINUTE), action: 'assigned', user_id: ackUser ?? assignee, text: null });
    if (ackedAt !== null) actions.push({ number, at: ackedAt, action: 'acked', user_id: ackUser, text: comment });
    if (d.end !== null) actions.push({ number, at: d.end, action: 'cleared', user_id: null, text: null });
  });

  await db.transaction().execute(async (trx) => {
    const ids = new Map<number, number>();
    for (let i = 0; i < rows.length; i += 200) {
      for (const row of await trx.insertInto('alarms').values(rows.slice(i, i + 200)).returning(['id', 'number']).execute()) ids.set(row.number, row.id);
    }
    const actionRows = actions
      .sort((a, b) => a.number - b.number || a.at - b.at)
      .map(({ number, ...rest }) => {
        const alarmId = ids.get(number);
        if (alarmId === undefined) throw new Error(`demo alarm ${number} was not stored`);
        return { alarm_id: alarmId, ...rest };
      });
    for (let i = 0; i < actionRows.length; i += 500) await trx.insertInto('alarm_actions').values(actionRows.slice(i, i + 500)).execute();
  });
  figures.alarms = rows.length;
  figures.actions = actions.length;
  figures.ms = Math.round(performance.now() - started);
  return figures;
}
