import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { decodeColumns, encodeChunk } from '../../apps/server/src/telemetry/codec/chunkCodec.js';
import { syntheticChunk } from '../../apps/server/src/telemetry/codec/syntheticChunk.js';
import { SeriesReader } from '../../apps/server/src/telemetry/series.js';
import { FrameStoreRepo } from '../../apps/server/src/telemetry/store/frameStore.repo.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, rollupFrames, rollupPrecisions } from '../../apps/server/src/telemetry/store/rollup.js';
import { report, stats } from '../lib/harness.js';

/** A machine of 100 tags; the chart reads one of them. */
const TAGS = 100;
const PROJECT_DAYS = 365;
/** Days of exact frames (10-minute chunks with minute rollups) before now; older days keep their hourly rollups. */
const FRAME_DAYS = 8;
const ROUNDS = 7;
const MAX_POINTS = 2_000;
const RANGE_TARGET_MS = 100;
const SPREAD_TARGET = 3;

interface Seeded {
  runId: number;
  code: string;
  now: number;
}

/**
 * A year of one machine as the store keeps it: hourly rollups for every day, and for the last
 * eight days every frame in 10-minute chunks with their per-minute rollups (what the ingest writes).
 * The older days' hourly rows come from a synthetic series of 8 samples an hour (their counts are
 * smaller than a real day's; reading them costs the same).
 */
async function seed(db: ReturnType<typeof openDatabase>): Promise<Seeded> {
  const k = db.kysely;
  const org = await k.insertInto('orgs').values({ name: 'Bench', type: 'company', parent_id: null, path: '/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  const run = await k
    .insertInto('runs')
    .values({ org_id: org.id, project_name: 'Bench metro', project_code: 'B-5', tbm_code: 'M5', machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'Line 5', ring_width_mm: 1500, start_ring: 1, planned_rings: 4000, start_chainage: 0, end_chainage: 6000, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const codes = Array.from({ length: TAGS }, (_, i) => `bench.tag${i}`);
  const store = new FrameStoreRepo(k);
  const layoutId = await store.layoutId(run.id, codes, 0);
  const now = Date.UTC(2026, 10, 1);
  const first = now - PROJECT_DAYS * DAY_MS;
  await k.transaction().execute(async (trx) => {
    const tx = new FrameStoreRepo(trx);
    for (let day = first; day < now; day += DAY_MS) {
      const sparse = syntheticChunk(day / DAY_MS, TAGS, 24 * 8, day);
      for (let i = 0; i < sparse.ts.length; i += 1) sparse.ts[i] = day + i * 450_000;
      const hourly = rollupFrames(sparse.ts, sparse.columns, sparse.precisions, HOUR_MS);
      await tx.putHourly(run.id, layoutId, day, encodeChunk({ ts: hourly.ts, columns: hourly.columns, precisions: rollupPrecisions(sparse.precisions) }));
    }
    for (let start = now - FRAME_DAYS * DAY_MS; start < now; start += 10 * MINUTE_MS) {
      const chunk = syntheticChunk(start / MINUTE_MS, TAGS, 600, start);
      const minutes = rollupFrames(chunk.ts, chunk.columns, chunk.precisions, MINUTE_MS);
      await tx.insertChunk(
        run.id,
        {
          layoutId,
          startTs: chunk.ts[0] ?? start,
          endTs: chunk.ts.at(-1) ?? start,
          frames: chunk.ts.length,
          data: encodeChunk(chunk),
          minutes: encodeChunk({ ts: minutes.ts, columns: minutes.columns, precisions: rollupPrecisions(chunk.precisions) }),
        },
        null,
      );
    }
  });
  return { runId: run.id, code: codes[7] ?? 'bench.tag7', now };
}

/**
 * B5 (chart range): one tag over 1 hour, 1 day, 30 days and the whole project (a year), at most
 * 2,000 points each, through the product's series reader (exact frames with LTTB up to 6 h,
 * minute rollups up to 7 days, hourly rollups beyond). The baseline reads the raw 1-hour range:
 * the chunks' SQL and the decoding of that one column, nothing else.
 */
export async function chartRange(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'boreline-b5-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') }, () => undefined);
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    const { runId, code, now } = await seed(db);
    console.log(`B5 seeded ${PROJECT_DAYS} days (${FRAME_DAYS} with every frame) of ${TAGS} tags in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const reader = new SeriesReader(db.kysely);
    const store = new FrameStoreRepo(db.kysely);
    const column = 7;
    const baseline = async () => {
      let n = 0;
      for (const chunk of await store.chunks(runId, now - HOUR_MS, now)) n += decodeColumns(chunk.data, [column]).ts.length;
      return n;
    };
    const ranges: [string, number][] = [
      ['1 h', HOUR_MS],
      ['1 day', DAY_MS],
      ['30 days', 30 * DAY_MS],
      ['whole project', PROJECT_DAYS * DAY_MS],
    ];
    const times = new Map<string, number[]>(ranges.map(([name]) => [name, []]));
    const points = new Map<string, number>();
    const base: number[] = [];
    const time = async (job: () => Promise<unknown>) => {
      const start = performance.now();
      await job();
      return performance.now() - start;
    };
    // Warm-up, discarded.
    await baseline();
    for (const [, span] of ranges) await reader.read(runId, [code], now - span, now, MAX_POINTS);
    for (let round = 0; round < ROUNDS; round += 1) {
      base.push(await time(baseline));
      for (const [name, span] of ranges) {
        let count = 0;
        times.get(name)?.push(
          await time(async () => {
            const result = await reader.read(runId, [code], now - span, now, MAX_POINTS);
            count = result.series[0]?.points.length ?? 0;
          }),
        );
        points.set(name, count);
      }
    }
    const b = stats(base);
    console.log(`  baseline raw 1 h read  ms min/median/max ${b.min.toFixed(1)} / ${b.median.toFixed(1)} / ${b.max.toFixed(1)} (${await baseline()} values)`);
    const medians: number[] = [];
    let worst = 0;
    for (const [name] of ranges) {
      const s = stats(times.get(name) ?? []);
      medians.push(s.median);
      worst = Math.max(worst, s.max);
      console.log(`  ${name.padEnd(14)} ms min/median/max ${s.min.toFixed(1)} / ${s.median.toFixed(1)} / ${s.max.toFixed(1)}, ${points.get(name)} points (${(s.median / b.median).toFixed(2)} x baseline)`);
    }
    const spread = Math.max(...medians) / Math.min(...medians);
    const longest = medians.at(-1) ?? 0;
    const allPoints = [...points.values()].every((p) => p <= MAX_POINTS);
    report(
      'B5-chart-range',
      `medians ${medians.map((m) => m.toFixed(1)).join(' / ')} ms, slowest round ${worst.toFixed(1)} ms, longest ${spread.toFixed(2)} x shortest, points <= ${MAX_POINTS}: ${allPoints}`,
      longest / b.median,
      `every range < ${RANGE_TARGET_MS} ms, longest <= ${SPREAD_TARGET} x shortest`,
      Math.max(...medians) < RANGE_TARGET_MS && spread <= SPREAD_TARGET && allPoints,
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
