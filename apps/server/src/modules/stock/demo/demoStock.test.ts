import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringRecord } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/testApp.js';
import { DAY_MS, localDateOf, zonedMinutesToUtc, parseLocalDate, formatLocalDate, shiftLocalDate } from '../../../core/timeZone.js';
import { seedDemo } from '../../../demo/demoProjects.js';
import { seedDemoMaintenance } from '../../maintenance/index.js';
import { ledgerMismatches } from '../ledger.js';
import { DEMO_BELOW_LINE, seedDemoStock } from './demoStock.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAYS = 21;
/** Rings built per day of the history, oldest first: two stand-still days (a cutterhead intervention, a Sunday). */
const RINGS_PER_DAY = [9, 11, 10, 0, 12, 8, 10, 11, 9, 13, 0, 6, 10, 12, 11, 9, 10, 7, 12, 10, 11, 3];

const pearson = (xs: number[], ys: number[]): number => {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [i, x] of xs.entries()) {
    const y = ys[i] as number;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
};

describe('demo stock', () => {
  let t: TestApp;
  let runId = 0;
  let zone = '';
  let seeded = { parts: 0, sheets: 0 };
  let elapsed = 0;
  const ringsOn = new Map<string, number>();
  let dates: string[] = [];
  let others: Awaited<ReturnType<typeof seedDemo>> = [];

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const [run, ...rest] = await seedDemo(t.db.kysely, NOW, DAYS);
    if (!run) throw new Error('no demo run');
    others = rest;
    runId = run.runId;
    zone = (await t.db.kysely.selectFrom('runs').select('time_zone').where('id', '=', runId).executeTakeFirstOrThrow()).time_zone;
    // The machine's history: the rings of each local day, built between 06:00 and 22:00, none after now.
    const firstDay = parseLocalDate(localDateOf(NOW - DAYS * DAY_MS, zone));
    const rows = [];
    let ringNo = 412;
    for (const [d, count] of RINGS_PER_DAY.entries()) {
      const date = shiftLocalDate(firstDay, d);
      dates.push(formatLocalDate(date));
      let built = 0;
      for (let k = 0; k < count; k += 1) {
        const end = zonedMinutesToUtc(date, 6 * 60 + 80 * (k + 1), zone);
        if (end < NOW - DAYS * DAY_MS || end > NOW) continue;
        rows.push(ringRecord(runId, ringNo, end - 50 * 60_000, end));
        ringNo += 1;
        built += 1;
      }
      ringsOn.set(formatLocalDate(date), built);
    }
    dates = dates.filter((date) => date <= localDateOf(NOW, zone));
    await t.db.kysely.insertInto('rings').values(rows).execute();
    await seedDemoMaintenance(t.db.kysely, run, NOW);
    const started = performance.now();
    seeded = await seedDemoStock(t.db.kysely, run, NOW, DAYS);
    elapsed = performance.now() - started;
  }, 60_000);
  afterAll(() => t.close());

  const outsByDate = async (codes: readonly string[]) => {
    const rows = await t.db.kysely
      .selectFrom('stock_moves')
      .innerJoin('stock_parts', 'stock_parts.id', 'stock_moves.part_id')
      .select(['stock_moves.date', 'stock_moves.quantity_milli'])
      .where('stock_moves.run_id', '=', runId)
      .where('stock_moves.kind', '=', 'out')
      .where('stock_parts.code', 'in', codes)
      .execute();
    const byDate = new Map<string, number>();
    for (const row of rows) byDate.set(row.date, (byDate.get(row.date) ?? 0) - Number(row.quantity_milli) / 1000);
    return byDate;
  };

  it('stocks about eighty parts whose stock is the sum of the ledger, none below zero, exactly three at or below the warning line', async () => {
    expect(seeded.parts).toBeGreaterThanOrEqual(75);
    expect(seeded.parts).toBeLessThanOrEqual(90);
    expect(await ledgerMismatches(t.db.kysely, runId)).toEqual([]);
    const parts = await t.db.kysely.selectFrom('stock_parts').selectAll().where('run_id', '=', runId).execute();
    expect(parts).toHaveLength(seeded.parts);
    expect(parts.filter((p) => Number(p.stock_milli) < 0)).toEqual([]);
    const below = parts.filter((p) => Number(p.warning_milli) > 0 && Number(p.stock_milli) <= Number(p.warning_milli));
    expect(below.map((p) => p.code).sort()).toEqual([...DEMO_BELOW_LINE].sort());
    expect(below.every((p) => Number(p.stock_milli) > 0)).toBe(true);
    expect(below.some((p) => p.name.startsWith('Disc cutter'))).toBe(true);
    // Every part is described as a store keeper would: unit, system, location, lead time.
    expect(parts.every((p) => p.unit && p.system && p.component && p.spec && p.location && (p.lead_time_days ?? 0) > 0)).toBe(true);
  });

  it('writes a first delivery, restocks, stock-outs by the crews, links to maintenance records and one correction, all within the history', async () => {
    const sheets = await t.db.kysely.selectFrom('stock_sheets').selectAll().where('run_id', '=', runId).orderBy('id').execute();
    expect(sheets).toHaveLength(seeded.sheets);
    const first = sheets.filter((s) => s.in_type === 'first');
    expect(first).toHaveLength(1);
    expect(first[0]?.date).toBe(dates[0]);
    expect((first[0]?.reorder_date ?? '') < (first[0]?.date ?? '')).toBe(true);
    const restocks = sheets.filter((s) => s.in_type === 'restock');
    expect(restocks.length).toBeGreaterThan(2);
    expect(restocks.every((s) => s.reorder_date !== null && s.reorder_date < s.date)).toBe(true);
    const outs = sheets.filter((s) => s.kind === 'out');
    expect(outs.length).toBeGreaterThan(60);
    expect(outs.every((s) => s.recipient && s.handler && s.recipient !== s.handler)).toBe(true);
    // Italian crews and store keepers at the Milano site.
    expect(new Set(outs.map((s) => s.handler))).toEqual(new Set(['Roberta Colombo', 'Davide Marchetti']));
    const linked = outs.filter((s) => s.mtce_record_id !== null);
    expect(linked.length).toBeGreaterThan(0);
    const records = await t.db.kysely.selectFrom('mtce_records').select(['id', 'run_id']).where('id', 'in', linked.map((s) => s.mtce_record_id as number)).execute();
    expect(records.length).toBe(new Set(linked.map((s) => s.mtce_record_id)).size);
    expect(records.every((r) => r.run_id === runId)).toBe(true);
    const corrections = sheets.filter((s) => s.corrects_id !== null);
    expect(corrections).toHaveLength(1);
    expect(corrections[0]?.reason).toMatch(/Bolts of ring \d+ missing/);
    expect(sheets.find((s) => s.id === corrections[0]?.corrects_id)?.kind).toBe('out');
    // Dates within the history; sheet numbers unique per kind.
    const historyStart = localDateOf(NOW - DAYS * DAY_MS, zone);
    const today = localDateOf(NOW, zone);
    expect(sheets.every((s) => s.date >= historyStart && s.date <= today && s.entered_at <= NOW)).toBe(true);
    const moves = await t.db.kysely.selectFrom('stock_moves').select(['date', 'at']).where('run_id', '=', runId).execute();
    expect(moves.every((m) => m.date >= historyStart && m.date <= today && m.at <= NOW)).toBe(true);
    expect(new Set(sheets.map((s) => `${s.kind}${s.number}`)).size).toBe(sheets.length);
  });

  it('issues cutters, grease and segment bolts in step with the rings built: none on days without rings', async () => {
    const grease = await outsByDate(['TSG-F200']);
    const bolts = await outsByDate(['SB-M24-C']);
    const cutters = await outsByDate(['DC-17-432', 'CC-17-T2', 'SC-250-HM']);
    const rings = dates.map((date) => ringsOn.get(date) ?? 0);
    expect(rings.filter((n) => n === 0).length).toBeGreaterThanOrEqual(2);
    for (const date of dates.filter((d) => (ringsOn.get(d) ?? 0) === 0)) {
      expect(grease.get(date) ?? 0, date).toBe(0);
      expect(cutters.get(date) ?? 0, date).toBe(0);
      expect(bolts.get(date) ?? 0, date).toBe(0);
    }
    expect(pearson(rings, dates.map((d) => grease.get(d) ?? 0))).toBeGreaterThan(0.9);
    // Bolts after the correction: 28 per ring, exactly.
    expect(dates.map((d) => bolts.get(d) ?? 0)).toEqual(rings.map((n) => 28 * n));
    expect(pearson(rings, dates.map((d) => cutters.get(d) ?? 0))).toBeGreaterThan(0.3);
  });

  it('is fast and seeds a run only once', async () => {
    if (t.db.dialect === 'sqlite') expect(elapsed).toBeLessThan(2000);
    expect(await seedDemoStock(t.db.kysely, { runId, seed: 11 }, NOW, DAYS)).toEqual({ parts: 0, sheets: 0 });
    expect(await ledgerMismatches(t.db.kysely, runId)).toEqual([]);
  });

  it('adapts to a short history: the slurry machine with two days of rings, a machine without rings; three parts below the line in each', async () => {
    const slurry = others.find((run) => run.machineType === 'slurry');
    const idle = others.find((run) => run.machineType !== 'slurry');
    if (!slurry || !idle) throw new Error('demo runs missing');
    const slurryZone = (await t.db.kysely.selectFrom('runs').select('time_zone').where('id', '=', slurry.runId).executeTakeFirstOrThrow()).time_zone;
    const yesterday = parseLocalDate(localDateOf(NOW - DAY_MS, slurryZone));
    const rows = Array.from({ length: 8 }, (_, k) => {
      const end = zonedMinutesToUtc(yesterday, 8 * 60 + 90 * k, slurryZone);
      return ringRecord(slurry.runId, 630 + k, end - 60 * 60_000, end);
    });
    await t.db.kysely.insertInto('rings').values(rows).execute();
    for (const run of [slurry, idle]) {
      const seededShort = await seedDemoStock(t.db.kysely, run, NOW, 2);
      expect(seededShort.parts).toBeGreaterThanOrEqual(75);
      expect(await ledgerMismatches(t.db.kysely, run.runId)).toEqual([]);
      const parts = await t.db.kysely.selectFrom('stock_parts').selectAll().where('run_id', '=', run.runId).execute();
      expect(parts.filter((p) => Number(p.stock_milli) < 0)).toEqual([]);
      const below = parts.filter((p) => Number(p.warning_milli) > 0 && Number(p.stock_milli) > 0 && Number(p.stock_milli) <= Number(p.warning_milli));
      expect(below.map((p) => p.code).sort()).toEqual([...DEMO_BELOW_LINE].sort());
      expect(parts.filter((p) => Number(p.warning_milli) > 0 && Number(p.stock_milli) <= Number(p.warning_milli))).toHaveLength(3);
      const zoneOf = run === slurry ? slurryZone : (await t.db.kysely.selectFrom('runs').select('time_zone').where('id', '=', run.runId).executeTakeFirstOrThrow()).time_zone;
      const sheets = await t.db.kysely.selectFrom('stock_sheets').select(['date', 'corrects_id', 'in_type']).where('run_id', '=', run.runId).execute();
      expect(sheets.every((s) => s.date >= localDateOf(NOW - 2 * DAY_MS, zoneOf))).toBe(true);
      expect(sheets.filter((s) => s.in_type === 'first')).toHaveLength(1);
      expect(sheets.filter((s) => s.corrects_id !== null)).toHaveLength(1);
    }
    // The large slurry machine bores with 19" cutters and uses them in step with its rings.
    const cutters19 = await t.db.kysely
      .selectFrom('stock_moves')
      .innerJoin('stock_parts', 'stock_parts.id', 'stock_moves.part_id')
      .select(['stock_moves.date', 'stock_moves.quantity_milli'])
      .where('stock_moves.run_id', '=', slurry.runId)
      .where('stock_parts.code', '=', 'DC-19-510')
      .where('stock_moves.kind', '=', 'out')
      .execute();
    expect(cutters19.every((m) => m.date === formatLocalDate(yesterday))).toBe(true);
    const bentonite = await t.db.kysely
      .selectFrom('stock_moves')
      .innerJoin('stock_parts', 'stock_parts.id', 'stock_moves.part_id')
      .select(['stock_moves.date', 'stock_moves.quantity_milli'])
      .where('stock_moves.run_id', '=', slurry.runId)
      .where('stock_parts.code', '=', 'BENT-NA')
      .where('stock_moves.kind', '=', 'out')
      .execute();
    // About 350 kg a ring for the slurry: 8 rings yesterday, none the other days.
    expect(bentonite.map((m) => m.date)).toEqual([formatLocalDate(yesterday)]);
    expect(-Number(bentonite[0]?.quantity_milli) / 1000).toBeGreaterThan(8 * 350 * 0.8);
    const idleGrease = await t.db.kysely
      .selectFrom('stock_moves')
      .innerJoin('stock_parts', 'stock_parts.id', 'stock_moves.part_id')
      .select('stock_moves.id')
      .where('stock_moves.run_id', '=', idle.runId)
      .where('stock_parts.code', 'in', ['TSG-F200', 'MBG-EP2', 'DC-17-432', 'SB-M24-C'])
      .where('stock_moves.kind', '=', 'out')
      .execute();
    expect(idleGrease).toEqual([]);
  });
});
