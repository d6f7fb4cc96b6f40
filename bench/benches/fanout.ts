import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointUrl, KEY_TAGS, REALTIME, tagCatalogue, type TagDef, telemetryContract } from '@boreline/contracts';
import Sqlite from 'better-sqlite3';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { startBenchServer } from '../lib/api.js';
import { freePort, report, startPinned, stats } from '../lib/harness.js';

/**
 * B2 live fan-out: 10 machines sending a 500-tag frame at 1 Hz each (staggered, one frame every
 * 100 ms), 200 WebSocket clients, 20 subscribed to the `data` topic of each machine's run; time from
 * ingest to client receipt. Product: the built server (pinned to core 0), frames sent as gateways
 * do (HTTP batch ingest with the run's machine key), the frame's `ts` being Date.now() when the
 * request is sent; clients (this process, pinned to core 1) measure Date.now() - message.ts.
 * Baseline: a raw `ws` server (pinned to core 0) broadcasting a pre-serialized message of the same
 * shape and values, stamped when sent, at the same rate to the same clients, filtered per run.
 */

const MACHINES = 10;
const CLIENTS = 200;
const TAGS = 500;
const TICK_MS = 1000 / MACHINES;
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 5);
/**
 * One ping interval: the server pings and re-checks every socket's session each interval, so every
 * round contains exactly one such sweep whatever its phase (with 10 s rounds some would, some not).
 */
const ROUND_MS = Number(process.env.BENCH_FANOUT_ROUND_MS ?? REALTIME.pingIntervalMs);
const WARMUP_MS = 5_000;
/** After the last frame of a round: time for the last messages to arrive. */
const DRAIN_MS = 1_000;
const P99_TARGET_MS = 50;
const RATIO_TARGET = 1.3;

const root = fileURLToPath(new URL('../../', import.meta.url));
const self = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Frames: 500 analog tags of the EPB catalogue's 741, not the cycle engine's key tags (so the
// engine sees no advance and emits no state messages); the other 241 tags are absent (NaN). Every
// value changes each second, so each data message carries all 500 (the feed sends changes only).

function frameTags(): readonly TagDef[] {
  const keys = new Set<string>(Object.values(KEY_TAGS));
  const chosen = tagCatalogue('epb').filter((t) => t.kind === 'analog' && !keys.has(t.code)).slice(0, TAGS);
  if (chosen.length !== TAGS) throw new Error(`only ${chosen.length} analog tags in the EPB catalogue`);
  return chosen;
}

class FrameMaker {
  private readonly previous = new Map<string, number>();

  constructor(private readonly tags: readonly TagDef[]) {}

  /** New values for every tag, rounded to the tag's precision, each different from the previous frame's. */
  next(): Record<string, number> {
    const values: Record<string, number> = {};
    for (const tag of this.tags) {
      const step = 10 ** -tag.precision;
      const span = Math.max(tag.max - tag.min, step * 4);
      let v = Number((tag.min + Math.random() * span).toFixed(tag.precision));
      if (v === this.previous.get(tag.code)) v = Number((v + step).toFixed(tag.precision));
      this.previous.set(tag.code, v);
      values[tag.code] = v;
    }
    return values;
  }
}

// ---------------------------------------------------------------------------------------------
// Clients

interface Recorder {
  /** Latencies (ms) of data messages whose ts is at or after `from`. */
  samples: number[];
  from: number;
  recording: boolean;
  valueCounts: number[];
  /** The last data message received (the baseline replays its shape and values). */
  sample: string | null;
  /** Baseline only: frames (one per tick, to one run) it broadcast in the round just stopped. */
  stopped: number | null;
}

interface ReceivedData {
  type: 'data';
  ts: number;
  values: Record<string, number | null>;
}

interface Received {
  type: string;
  ts?: number;
  ticks?: number;
}

const DATA_TS = /^\{"type":"data","runId":\d+,"ts":(\d+)/;

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** A socket that signs in, subscribes to one run's data and records the latency of each data message. */
function openClient(url: string, token: string, runId: number, recorder: Recorder): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('client did not subscribe in time')), 20_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connect', token, lang: 'en_US' })));
    ws.on('error', reject);
    ws.on('message', (data: RawData) => {
      const now = Date.now();
      const text = rawText(data);
      // Data messages: only `ts` is read on receipt (both sides alike), so that the 20 sockets of a
      // run are not measured behind each other's full parse; one message in 50 is parsed for its values.
      const ts = DATA_TS.exec(text.slice(0, 80))?.[1];
      if (ts !== undefined) {
        if (recorder.recording && Number(ts) >= recorder.from) {
          recorder.samples.push(now - Number(ts));
          if (recorder.samples.length % 50 === 0) recorder.valueCounts.push(Object.keys((JSON.parse(text) as ReceivedData).values).length);
        }
        recorder.sample = text;
        return;
      }
      const message = JSON.parse(text) as Received;
      if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong', ts: message.ts }));
      else if (message.type === 'stopped') recorder.stopped = message.ticks ?? 0;
      else if (message.type === 'connected') ws.send(JSON.stringify({ type: 'subscribe', topic: 'data', runId }));
      else if (message.type === 'subscribed') {
        clearTimeout(timer);
        resolve(ws);
      } else {
        clearTimeout(timer);
        reject(new Error(`client refused: ${text}`));
      }
    });
  });
}

async function openClients(url: string, tokens: readonly string[], runIds: readonly number[], recorder: Recorder): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  // In batches, so that 200 sign-ins do not all queue at once.
  for (let i = 0; i < CLIENTS; i += 20) {
    const batch = Array.from({ length: Math.min(20, CLIENTS - i) }, (_, k) => {
      const n = i + k;
      return openClient(url, tokens[n % tokens.length] ?? '', runIds[n % runIds.length] ?? 0, recorder);
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

// ---------------------------------------------------------------------------------------------
// Product: the built server, runs inserted in its database, frames sent with each run's key.

interface Product {
  origin: string;
  token: string;
  runIds: number[];
  keys: string[];
  stop(): void;
}

async function post(origin: string, path: string, authorization: string, body: object): Promise<{ code: number; data: unknown; msg?: string }> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization, lang: 'en_US' }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; data: unknown; msg?: string };
}

async function startProduct(): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boreline-fanout-'));
  // Diagnosis only (the figures are taken with neither): a preload such as a profiler, another ping interval.
  const extra: Record<string, string> = {};
  if (process.env.BENCH_FANOUT_SERVER_NODE_OPTIONS) extra.NODE_OPTIONS = process.env.BENCH_FANOUT_SERVER_NODE_OPTIONS;
  if (process.env.BENCH_FANOUT_PING_MS) extra.WS_PING_INTERVAL_MS = process.env.BENCH_FANOUT_PING_MS;
  const server = await startBenchServer({ DATA_DIR: dataDir, SIMULATOR: 'false', ...extra });
  const stop = () => {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // There is no API creating runs (they come from the project set-up): inserted as the smoke tests do.
    const db = new Sqlite(join(dataDir, 'boreline.db'));
    const org = db.prepare('select id from orgs where parent_id is null').get() as { id: number };
    const insert = db.prepare(
      "insert into runs (org_id, project_name, project_code, tbm_code, machine_type, country, time_zone, line_name, ring_width_mm, start_ring, planned_rings, start_chainage, end_chainage, source, created_at) values (?, ?, ?, ?, 'epb', 'IT', 'Europe/Rome', 'L', 1500, 1, 1000, 0, 1500, 'http', 0) returning id",
    );
    const runIds = Array.from({ length: MACHINES }, (_, i) => Number(insert.pluck().get(org.id, `Fan-out tunnel ${i + 1}`, `F${i + 1}`, `F-${i + 1}`)));
    db.close();
    const token = server.headers.authorization ?? '';
    const keys: string[] = [];
    for (const runId of runIds) {
      const answer = await post(server.origin, endpointUrl(telemetryContract.ingestKeyRotate), token, { runId });
      if (answer.code !== 0) throw new Error(`ingest key of run ${runId}: ${answer.msg ?? answer.code}`);
      keys.push((answer.data as { key: string }).key);
    }
    return { origin: server.origin, token, runIds, keys, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Sends one frame every TICK_MS, machine after machine, each with `ts` = Date.now() when sent. */
class Gateways {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: MACHINES });
  private readonly makers: FrameMaker[];
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private tick = 0;
  sent = 0;
  errors: string[] = [];
  /** ms from `ts` to the HTTP answer (sent once the frame is durable) of each frame since `start`. */
  acks: number[] = [];

  constructor(
    private readonly product: Product,
    tags: readonly TagDef[],
  ) {
    this.makers = product.runIds.map(() => new FrameMaker(tags));
  }

  start(): void {
    this.sent = 0;
    this.acks = [];
    this.timer = setInterval(() => this.send(), TICK_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(): void {
    const m = this.tick % MACHINES;
    this.tick += 1;
    const values = this.makers[m]?.next() ?? {};
    const ts = Date.now();
    const body = JSON.stringify({ frames: [{ ts, values }] });
    this.sent += 1;
    const url = new URL(`${this.product.origin}${endpointUrl(telemetryContract.ingestFrames)}`);
    const done = new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: this.agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: this.product.keys[m] ?? '' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            this.acks.push(Date.now() - ts);
            const answer = JSON.parse(text) as { code: number; data?: { accepted: number } };
            if (answer.code !== 0 || answer.data?.accepted !== 1) this.errors.push(text.slice(0, 200));
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        this.errors.push(error.message);
        resolve();
      });
      req.end(body);
    });
    this.inFlight.add(done);
    void done.then(() => this.inFlight.delete(done));
  }
}

// ---------------------------------------------------------------------------------------------
// Baseline: a raw `ws` server; `bench: true|false` starts and stops its 10 Hz broadcast.

async function serveBaseline(port: number): Promise<void> {
  const runIds = (process.env.RUN_IDS ?? '').split(',').map(Number);
  const values = process.env.VALUES ?? '{}';
  const byRun = new Map<number, Set<WebSocket>>(runIds.map((id) => [id, new Set<WebSocket>()]));
  // Pre-serialized: only the run id and the timestamps are put in at send time.
  const heads = new Map(runIds.map((id) => [id, `{"type":"data","runId":${id},"ts":`]));
  const tail = `,"values":${values}}`;
  let timer: NodeJS.Timeout | null = null;
  let tick = 0;
  const broadcast = () => {
    const runId = runIds[tick % runIds.length] ?? 0;
    tick += 1;
    const ts = Date.now();
    const text = `${heads.get(runId) ?? ''}${ts},"prevTs":${ts - 1000}${tail}`;
    for (const ws of byRun.get(runId) ?? []) ws.send(text);
  };
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  wss.on('connection', (ws: WebSocket) => {
    ws.on('message', (data: RawData) => {
      const message = JSON.parse(rawText(data)) as { type: string; runId?: number; run?: boolean };
      if (message.type === 'connect') ws.send(JSON.stringify({ type: 'connected', userId: 1, runId: null }));
      else if (message.type === 'subscribe' && message.runId !== undefined) {
        byRun.get(message.runId)?.add(ws);
        ws.send(JSON.stringify({ type: 'subscribed', topic: 'data', runId: message.runId }));
      } else if (message.type === 'bench') {
        if (timer) clearInterval(timer);
        timer = message.run ? setInterval(broadcast, TICK_MS) : null;
        if (message.run) tick = 0;
        else ws.send(JSON.stringify({ type: 'stopped', ticks: tick }));
      }
    });
    ws.on('close', () => {
      for (const set of byRun.values()) set.delete(ws);
    });
  });
  await new Promise<void>((resolve) => wss.on('listening', () => resolve()));
  console.log('baseline ready');
}

// ---------------------------------------------------------------------------------------------

interface RoundResult {
  samples: number[];
  p50: number;
  p99: number;
  max: number;
  received: number;
  expected: number;
  values: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(recorder: Recorder, ms: number, start: () => void, stop: () => Promise<number>): Promise<RoundResult> {
  recorder.samples = [];
  recorder.valueCounts = [];
  recorder.from = Date.now();
  recorder.recording = true;
  start();
  await new Promise((r) => setTimeout(r, ms));
  const frames = await stop();
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  recorder.recording = false;
  const sorted = [...recorder.samples].sort((a, b) => a - b);
  return {
    samples: sorted,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    received: sorted.length,
    expected: frames * (CLIENTS / MACHINES),
    values: stats(recorder.valueCounts).median,
  };
}

/** Pins every thread of this process (the clients and gateways) to core 1; returns the previous mask. */
function pinSelf(): string | null {
  try {
    const before = /: ([0-9a-f]+)\s*$/.exec(execFileSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8' }))?.[1] ?? null;
    execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    return before;
  } catch {
    return null;
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const range = (values: number[]) => {
  const s = stats(values);
  return `${fmt(s.min)}/${fmt(s.median)}/${fmt(s.max)}`;
};

export async function fanout(): Promise<void> {
  const previousMask = pinSelf();
  if (!previousMask) console.log('  (could not pin this process to core 1 with taskset: clients and servers may share cores)');
  const tags = frameTags();
  const product = await startProduct();
  let baseline: Awaited<ReturnType<typeof startPinned>> | null = null;
  const sockets: WebSocket[] = [];
  const gateways = new Gateways(product, tags);
  try {
    const ours: Recorder = { samples: [], from: 0, recording: false, valueCounts: [], sample: null, stopped: null };
    const theirs: Recorder = { samples: [], from: 0, recording: false, valueCounts: [], sample: null, stopped: null };
    const wsUrl = `${product.origin.replace('http', 'ws')}/ws`;
    // All 200 sockets on the administrator's session (one session per account; sockets may share it).
    sockets.push(...(await openClients(wsUrl, [product.token], product.runIds, ours)));
    /** Per product round: p50 and p99 of the time from `ts` to the ingest answer (the frame durable). */
    const ackP50: number[] = [];
    const ackP99: number[] = [];
    const productRound = (ms: number) =>
      measure(
        ours,
        ms,
        () => gateways.start(),
        async () => {
          await gateways.stop();
          const acks = [...gateways.acks].sort((x, y) => x - y);
          ackP50.push(percentile(acks, 50));
          ackP99.push(percentile(acks, 99));
          return gateways.sent;
        },
      );
    // Warm-up, discarded (also the first message of each run, which carries every catalogue tag).
    await productRound(WARMUP_MS);
    const sample = ours.sample;
    if (!sample) throw new Error(`no data message reached a client; ingest errors: ${gateways.errors.slice(0, 3).join(' | ')}`);
    const parsed = JSON.parse(sample) as ReceivedData;

    const port = await freePort();
    baseline = await startPinned([join(root, 'node_modules/tsx/dist/cli.mjs'), self], { FANOUT_BASELINE_PORT: String(port), RUN_IDS: product.runIds.join(','), VALUES: JSON.stringify(parsed.values) }, 'baseline ready');
    const baseSockets = await openClients(`ws://127.0.0.1:${port}`, ['baseline'], product.runIds, theirs);
    sockets.push(...baseSockets);
    const control = baseSockets[0];
    const baselineRound = (ms: number) =>
      measure(
        theirs,
        ms,
        () => {
          theirs.stopped = null;
          control?.send(JSON.stringify({ type: 'bench', run: true }));
        },
        async () => {
          control?.send(JSON.stringify({ type: 'bench', run: false }));
          while (theirs.stopped === null) await new Promise((r) => setTimeout(r, 10));
          return theirs.stopped;
        },
      );
    await baselineRound(WARMUP_MS);

    const a: RoundResult[] = [];
    const b: RoundResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      a.push(await productRound(ROUND_MS));
      b.push(await baselineRound(ROUND_MS));
    }
    const ratios = a.map((r, i) => r.p99 / (b[i]?.p99 ?? Number.NaN));
    const p99 = stats(a.map((r) => r.p99)).median;
    const ratio = stats(ratios).median;
    const received = a.reduce((n, r) => n + r.received, 0);
    const expected = a.reduce((n, r) => n + r.expected, 0);
    const baseReceived = b.reduce((n, r) => n + r.received, 0);
    const baseExpected = b.reduce((n, r) => n + r.expected, 0);
    console.log(
      `  fan-out: ${MACHINES} runs x 1 frame/s (${stats(a.map((r) => r.values)).median} values per data message: ${TAGS} analog tags of the EPB catalogue's ${tagCatalogue('epb').length}, the rest absent; ${Buffer.byteLength(sample)} bytes), ` +
        `${CLIENTS} clients (${CLIENTS / MACHINES} per run, one shared session); ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s after a discarded warm-up of ${WARMUP_MS / 1000} s each`,
    );
    console.log(`  product  (HTTP ingest -> commit -> bus -> /ws) p99 ms min/median/max ${range(a.map((r) => r.p99))}; p50 ${range(a.map((r) => r.p50))}; max ${range(a.map((r) => r.max))}; delivered ${received}/${expected}; ingest errors ${gateways.errors.length}; ingest answer (frame durable) p99 ${range(ackP99.slice(1))}, p50 ${range(ackP50.slice(1))} ms`);
    console.log(`  baseline (raw ws broadcast of a pre-serialized message)  p99 ms min/median/max ${range(b.map((r) => r.p99))}; p50 ${range(b.map((r) => r.p50))}; max ${range(b.map((r) => r.max))}; delivered ${baseReceived}/${baseExpected}`);
    const pooled = (rounds: RoundResult[], p: number) => fmt(percentile([...rounds.flatMap((r) => r.samples)].sort((x, y) => x - y), p));
    console.log(`  p99 ratio per round min/median/max ${range(ratios.map((r) => Number(r.toFixed(2))))}; all rounds pooled p99 / p99.9: product ${pooled(a, 99)} / ${pooled(a, 99.9)} ms, baseline ${pooled(b, 99)} / ${pooled(b, 99.9)} ms`);
    if (gateways.errors.length > 0) console.log(`  first ingest error: ${gateways.errors[0]}`);
    report(
      'B2 fan-out',
      `p99 ${fmt(p99)} ms`,
      ratio,
      `p99 < ${P99_TARGET_MS} ms and <= ${RATIO_TARGET} x`,
      p99 < P99_TARGET_MS && ratio <= RATIO_TARGET && received === expected && gateways.errors.length === 0,
    );
  } finally {
    await gateways.stop();
    gateways.close();
    for (const ws of sockets) ws.terminate();
    baseline?.child.kill();
    product.stop();
    if (previousMask) execFileSync('taskset', ['-a', '-p', previousMask, String(process.pid)], { stdio: 'ignore' });
  }
}

// Run as the baseline server's process (spawned by `fanout` above).
if (process.env.FANOUT_BASELINE_PORT !== undefined) await serveBaseline(Number(process.env.FANOUT_BASELINE_PORT));
