import { tagCatalogue } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/testApp.js';
import { localDateOf, localDayRange } from '../../../core/timeZone.js';
import { seedDemo } from '../../../demo/demoProjects.js';
import { EXCURSION_POINTS, fillHistory, hasStuckSensor, IngestService, LatestValues, TagLayout } from '../../../telemetry/index.js';
import { seedDemoAlarmHistory } from './demoAlarmHistory.js';
import { demoAlarmPoints, seedDemoAlarmSettings } from './demoAlarmPoints.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAYS = 4;
const RECENT_MS = 30 * 60_000;

describe('demo alarms', () => {
  let t: TestApp;
  let runs: Awaited<ReturnType<typeof seedDemo>> = [];
  const ingestFrom = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp();
    runs = await seedDemo(t.db.kysely, NOW, DAYS);
    await seedDemoAlarmSettings(t.db.kysely, runs, NOW);
    const ingest = new IngestService(t.db.kysely, new LatestValues());
    // One EPB and the slurry machine: a short demo history each, its alarms written before ingest.
    for (const run of [runs[0], runs[3]]) {
      if (!run) continue;
      await fillHistory(t.db.kysely, ingest, run, new TagLayout(tagCatalogue(run.machineType)), {
        days: DAYS,
        recentMs: RECENT_MS,
        now: NOW,
        beforeIngest: async (until) => {
          ingestFrom.set(run.runId, until);
          await seedDemoAlarmHistory(t.db.kysely, run, { from: NOW - DAYS * 86_400_000, until, now: NOW });
        },
      });
    }
  }, 120_000);
  afterAll(() => t.close());

  it('has a stale alarm on one of the two machines (it needs one with a stuck sensor)', () => {
    expect([runs[0], runs[3]].filter((run) => run !== undefined && hasStuckSensor(run.seed))).toHaveLength(1);
  });

  it('switches on the part alarm settings of the watched points, with the run settings at their defaults', async () => {
    for (const run of runs) {
      const settings = await t.db.kysely.selectFrom('warn_settings').selectAll().where('run_id', '=', run.runId).execute();
      expect(settings.length).toBeGreaterThanOrEqual(8);
      const codes = new Set(tagCatalogue(run.machineType).map((tag) => tag.code));
      for (const s of settings) {
        expect(codes.has(s.tag_code), s.tag_code).toBe(true);
        expect(s.enabled).toBe(1);
        // low alarm ≤ low warning < high warning ≤ high alarm, where set.
        const chain = [s.low_alarm, s.low_warn, s.high_warn, s.high_alarm].filter((v): v is number => v !== null);
        expect([...chain].sort((a, b) => a - b)).toEqual(chain);
      }
      expect(settings.some((s) => s.notify === 1) && settings.some((s) => s.notify === 0)).toBe(true);
      expect(settings.some((s) => s.delay_s > 0)).toBe(true);
      expect(settings.map((s) => s.tag_code)).toContain(run.machineType === 'epb' ? 'earthPressure.chamberTop' : 'slurryCircuit.bubblePressure');
      const runSettings = await t.db.kysely.selectFrom('alarm_run_settings').selectAll().where('run_id', '=', run.runId).executeTakeFirst();
      expect(runSettings?.long_stop_min).toBe(120);
    }
  });

  it('writes 5–30 alarms a day, mostly warnings, a few points causing most, stamped with ring, shift and chainage', async () => {
    for (const run of [runs[0], runs[3]]) {
      if (!run) continue;
      const tz = (await t.db.kysely.selectFrom('runs').select('time_zone').where('id', '=', run.runId).executeTakeFirstOrThrow()).time_zone;
      const alarms = await t.db.kysely.selectFrom('alarms').selectAll().where('run_id', '=', run.runId).orderBy('number').execute();
      const until = ingestFrom.get(run.runId) ?? NOW;
      const firstState = await t.db.kysely.selectFrom('tbm_states').select('start_ts').where('run_id', '=', run.runId).orderBy('start_ts').limit(1).executeTakeFirstOrThrow();
      // Whole local days with machine history all through.
      const perDay = new Map<string, number>();
      for (const a of alarms) perDay.set(localDateOf(a.start_ts, tz), (perDay.get(localDateOf(a.start_ts, tz)) ?? 0) + 1);
      const whole = [...perDay].filter(([date]) => {
        const range = localDayRange(date, tz);
        return range.start >= firstState.start_ts && range.end <= until;
      });
      expect(whole.length).toBeGreaterThanOrEqual(2);
      for (const [date, count] of whole) {
        expect(count, date).toBeGreaterThanOrEqual(5);
        expect(count, date).toBeLessThanOrEqual(30);
      }
      const alarmShare = alarms.filter((a) => a.level === 'alarm').length / alarms.length;
      expect(alarmShare).toBeGreaterThan(0.05);
      expect(alarmShare).toBeLessThan(0.4);
      // Numbers 1…n in time order; only while the machine's history exists; everything but a stale one cleared before the engine's first frame.
      expect(alarms.map((a) => a.number)).toEqual(alarms.map((_, i) => i + 1));
      for (const a of alarms) {
        expect(a.start_ts).toBeGreaterThanOrEqual(firstState.start_ts);
        expect(a.shift_date, `alarm ${a.number}`).not.toBeNull();
        expect([1, 2]).toContain(a.shift_no);
        if (a.end_ts !== null) expect(a.end_ts).toBeLessThan(until);
        // A point alarm's value is past the limit it names, and its worst value at least as far.
        if (a.direction !== null) {
          const sign = a.direction === 'high' ? 1 : -1;
          expect(sign * ((a.start_value ?? 0) - (a.limit_value ?? 0)), `alarm ${a.number}`).toBeGreaterThan(0);
          expect(sign * ((a.peak_value ?? 0) - (a.start_value ?? 0)), `alarm ${a.number}`).toBeGreaterThanOrEqual(0);
        }
      }
      expect(alarms.filter((a) => a.ring_no !== null).length / alarms.length).toBeGreaterThan(0.8);
      expect(alarms.filter((a) => a.start_chainage !== null).length / alarms.length).toBeGreaterThan(0.8);
      // A few points cause most; the point codes are the settings' (and the machine-state ones).
      const byPoint = new Map<string, number>();
      for (const a of alarms) byPoint.set(a.point, (byPoint.get(a.point) ?? 0) + 1);
      const top3 = [...byPoint.values()].sort((a, b) => b - a).slice(0, 3).reduce((s, x) => s + x, 0);
      expect(top3 / alarms.length).toBeGreaterThan(0.4);
      const known = new Set([...demoAlarmPoints(run.machineType).map((p) => p.code), 'state.longStop']);
      for (const point of byPoint.keys()) expect(known.has(point), point).toBe(true);
      expect(alarms.some((a) => a.chattering === 1)).toBe(true);
      expect(alarms.some((a) => a.end_ts !== null && a.end_ts - a.start_ts > 2 * 3_600_000)).toBe(true);
      // At most one active live alarm per point.
      const active = alarms.filter((a) => a.end_ts === null);
      expect(new Set(active.map((a) => a.point)).size).toBe(active.length);
      for (const a of active) expect(until - a.start_ts).toBeGreaterThan(24 * 3_600_000);
      // The stale one belongs to a machine whose barrel-level sensor is stuck low (the simulator keeps it so).
      expect(active.map((a) => [a.point, a.direction, a.acked_by !== null])).toEqual(hasStuckSensor(run.seed) ? [[EXCURSION_POINTS.barrelLevel, 'low', true]] : []);
      // Most acknowledged (by a user, some with comments), a few assigned, with matching actions.
      expect(alarms.filter((a) => a.acked_by !== null).length / alarms.length).toBeGreaterThan(0.6);
      expect(alarms.some((a) => a.ack_comment !== null)).toBe(true);
      const actions = await t.db.kysely
        .selectFrom('alarm_actions')
        .innerJoin('alarms', 'alarms.id', 'alarm_actions.alarm_id')
        .select(['alarm_actions.action', 'alarm_actions.alarm_id'])
        .where('alarms.run_id', '=', run.runId)
        .execute();
      const count = (action: string) => actions.filter((x) => x.action === action).length;
      expect(count('raised')).toBe(alarms.length);
      expect(count('cleared')).toBe(alarms.filter((a) => a.end_ts !== null).length);
      expect(count('acked')).toBe(alarms.filter((a) => a.acked_at !== null).length);
      expect(count('assigned')).toBe(alarms.filter((a) => a.assigned_to !== null).length);
    }
  });

  it('leaves a run that has alarms already alone', async () => {
    const run = runs[0];
    if (!run) throw new Error('no demo run');
    const before = await t.db.kysely.selectFrom('alarms').select(({ fn }) => fn.countAll<number>().as('n')).where('run_id', '=', run.runId).executeTakeFirstOrThrow();
    const again = await seedDemoAlarmHistory(t.db.kysely, run, { from: NOW - DAYS * 86_400_000, until: ingestFrom.get(run.runId) ?? NOW, now: NOW });
    expect(again.alarms).toBe(0);
    const after = await t.db.kysely.selectFrom('alarms').select(({ fn }) => fn.countAll<number>().as('n')).where('run_id', '=', run.runId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
