import { request } from 'node:http';
import { join } from 'node:path';
import { endpointUrl, filesContract, LIMITS } from '@boreline/contracts';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.js';

const CAPTCHA = 'FILES1';
const ADMIN_PASSWORD = 'Files-crash-pass-1';
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function signIn(origin: string): Promise<string> {
  const state = `files-crash-${Date.now()}`;
  await fetch(`${origin}/server_main/g/web/sys/getKaptcha/?state=${state}`);
  const response = await fetch(`${origin}/server_main/g/web/sys/login/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin@boreline.local', password: ADMIN_PASSWORD, state, captcha: CAPTCHA }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const rowsIn = (dbFile: string) => {
  const db = new Sqlite(dbFile, { readonly: true });
  try {
    const files = db.prepare('select state, count(*) as n from files group by state').all() as { state: string; n: number }[];
    const chunks = (db.prepare('select count(*) as n from file_chunks').get() as { n: number }).n;
    return { files: Object.fromEntries(files.map((r) => [r.state, r.n])), chunks, integrity: String(db.pragma('integrity_check', { simple: true })) };
  } finally {
    db.close();
  }
};

/**
 * RELIABILITY.md crash safety for uploads: the built server is killed (SIGKILL) while half of a
 * 40 MB video has streamed in. After the restart no row of it is left (the start-up sweep took the
 * partial upload), nothing of it was ever readable, and the database is intact and takes uploads.
 */
describe('crash safety of uploads (kill -9)', () => {
  let server: BuiltServer | null = null;
  afterAll(() => server?.stop());

  it('leaves no partial file after a kill during an upload', async () => {
    const env = { CAPTCHA_TEST_ANSWER: CAPTCHA, ADMIN_PASSWORD, DEMO_DATA: 'false', SIMULATOR: 'false' };
    server = await startBuiltServer(env);
    const dbFile = join(server.dataDir, 'boreline.db');
    const db = new Sqlite(dbFile);
    const root = db.prepare('select id from orgs where parent_id is null').get() as { id: number };
    const runId = Number(
      db
        .prepare(
          "insert into runs (org_id, project_name, project_code, tbm_code, machine_type, country, time_zone, line_name, ring_width_mm, start_ring, planned_rings, start_chainage, end_chainage, source, created_at) values (?, 'Crash tunnel', 'C', 'C-1', 'epb', 'IT', 'Europe/Rome', 'L', 1500, 1, 10, 0, 100, 'http', 0) returning id",
        )
        .pluck()
        .get(root.id),
    );
    db.close();
    const token = await signIn(server.origin);
    const { port } = new URL(server.origin);

    // Half of a 40 MB video, then the connection stays open while the server is killed.
    const boundary = '----crash';
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: endpointUrl(filesContract.upload), headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nrepairVideo\r\n--${boundary}\r\nContent-Disposition: form-data; name="runId"\r\n\r\n${runId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    req.write(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1')]));
    const piece = Buffer.alloc(MB, 0x30);
    for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => req.write(piece, () => resolve()));
    // Until the server has written chunks of it: the kill then lands in the middle of the upload.
    let before = rowsIn(dbFile);
    for (let i = 0; i < 100 && before.chunks < 10; i += 1) {
      await sleep(100);
      before = rowsIn(dbFile);
    }
    await server.crash();
    req.destroy();
    before = rowsIn(dbFile);
    expect(before.files).toEqual({ partial: 1 });
    expect(before.chunks).toBeGreaterThanOrEqual(10);

    server = await startBuiltServer(env, server.dataDir);
    const after = rowsIn(dbFile);
    console.log(`files crash safety: kill -9 with ${before.chunks} chunks of a partial upload stored; after restart ${after.chunks} chunks, files ${JSON.stringify(after.files)}, integrity ${after.integrity}`);
    expect(after).toEqual({ files: {}, chunks: 0, integrity: 'ok' });

    // The database takes uploads again.
    const form = new FormData();
    form.append('purpose', 'repairVideo');
    form.append('runId', String(runId));
    form.append('file', new Blob([Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'), Buffer.alloc(1000)])]), 'whole.mp4');
    const answer = (await (await fetch(`${server.origin}${endpointUrl(filesContract.upload)}`, { method: 'POST', headers: { authorization: await signIn(server.origin) }, body: form })).json()) as { code: number };
    expect(answer.code).toBe(0);
    expect(rowsIn(dbFile).files).toEqual({ complete: 1 });
    expect(LIMITS.repairVideoMaxBytes).toBeGreaterThan(40 * MB);
  }, 120_000);
});
