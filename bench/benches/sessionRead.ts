import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, report, startPinned, stats } from '../lib/harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function load(url: string, headers: Record<string, string>, body: string) {
  const result = await autocannon({ url, method: 'POST', headers, body, connections: 20, duration: 3 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * B3 (database read): an authenticated call (session lookup by token hash on SQLite, user read,
 * envelope, translation) against a bare Fastify route answering the same JSON.
 */
export async function sessionRead(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boreline-bench-'));
  const [port, basePort] = await Promise.all([freePort(), freePort()]);
  const server = await startPinned(
    [join(root, 'apps/server/dist/main.js')],
    { PORT: String(port), DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'BENCH1', LOG_LEVEL: 'warn', NODE_ENV: 'development', VALIDATE_RESPONSES: 'false' },
    'Boreline is running',
  );
  try {
    const password = /Password \(shown this once[^:]*\): (\S+)/.exec(server.output())?.[1] ?? '';
    const api = `http://127.0.0.1:${port}/server_main`;
    await fetch(`${api}/g/web/sys/getKaptcha/?state=bench-state-0123456789`);
    const login = (await (
      await fetch(`${api}/g/web/sys/login/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin@boreline.local', password, state: 'bench-state-0123456789', captcha: 'BENCH1' }),
      })
    ).json()) as { data: { token: string } };
    const token = login.data.token;
    const headers = { authorization: token, 'content-type': 'application/json', lang: 'en_US' };
    const sample = await (await fetch(`${api}/u/web/sys/user/queryUserInfo/v1`, { method: 'POST', headers, body: '{}' })).text();
    const baseline = await startPinned([join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'bench/lib/baselineServer.ts')], { PORT: String(basePort), PAYLOAD: sample }, 'baseline ready');
    try {
      const ours: number[] = [];
      const theirs: number[] = [];
      const ratios: number[] = [];
      let p99 = 0;
      let errors = 0;
      await load(`${api}/u/web/sys/user/queryUserInfo/v1`, headers, '{}'); // warm-up, discarded
      await load(`http://127.0.0.1:${basePort}/baseline`, { 'content-type': 'application/json' }, '{}');
      for (let round = 0; round < 5; round += 1) {
        const a = await load(`${api}/u/web/sys/user/queryUserInfo/v1`, headers, '{}');
        const b = await load(`http://127.0.0.1:${basePort}/baseline`, { 'content-type': 'application/json' }, '{}');
        ours.push(a.rps);
        theirs.push(b.rps);
        ratios.push(a.rps / b.rps);
        p99 = Math.max(p99, a.p99);
        errors += a.errors;
      }
      const o = stats(ours);
      const r = stats(ratios);
      console.log(
        `  session read req/s min/median/max ${o.min.toFixed(0)}/${o.median.toFixed(0)}/${o.max.toFixed(0)}; baseline median ${stats(theirs).median.toFixed(0)}; worst p99 ${p99} ms; errors ${errors}`,
      );
      report('B3-session-read', `${o.median.toFixed(0)} req/s`, r.median, '>= 0.3 x', r.median >= 0.3 && errors === 0);
    } finally {
      baseline.child.kill();
    }
  } finally {
    server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
