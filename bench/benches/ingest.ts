import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tagCatalogue } from '@boreline/contracts';
import Sqlite from 'better-sqlite3';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { FrameDecoder } from '../../apps/server/src/telemetry/decode.js';
import { TagLayout } from '../../apps/server/src/telemetry/frame.js';
import { DomainEvents } from '../../apps/server/src/telemetry/events.js';
import { CHUNK_WINDOW_MS, IngestService } from '../../apps/server/src/telemetry/ingest.js';
import { LatestValues } from '../../apps/server/src/telemetry/latestValues.js';
import { FrameStoreRepo } from '../../apps/server/src/telemetry/store/frameStore.repo.js';
import { payloads } from '../lib/gatewayPayloads.js';
import { report, stats } from '../lib/harness.js';

const ROUNDS = 5;

async function pipeline(dir: string, texts: string[], layout: TagLayout, subscriber = false) {
  const db = openDatabase({ kind: 'sqlite', file: join(dir, `pipe-${Math.random()}.db`) }, () => undefined);
  await migrateToLatest(db);
  const org = await db.kysely.insertInto('orgs').values({ name: 'b', type: 'company', parent_id: null, path: '/1/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  const run = await db.kysely
    .insertInto('runs')
    .values({ org_id: org.id, project_name: 'b', project_code: 'b', tbm_code: 'b', machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'b', ring_width_mm: 1500, start_ring: 1, planned_rings: 1, start_chainage: 0, end_chainage: 9999, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events = new DomainEvents();
  // A module listening to every stored frame (the alarm engine will): here one that does nothing.
  let seen = 0;
  if (subscriber) events.on('frameStored', () => void (seen += 1));
  const ingest = new IngestService(db.kysely, new LatestValues(), events);
  await ingest.open({ runId: run.id, machineType: 'epb', ringWidthMm: 1500, endChainage: 9999 });
  const decoder = new FrameDecoder(layout);
  const started = performance.now();
  for (const text of texts) {
    const parsed: { frames: { ts: number; values: Record<string, number | null> }[] } = JSON.parse(text);
    await ingest.ingest(run.id, decoder.decode(run.id, parsed.frames).frames);
  }
  const seconds = (performance.now() - started) / 1000;
  await ingest.flushIdle(Number.MAX_SAFE_INTEGER);
  const size = await new FrameStoreRepo(db.kysely).storedSize(run.id);
  await db.close();
  if (subscriber && seen === 0) throw new Error('the subscriber saw no frame');
  return { seconds, size };
}

/** The baseline: the same values, decoded the same way, written raw (float32 per value) in one transaction per batch. */
function baseline(dir: string, texts: string[], layout: TagLayout) {
  const db = new Sqlite(join(dir, `raw-${Math.random()}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table frames (run_id integer not null, ts integer not null, data blob not null)');
  const insert = db.prepare('insert into frames (run_id, ts, data) values (?, ?, ?)');
  const decoder = new FrameDecoder(layout);
  const write = db.transaction((frames: { ts: number; values: Float64Array }[]) => {
    for (const f of frames) insert.run(1, f.ts, Buffer.from(Float32Array.from(f.values).buffer));
  });
  const started = performance.now();
  for (const text of texts) {
    const parsed: { frames: { ts: number; values: Record<string, number | null> }[] } = JSON.parse(text);
    write(decoder.decode(1, parsed.frames).frames);
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return seconds;
}

/** B1 (ingest values/s through the whole pipeline vs raw inserts) and B1s (bytes per stored value). */
export async function ingest(): Promise<void> {
  const layout = new TagLayout(tagCatalogue('epb'));
  const frames = Number(process.env.BENCH_INGEST_FRAMES ?? 3_600);
  const startTs = Math.floor(Date.UTC(2026, 0, 5, 6) / CHUNK_WINDOW_MS) * CHUNK_WINDOW_MS;
  const texts = payloads(layout, frames, startTs);
  const values = frames * layout.size;
  const dir = mkdtempSync(join(tmpdir(), 'boreline-bench-'));
  try {
    const ours: number[] = [];
    const raw: number[] = [];
    let bytes = 0;
    await pipeline(dir, texts.slice(0, 10), layout);
    baseline(dir, texts.slice(0, 10), layout);
    for (let r = 0; r < ROUNDS; r += 1) {
      const result = await pipeline(dir, texts, layout);
      ours.push(values / result.seconds);
      bytes = result.size.bytes;
      raw.push(values / baseline(dir, texts, layout));
    }
    const a = stats(ours);
    const b = stats(raw);
    // The event hook: the same pipeline with and without a subscriber on every stored frame, alternated.
    const hooked: number[] = [];
    const bare: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      hooked.push(values / (await pipeline(dir, texts, layout, true)).seconds);
      bare.push(values / (await pipeline(dir, texts, layout, false)).seconds);
    }
    const h = stats(hooked);
    const n = stats(bare);
    const emits = 1_000_000;
    const events = new DomainEvents();
    let sink = 0;
    events.on('frameStored', () => void (sink += 1));
    const frame = { runId: 1, ts: 0, values: new Float64Array(layout.size) };
    const emitStart = performance.now();
    for (let i = 0; i < emits; i += 1) events.emit('frameStored', { runId: 1, frame, codes: layout.codes, late: false });
    const nsPerEvent = ((performance.now() - emitStart) * 1e6) / emits;
    console.log(`ingest event hook: with a no-op frameStored subscriber median ${h.median.toFixed(0)} values/s (min ${h.min.toFixed(0)} max ${h.max.toFixed(0)}), without ${n.median.toFixed(0)}; one delivery ${nsPerEvent.toFixed(0)} ns (${sink} delivered)`);
    report('B1 event hook', `${(h.median / 1e6).toFixed(2)} M values/s with a subscriber on every frame`, h.median / n.median, '>= 0.95 x without', h.median / n.median >= 0.95);
    console.log(`ingest: ${layout.size} tags x ${frames} frames; pipeline values/s min ${a.min.toFixed(0)} median ${a.median.toFixed(0)} max ${a.max.toFixed(0)}; raw inserts median ${b.median.toFixed(0)}`);
    report('B1 ingest', `${(a.median / 1e6).toFixed(2)} M values/s`, a.median / b.median, '>= 1.00 M values/s and >= 0.5 x', a.median >= 1e6 && a.median / b.median >= 0.5);
    const perValue = bytes / values;
    report('B1s storage', `${perValue.toFixed(3)} bytes/value`, perValue / 4, '<= 2 bytes/value', perValue <= 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
