import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { freePort, report, startPinned, stats } from '../lib/harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MB = 1024 * 1024;
const SIZE = 100 * MB;
const ROUNDS = 5;
const RANGE_READS = 200;
const RANGE_BYTES = 256 * 1024;
const CAPTCHA = 'BENCH1';

/** The bytes of a 100 MB MP4, generated in pieces (the same on disk and in the database). */
async function* video(): AsyncGenerator<Uint8Array> {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1')]);
  yield head;
  const piece = Buffer.alloc(MB);
  for (let i = 0; i < piece.length; i += 1) piece[i] = (i * 31) % 251;
  for (let sent = head.length; sent < SIZE; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, SIZE - sent));
}

/** One GET, the body counted and dropped; answers the bytes received. */
const fetchBytes = (url: URL, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

const rssOf = (pid: number | undefined) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid ?? 0}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * B10: a stored 100 MB video downloaded whole, and 256 KB Range reads at random offsets (a player
 * seeking), through the server (database chunks, access checks) against a bare Fastify route
 * reading the same bytes from disk. Five alternating rounds after a warm-up; the server's RSS
 * before and after shows whether memory stays flat.
 */
export async function fileServing(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boreline-bench-files-'));
  const diskFile = join(dataDir, 'video.mp4');
  await pipeline(Readable.from(video()), createWriteStream(diskFile));
  const port = await freePort();
  const server = await startPinned(
    [join(root, 'apps/server/dist/main.js')],
    { PORT: String(port), DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: CAPTCHA, LOG_LEVEL: 'warn', NODE_ENV: 'development', VALIDATE_RESPONSES: 'false', DEMO_DATA: 'false', SIMULATOR: 'false' },
    'Boreline is running',
  );
  const basePort = await freePort();
  const baseline = await startPinned([join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'bench/lib/diskFileServer.ts')], { PORT: String(basePort), FILE: diskFile }, 'disk file server ready');
  try {
    const origin = `http://127.0.0.1:${port}`;
    const db = new Sqlite(join(dataDir, 'boreline.db'));
    const org = (db.prepare('select id from orgs where parent_id is null').get() as { id: number }).id;
    const runId = Number(
      db
        .prepare("insert into runs (org_id, project_name, project_code, tbm_code, machine_type, country, time_zone, line_name, ring_width_mm, start_ring, planned_rings, start_chainage, end_chainage, source, created_at) values (?, 'Bench', 'B', 'B-1', 'epb', 'IT', 'Europe/Rome', 'L', 1500, 1, 10, 0, 100, 'http', 0) returning id")
        .pluck()
        .get(org),
    );
    db.close();
    const password = /Password \(shown this once[^:]*\): (\S+)/.exec(server.output())?.[1] ?? '';
    await fetch(`${origin}/server_main/g/web/sys/getKaptcha/?state=bench-files-0123456789`);
    const login = (await (await fetch(`${origin}/server_main/g/web/sys/login/v1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin@boreline.local', password, state: 'bench-files-0123456789', captcha: CAPTCHA }) })).json()) as { data: { token: string } };
    const auth = { authorization: login.data.token };

    const boundary = '----bench-files';
    async function* form(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nrepairVideo\r\n--${boundary}\r\nContent-Disposition: form-data; name="runId"\r\n\r\n${runId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\n\r\n`);
      yield* video();
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const uploadStarted = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(`${origin}/server_project/u/web/common/file/upload/v1`, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      Readable.from(form()).pipe(req);
    });
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const stored = (JSON.parse(answer) as { data: { url: string; size: number } }).data;
    if (stored.size !== SIZE) throw new Error(`upload failed: ${answer}`);
    const ours = new URL(`${origin}${stored.url}`);
    const disk = new URL(`http://127.0.0.1:${basePort}/file`);

    const offsets = Array.from({ length: RANGE_READS }, (_, i) => Math.floor(((i * 7919) % RANGE_READS) * ((SIZE - RANGE_BYTES) / RANGE_READS)));
    const download = async (url: URL, headers: Record<string, string>) => {
      const started = performance.now();
      if ((await fetchBytes(url, headers)) !== SIZE) throw new Error(`short download from ${url.host}`);
      return SIZE / MB / ((performance.now() - started) / 1000);
    };
    const ranges = async (url: URL, headers: Record<string, string>) => {
      const started = performance.now();
      for (const offset of offsets) {
        if ((await fetchBytes(url, { ...headers, range: `bytes=${offset}-${offset + RANGE_BYTES - 1}` })) !== RANGE_BYTES) throw new Error(`short range from ${url.host}`);
      }
      return RANGE_READS / ((performance.now() - started) / 1000);
    };

    await download(ours, auth);
    await download(disk, {});
    const rssBefore = rssOf(server.child.pid);
    const results = { ours: [] as number[], disk: [] as number[], oursRange: [] as number[], diskRange: [] as number[] };
    let rssPeak = rssBefore;
    for (let round = 0; round < ROUNDS; round += 1) {
      results.ours.push(await download(ours, auth));
      rssPeak = Math.max(rssPeak, rssOf(server.child.pid));
      results.disk.push(await download(disk, {}));
      results.oursRange.push(await ranges(ours, auth));
      rssPeak = Math.max(rssPeak, rssOf(server.child.pid));
      results.diskRange.push(await ranges(disk, {}));
    }
    const s = { ours: stats(results.ours), disk: stats(results.disk), oursRange: stats(results.oursRange), diskRange: stats(results.diskRange) };
    const fmt = (x: { min: number; median: number; max: number }, unit: string) => `${x.min.toFixed(0)}/${x.median.toFixed(0)}/${x.max.toFixed(0)} ${unit}`;
    console.log(`B10 upload: 100 MB stored in ${uploadSeconds.toFixed(1)} s (${(100 / uploadSeconds).toFixed(0)} MB/s)`);
    console.log(`B10 download min/median/max: server ${fmt(s.ours, 'MB/s')}, disk ${fmt(s.disk, 'MB/s')}`);
    console.log(`B10 range reads (${RANGE_BYTES / 1024} KB) min/median/max: server ${fmt(s.oursRange, 'reads/s')}, disk ${fmt(s.diskRange, 'reads/s')}`);
    console.log(`B10 server RSS: ${rssBefore.toFixed(0)} MB before the rounds, peak ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)} MB over ${ROUNDS * 2} x 100 MB read)`);
    const downloadRatio = s.ours.median / s.disk.median;
    const rangeRatio = s.oursRange.median / s.diskRange.median;
    report('B10-file-download', `${s.ours.median.toFixed(0)} MB/s`, downloadRatio, '>= 0.5 x, RSS +< 20 MB', downloadRatio >= 0.5 && rssPeak - rssBefore < 20);
    report('B10-file-range', `${s.oursRange.median.toFixed(0)} reads/s`, rangeRatio, '>= 0.5 x', rangeRatio >= 0.5);
  } finally {
    server.child.kill();
    baseline.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
