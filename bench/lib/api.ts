import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, report, startPinned, stats } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchServer {
  origin: string;
  headers: Record<string, string>;
  /** The administrator's first password (the server prints it once). */
  password: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  stop(): void;
}

/** The built server pinned to core 0, on a fresh data folder, signed in as the administrator. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boreline-bench-'));
  const port = await freePort();
  const server = await startPinned(
    [join(root, 'apps/server/dist/main.js')],
    { PORT: String(port), DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'BENCH1', LOG_LEVEL: 'warn', NODE_ENV: 'development', VALIDATE_RESPONSES: 'false', DEMO_DATA: 'false', ...env },
    'Boreline is running',
  );
  const password = /Password \(shown this once[^:]*\): (\S+)/.exec(server.output())?.[1] ?? '';
  const origin = `http://127.0.0.1:${port}`;
  await fetch(`${origin}/server_main/g/web/sys/getKaptcha/?state=bench-state-0123456789`);
  const login = (await (
    await fetch(`${origin}/server_main/g/web/sys/login/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin@boreline.local', password, state: 'bench-state-0123456789', captcha: 'BENCH1' }),
    })
  ).json()) as { data: { token: string } };
  return {
    origin,
    headers: { authorization: login.data.token, 'content-type': 'application/json', lang: 'en_US' },
    password,
    pid: server.child.pid ?? 0,
    stop: () => {
      server.child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function load(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body: string | undefined) {
  const result = await autocannon({ url, method, headers, ...(body === undefined ? {} : { body }), connections: 20, duration: 3 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * B3 for one endpoint: our route against a bare Fastify route answering the same JSON, five
 * alternating rounds after a discarded warm-up; prints min/median/max and the ratio line.
 */
export async function compareWithBaseline(name: string, target: number, call: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<void> {
  const sample = await (await fetch(call.url, { method: call.method, headers: call.headers, ...(call.body === undefined ? {} : { body: call.body }) })).text();
  const basePort = await freePort();
  const baseline = await startPinned([join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'bench/lib/baselineServer.ts')], { PORT: String(basePort), PAYLOAD: sample }, 'baseline ready');
  const baseUrl = `http://127.0.0.1:${basePort}/baseline`;
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    let p99 = 0;
    let errors = 0;
    await load(call.url, call.method, call.headers, call.body);
    await load(baseUrl, 'POST', { 'content-type': 'application/json' }, '{}');
    for (let round = 0; round < 5; round += 1) {
      const a = await load(call.url, call.method, call.headers, call.body);
      const b = await load(baseUrl, 'POST', { 'content-type': 'application/json' }, '{}');
      ours.push(a.rps);
      theirs.push(b.rps);
      ratios.push(a.rps / b.rps);
      p99 = Math.max(p99, a.p99);
      errors += a.errors;
    }
    const o = stats(ours);
    const r = stats(ratios);
    console.log(
      `  ${name}: ${sample.length} bytes; req/s min/median/max ${o.min.toFixed(0)}/${o.median.toFixed(0)}/${o.max.toFixed(0)}; baseline median ${stats(theirs).median.toFixed(0)}; worst p99 ${p99} ms; errors ${errors}`,
    );
    report(name, `${o.median.toFixed(0)} req/s`, r.median, `>= ${target} x`, r.median >= target && errors === 0);
  } finally {
    baseline.child.kill();
  }
}
