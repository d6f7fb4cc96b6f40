import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tagCatalogue } from '@boreline/contracts';
import type { AuthSession } from '../../apps/server/src/core/auth.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { PermissionRepo } from '../../apps/server/src/modules/admin/permission.repo.js';
import { RoleGrantPolicy } from '../../apps/server/src/modules/admin/access.policy.js';
import { RunRepo } from '../../apps/server/src/modules/project/run.repo.js';
import { RunScope } from '../../apps/server/src/modules/project/runScope.js';
import { RingStatsService } from '../../apps/server/src/modules/statistic/ringStats.service.js';
import { StatisticRepo } from '../../apps/server/src/modules/statistic/statistic.repo.js';
import { StatisticService } from '../../apps/server/src/modules/statistic/statistic.service.js';
import { seededRandom } from '../../apps/server/src/telemetry/codec/syntheticChunk.js';
import { FrameStoreRepo } from '../../apps/server/src/telemetry/store/frameStore.repo.js';
import { RingTagStatsRepo } from '../../apps/server/src/telemetry/store/ringTagStats.repo.js';
import { ProjectFigures } from '../../apps/server/src/modules/project/driveFigures.js';
import { MachineHistory } from '../../apps/server/src/telemetry/machineHistory.js';
import { report, stats } from '../lib/harness.js';

const RINGS = 2_000;
const TAGS = 50;
const ROUNDS = 9;
const RATIO_TARGET = 1.5;
const TIME_TARGET_MS = 150;
const MINUTE = 60_000;
const SESSION: AuthSession = { sessionId: 0, userId: 0, sa: true, zb: false, orgId: null, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };

/** 2,000 rings of an EPB machine recording its whole catalogue, each with the statistics of every tag. */
async function seed(db: ReturnType<typeof openDatabase>): Promise<{ runId: number; codes: string[] }> {
  const k = db.kysely;
  const org = await k.insertInto('orgs').values({ name: 'Bench', type: 'company', parent_id: null, path: '/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  await k.updateTable('orgs').set({ path: `/${org.id}/` }).where('id', '=', org.id).execute();
  const run = await k
    .insertInto('runs')
    .values({ org_id: org.id, project_name: 'Bench metro', project_code: 'B-4', tbm_code: 'M4', machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'Line 4', ring_width_mm: 1500, start_ring: 1, planned_rings: 4000, start_chainage: 0, end_chainage: 6000, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const catalogue = tagCatalogue('epb');
  const layoutId = await new FrameStoreRepo(k).layoutId(run.id, catalogue.map((t) => t.code), 0);
  const start = Date.UTC(2026, 0, 5);
  const random = seededRandom(4);
  const rings = Array.from({ length: RINGS }, (_, i) => ({
    run_id: run.id, ring_no: i + 1, start_ts: start + i * 100 * MINUTE, end_ts: start + i * 100 * MINUTE + (70 + Math.round(random() * 40)) * MINUTE,
    advance_ms: 45 * MINUTE, ring_build_ms: 30 * MINUTE, waiting_ms: 5 * MINUTE, frames: 4800, start_chainage: i * 1.5, end_chainage: (i + 1) * 1.5,
    thrust_avg: 18000, thrust_max: 24000, torque_avg: 4200, torque_max: 6100, speed_avg: 50 + random() * 20, speed_max: 80, penetration_avg: 18, face_pressure_avg: 2.4,
    grout_volume: 6.2, grout_pressure_avg: 3.1, foam_volume: 12, bentonite_volume: 2, head_horizontal: 14, head_vertical: -9, tail_horizontal: 11, tail_vertical: -6,
    tail_gap_top: 35, tail_gap_bottom: 30, tail_gap_left: 32, tail_gap_right: 33,
  }));
  await k.transaction().execute(async (trx) => {
    for (let i = 0; i < rings.length; i += 200) await trx.insertInto('rings').values(rings.slice(i, i + 200)).execute();
    const repo = new RingTagStatsRepo(trx);
    for (const ring of rings) {
      const values = new Float32Array(catalogue.length * 3);
      catalogue.forEach((tag, c) => {
        const mean = tag.min + (tag.max - tag.min) * (0.3 + random() * 0.4);
        values[3 * c] = mean * 0.9;
        values[3 * c + 1] = mean;
        values[3 * c + 2] = mean * 1.1;
      });
      await repo.save({ runId: run.id, ringNo: ring.ring_no, layoutId, ringEnd: ring.end_ts, frames: 2700, values }, 0);
    }
  });
  const codes = catalogue.filter((t) => t.kind === 'analog' && t.subsystem !== 'state').slice(0, TAGS).map((t) => t.code);
  return { runId: run.id, codes };
}

/**
 * B4 (ring statistics): the ring statistics table over 2,000 rings × 50 tags of a machine
 * recording its whole catalogue (stored statistics of every tag, per ring), through the product
 * path — run scope, tag checks, ring SQL, per-ring statistics decoded for the 50 columns, sorted by
 * a tag's mean, answered as JSON — once for the whole selection and once for the table's page of 200.
 * The baseline is the raw SELECT of the same rows (rings and their statistics) and JSON.stringify
 * of them, the blobs as base64 text.
 */
export async function ringStats(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'boreline-b4-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') }, () => undefined);
  try {
    await migrateToLatest(db);
    const { runId, codes } = await seed(db);
    const statistics = new StatisticService(new StatisticRepo(db.kysely), new RunScope(new RunRepo(db.kysely), new RoleGrantPolicy(new PermissionRepo(db.kysely))), new ProjectFigures(MachineHistory.on(db.kysely), async () => null));
    const service = new RingStatsService(statistics);
    const query = (pageSize: number) => ({
      runId, view: 'ringTable' as const, range: { by: 'ring' as const, ringStart: 1, ringEnd: RINGS }, tags: codes,
      sort: 'tag' as const, sortTag: codes[3], sortStat: 'avg' as const, order: 'desc' as const, page: 1, pageSize,
    });
    let bytes = 0;
    const whole = async () => {
      const selection = await service.select(SESSION, query(RINGS));
      bytes = JSON.stringify({ rows: selection.rows, overall: selection.overall }).length;
    };
    const page = async () => JSON.stringify(await service.page(SESSION, query(200))).length;
    let baseBytes = 0;
    const baseline = async () => {
      const rings = await db.kysely.selectFrom('rings').selectAll().where('run_id', '=', runId).where('ring_no', '>=', 1).where('ring_no', '<=', RINGS).orderBy('ring_no').execute();
      const rows = await db.kysely.selectFrom('ring_tag_stats').select(['ring_no', 'layout_id', 'frames', 'data']).where('run_id', '=', runId).where('ring_no', '>=', 1).where('ring_no', '<=', RINGS).orderBy('ring_no').execute();
      baseBytes = JSON.stringify({ rings, stats: rows.map((r) => ({ ...r, data: Buffer.from(r.data).toString('base64') })) }).length;
    };
    const time = async (job: () => Promise<unknown>) => {
      const t0 = performance.now();
      await job();
      return performance.now() - t0;
    };
    await whole();
    await page();
    await baseline();
    const w: number[] = [];
    const p: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      w.push(await time(whole));
      p.push(await time(page));
      b.push(await time(baseline));
    }
    const ws = stats(w);
    const ps = stats(p);
    const bs = stats(b);
    console.log(`B4 ring statistics ${RINGS} rings x ${TAGS} tags (of ${tagCatalogue('epb').length} stored per ring), ${ROUNDS} rounds`);
    console.log(`  whole selection ms min/median/max ${ws.min.toFixed(1)} / ${ws.median.toFixed(1)} / ${ws.max.toFixed(1)} (${Math.round(bytes / 1024)} KB JSON)`);
    console.log(`  page of 200     ms min/median/max ${ps.min.toFixed(1)} / ${ps.median.toFixed(1)} / ${ps.max.toFixed(1)}`);
    console.log(`  raw SELECT + JSON.stringify ms min/median/max ${bs.min.toFixed(1)} / ${bs.median.toFixed(1)} / ${bs.max.toFixed(1)} (${Math.round(baseBytes / 1024)} KB JSON)`);
    const ratio = ws.median / bs.median;
    report('B4-ring-stats', `${ws.median.toFixed(1)} ms median whole selection, ${ps.median.toFixed(1)} ms a page`, ratio, `< ${TIME_TARGET_MS} ms, <= ${RATIO_TARGET} x`, ws.median < TIME_TARGET_MS && ratio <= RATIO_TARGET);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
