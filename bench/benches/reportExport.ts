import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { AuthSession } from '../../apps/server/src/core/auth.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { NUMBER_FORMATS } from '../../apps/server/src/core/excel.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { PermissionRepo } from '../../apps/server/src/modules/admin/permission.repo.js';
import { RoleGrantPolicy } from '../../apps/server/src/modules/admin/access.policy.js';
import { RunRepo } from '../../apps/server/src/modules/project/run.repo.js';
import { RunScope } from '../../apps/server/src/modules/project/runScope.js';
import { PeriodReportRepo } from '../../apps/server/src/modules/report/periodReport.repo.js';
import { PeriodReportService } from '../../apps/server/src/modules/report/periodReport.service.js';
import { ReportExporter } from '../../apps/server/src/modules/report/reportWorkbook.js';
import { ringColumns } from '../../apps/server/src/modules/report/reportWorkbookShared.js';
import { ProjectFigures } from '../../apps/server/src/modules/project/driveFigures.js';
import { MachineHistory } from '../../apps/server/src/telemetry/machineHistory.js';
import { report, stats } from '../lib/harness.js';

const RINGS = 2_000;
const ROUNDS = 9;
const RATIO_TARGET = 1.4;
const LAG_TARGET_MS = 50;
const MINUTE = 60_000;
const SESSION: AuthSession = { sessionId: 0, userId: 0, sa: true, zb: false, orgId: null, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };

/** A month of a drive: 2,000 rings with every aggregate filled, as the ring report reads them. */
async function seed(db: ReturnType<typeof openDatabase>): Promise<number> {
  const org = await db.kysely.insertInto('orgs').values({ name: 'Bench', type: 'company', parent_id: null, path: '/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  await db.kysely.updateTable('orgs').set({ path: `/${org.id}/` }).where('id', '=', org.id).execute();
  const run = await db.kysely
    .insertInto('runs')
    .values({ org_id: org.id, project_name: 'Bench metro', project_code: 'B-1', tbm_code: 'M4-L3', machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'Line 4', ring_width_mm: 1500, start_ring: 1, planned_rings: 4000, start_chainage: 0, end_chainage: 6000, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = Date.UTC(2026, 9, 1);
  const rows = Array.from({ length: RINGS }, (_, i) => {
    const s = start + i * 22 * MINUTE;
    const v = (base: number) => Math.round((base + Math.sin(i) * base * 0.1) * 100) / 100;
    return {
      run_id: run.id, ring_no: i + 1, start_ts: s, end_ts: s + 20 * MINUTE, advance_ms: 12 * MINUTE, ring_build_ms: 6 * MINUTE, waiting_ms: 2 * MINUTE, frames: 1200,
      start_chainage: i * 1.5, end_chainage: (i + 1) * 1.5, thrust_avg: v(18000), thrust_max: v(24000), torque_avg: v(4200), torque_max: v(6100), speed_avg: v(55), speed_max: v(80),
      penetration_avg: v(18), face_pressure_avg: v(2.4), grout_volume: v(6.2), grout_pressure_avg: v(3.1), foam_volume: v(12), bentonite_volume: v(2), head_horizontal: v(14), head_vertical: v(-9),
      tail_horizontal: v(11), tail_vertical: v(-6), tail_gap_top: v(35), tail_gap_bottom: v(30), tail_gap_left: v(32), tail_gap_right: v(33),
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.kysely.insertInto('rings').values(rows.slice(i, i + 200)).execute();
  return run.id;
}

/** The baseline: the same cells (values, dates as the same text, the same number formats) written with a bare streaming writer. */
async function bareWrite(cells: (string | number | null)[][], formats: (string | undefined)[], useStyles = true): Promise<number> {
  let size = 0;
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => ((size += chunk.length), done()) });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles, useSharedStrings: false });
  const sheet = book.addWorksheet('Rings');
  sheet.columns = cells[0]?.map(() => ({ width: 12 })) ?? [];
  // One style object per format: the cheapest way exceljs offers to format cells.
  const styles = formats.map((numFmt) => (numFmt ? { numFmt } : undefined));
  for (const values of cells) {
    const row = sheet.addRow(values);
    styles.forEach((style, i) => {
      if (style) row.getCell(i + 1).style = style;
    });
    row.commit();
  }
  sheet.commit();
  await book.commit();
  return size;
}

async function timed(job: () => Promise<unknown>): Promise<{ ms: number; lagP99: number }> {
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  const t0 = performance.now();
  await job();
  const ms = performance.now() - t0;
  lag.disable();
  return { ms, lagP99: lag.percentile(99) / 1e6 };
}

/**
 * B6 (Excel export): the ring report export of 2,000 rings × 31 columns through the product path
 * (run scope, SQL, report rows, translated headers, zone-formatted dates, streaming workbook with
 * yields) against a bare ExcelJS streaming write of the same cells; alternating rounds after a
 * discarded warm-up, with the event loop's lag during the product job.
 */
export async function reportExport(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'boreline-b6-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') }, () => undefined);
  try {
    await migrateToLatest(db);
    const runId = await seed(db);
    const repo = new PeriodReportRepo(db.kysely);
    const reports = new PeriodReportService(repo, new RunScope(new RunRepo(db.kysely), new RoleGrantPolicy(new PermissionRepo(db.kysely))), new ProjectFigures(MachineHistory.on(db.kysely), async () => null), Date.now);
    const exporter = new ReportExporter(reports, repo);
    const input = { report: 'ring' as const, runId, ringStart: 1, ringEnd: RINGS };
    const product = () => exporter.export(SESSION, input, 'en_US');

    const run = await reports.ringsOf(await reports.requireRun(SESSION, runId), 1, RINGS);
    const columns = ringColumns(run.timeZone);
    const cells = run.rows.map((r) => columns.map((c) => c.value(r)));
    const formats = columns.map((c) => (c.format ? NUMBER_FORMATS[c.format] : undefined));
    const baseline = () => bareWrite(cells, formats);
    // For perspective: the same cells with no number formats at all (exceljs without styles).
    const unstyled = () => bareWrite(cells, [], false);

    const sample = await product();
    await baseline();
    const ours: number[] = [];
    const base: number[] = [];
    const lags: number[] = [];
    const baseLags: number[] = [];
    const plain: number[] = [];
    await unstyled();
    for (let i = 0; i < ROUNDS; i += 1) {
      const a = await timed(product);
      ours.push(a.ms);
      lags.push(a.lagP99);
      const b = await timed(baseline);
      base.push(b.ms);
      baseLags.push(b.lagP99);
      plain.push((await timed(unstyled)).ms);
    }
    const o = stats(ours);
    const b = stats(base);
    const l = stats(lags);
    const ratio = o.median / b.median;
    console.log(`B6 ring export ${RINGS} rings x ${columns.length} columns (${Math.round(sample.body.length / 1024)} KB), ${ROUNDS} rounds`);
    console.log(`  product path  ms min/median/max ${o.min.toFixed(1)} / ${o.median.toFixed(1)} / ${o.max.toFixed(1)}; event-loop lag p99 ms min/median/max ${l.min.toFixed(1)} / ${l.median.toFixed(1)} / ${l.max.toFixed(1)}`);
    console.log(`  bare ExcelJS  ms min/median/max ${b.min.toFixed(1)} / ${b.median.toFixed(1)} / ${b.max.toFixed(1)}; event-loop lag p99 ms median ${stats(baseLags).median.toFixed(1)}`);
    const p = stats(plain);
    console.log(`  bare, no styles ms min/median/max ${p.min.toFixed(1)} / ${p.median.toFixed(1)} / ${p.max.toFixed(1)} (product path ${(o.median / p.median).toFixed(2)} x)`);
    report('B6-ring-export', `${o.median.toFixed(1)} ms median, lag p99 ${l.max.toFixed(1)} ms worst round`, ratio, `<= ${RATIO_TARGET} x, lag p99 < ${LAG_TARGET_MS} ms`, ratio <= RATIO_TARGET && l.max < LAG_TARGET_MS);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
