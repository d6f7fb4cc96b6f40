import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alarmContract, tagCatalogue, type TagDef } from '@boreline/contracts';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { compilePointSettings, type WarnSettingLike } from '../../apps/server/src/modules/alarm/engine/pointSettings.js';
import { AlarmEngine } from '../../apps/server/src/modules/alarm/engine/alarmEngine.js';
import { RunAlarms } from '../../apps/server/src/modules/alarm/runtime/runAlarms.js';
import { FrameDecoder } from '../../apps/server/src/telemetry/decode.js';
import { DomainEvents } from '../../apps/server/src/telemetry/events.js';
import { TagLayout } from '../../apps/server/src/telemetry/frame.js';
import { CHUNK_WINDOW_MS, IngestService } from '../../apps/server/src/telemetry/ingest.js';
import { LatestValues } from '../../apps/server/src/telemetry/latestValues.js';
import { MachineSimulator } from '../../apps/server/src/telemetry/simulator/machineSimulator.js';
import { payloads } from '../lib/gatewayPayloads.js';
import { report, stats } from '../lib/harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/**
 * Every point of the machine under an alarm setting: warning at the edges of its working range,
 * alarm 10 % of the range beyond, a 2 s on-delay, push switch on.
 */
function settingsOf(tags: readonly TagDef[]): WarnSettingLike[] {
  return tags.map((t) => {
    const span = Math.max(1, t.max - t.min);
    return { tag_code: t.code, enabled: 1, notify: 1, low_alarm: t.min - span / 10, low_warn: t.min, high_warn: t.max, high_alarm: t.max + span / 10, delay_s: 2 };
  });
}

/**
 * B1's pipeline on SQLite; with `alarms`, the alarm runtime's frame handler (the run's live and
 * backfill engines, machine-state checks) subscribed to every stored frame with every point under
 * a setting. Transitions are collected as the runtime collects them (their writes are the rare case
 * and not part of the figure).
 */
async function pipeline(dir: string, texts: string[], layout: TagLayout, alarms: boolean): Promise<{ seconds: number; transitions: number }> {
  const db = openDatabase({ kind: 'sqlite', file: join(dir, `pipe-${Math.random()}.db`) }, () => undefined);
  await migrateToLatest(db);
  const org = await db.kysely.insertInto('orgs').values({ name: 'b', type: 'company', parent_id: null, path: '/1/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  const run = await db.kysely
    .insertInto('runs')
    .values({ org_id: org.id, project_name: 'b', project_code: 'b', tbm_code: 'b', machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'b', ring_width_mm: 1500, start_ring: 1, planned_rings: 1, start_chainage: 0, end_chainage: 9999, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events = new DomainEvents();
  const ingest = new IngestService(db.kysely, new LatestValues(), events);
  let transitions = 0;
  if (alarms) {
    const runAlarms = new RunAlarms(run.id, () => void (transitions += runAlarms.drain().length));
    runAlarms.apply(
      { timeZone: 'Europe/Rome', tags: layout.tags, warnSettings: settingsOf(layout.tags), runSettings: alarmContract.ALARM_RUN_SETTINGS_DEFAULT, shelves: new Map(), shifts: [{ startMin: 420, endMin: 1140 }, { startMin: 1140, endMin: 420 }] },
      0,
      [],
    );
    events.on('frameStored', (e) => {
      runAlarms.frame(e.frame, e.codes, e.late, 0);
      if (!e.late) runAlarms.checkLongStop(() => ingest.engineState(e.runId), e.frame.ts);
    });
  }
  await ingest.open({ runId: run.id, machineType: 'epb', ringWidthMm: 1500, endChainage: 9999 });
  const decoder = new FrameDecoder(layout);
  const started = performance.now();
  for (const text of texts) {
    const parsed: { frames: { ts: number; values: Record<string, number | null> }[] } = JSON.parse(text);
    await ingest.ingest(run.id, decoder.decode(run.id, parsed.frames).frames);
  }
  const seconds = (performance.now() - started) / 1000;
  await ingest.flushIdle(Number.MAX_SAFE_INTEGER);
  await db.close();
  return { seconds, transitions };
}

/** B9: ingest with every point of a 741-tag machine under alarm settings vs without; one frame's evaluation. */
export async function alarmEvaluation(): Promise<void> {
  const layout = new TagLayout(tagCatalogue('epb'));
  const frames = Number(process.env.BENCH_INGEST_FRAMES ?? 3_600);
  const startTs = Math.floor(Date.UTC(2026, 0, 5, 6) / CHUNK_WINDOW_MS) * CHUNK_WINDOW_MS;
  const texts = payloads(layout, frames, startTs);
  const values = frames * layout.size;
  const dir = mkdtempSync(join(tmpdir(), 'boreline-bench-'));
  try {
    await pipeline(dir, texts.slice(0, 10), layout, true);
    await pipeline(dir, texts.slice(0, 10), layout, false);
    const withAlarms: number[] = [];
    const without: number[] = [];
    let transitions = 0;
    for (let r = 0; r < ROUNDS; r += 1) {
      const a = await pipeline(dir, texts, layout, true);
      transitions = a.transitions;
      withAlarms.push(values / a.seconds);
      without.push(values / (await pipeline(dir, texts, layout, false)).seconds);
    }
    const a = stats(withAlarms);
    const b = stats(without);
    console.log(
      `alarm evaluation at ingest: ${layout.size} points under settings x ${frames} frames; values/s with alarms min ${a.min.toFixed(0)} median ${a.median.toFixed(0)} max ${a.max.toFixed(0)}; without min ${b.min.toFixed(0)} median ${b.median.toFixed(0)} max ${b.max.toFixed(0)}; ${transitions} transitions`,
    );
    report('B9 alarm evaluation (ingest)', `${(a.median / 1e6).toFixed(2)} M values/s with every point under alarm settings`, a.median / b.median, '>= 0.9 x without', a.median / b.median >= 0.9);

    // One frame against all settings: the engine alone, frame by frame.
    const engine = new AlarmEngine();
    engine.configure(compilePointSettings(settingsOf(layout.tags), layout.tags, alarmContract.ALARM_RUN_SETTINGS_DEFAULT), 0);
    engine.setLayout(layout.codes);
    const sim = new MachineSimulator({ runId: 1, seed: 11, layout, machineType: 'epb', ringWidthMm: 1500, startChainage: 1000, direction: 1, startRing: 1, startTs, profile: { faults: false } });
    const sample = Array.from({ length: 20_000 }, () => sim.next());
    for (const f of sample.slice(0, 2_000)) engine.evaluate(f.ts, f.values);
    const fresh = new AlarmEngine();
    fresh.configure(compilePointSettings(settingsOf(layout.tags), layout.tags, alarmContract.ALARM_RUN_SETTINGS_DEFAULT), 0);
    fresh.setLayout(layout.codes);
    const micros: number[] = [];
    for (const f of sample) {
      const t0 = process.hrtime.bigint();
      fresh.evaluate(f.ts, f.values);
      micros.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
    const m = stats(micros);
    const p99 = [...micros].sort((x, y) => x - y)[Math.floor(micros.length * 0.99)] ?? 0;
    console.log(`alarm evaluation of one frame (${fresh.size} points): min ${m.min.toFixed(2)} median ${m.median.toFixed(2)} p99 ${p99.toFixed(2)} max ${m.max.toFixed(2)} µs over ${micros.length} frames`);
    // Against the time one frame takes through the pipeline without alarms (its baseline here).
    const frameMicros = (layout.size / b.median) * 1e6;
    report('B9 alarm evaluation (one frame)', `${m.median.toFixed(2)} µs median of a ${frameMicros.toFixed(0)} µs frame ingest`, m.median / frameMicros, '< 50 µs median', m.median < 50);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
