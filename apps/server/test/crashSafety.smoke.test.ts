import { join } from 'node:path';
import { endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeChunk } from '../src/telemetry/codec/chunkCodec.js';
import { type BuiltServer, startBuiltServer } from './builtServer.js';

const CAPTCHA = 'CRASH1';
const ADMIN_PASSWORD = 'Crash-admin-pass-1';
const ROUNDS = 20;
const BATCH = 20;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

async function post(base: string, url: string, token: string, payload: object): Promise<{ code: number; data: unknown }> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token, lang: 'en_US' }, body: JSON.stringify(payload) });
  return (await response.json()) as { code: number; data: unknown };
}

/**
 * RELIABILITY.md crash safety: the built server is killed with SIGKILL at random moments while a
 * gateway sends batches; after each restart every acknowledged frame is there exactly once.
 */
describe('crash safety of HTTP ingest (kill -9)', () => {
  let server: BuiltServer | null = null;
  afterAll(() => server?.stop());

  it(`loses no acknowledged frame and stores none twice over ${ROUNDS} kills`, async () => {
    const env = { CAPTCHA_TEST_ANSWER: CAPTCHA, ADMIN_PASSWORD, DEMO_DATA: 'false', SIMULATOR: 'false' };
    server = await startBuiltServer(env);
    const dataDir = server.dataDir;
    const dbFile = join(dataDir, 'boreline.db');
    // One run and its gateway key, made through the API like an administrator would.
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
    const state = `crash-state-${Date.now()}`;
    await fetch(`${server.origin}/server_main/g/web/sys/getKaptcha/?state=${state}`);
    const login = await post(server.origin, '/server_main/g/web/sys/login/v1', '', { account: 'admin@boreline.local', password: ADMIN_PASSWORD, state, captcha: CAPTCHA });
    const token = (login.data as { token: string }).token;
    const key = ((await post(server.origin, endpointUrl(telemetryContract.ingestKeyRotate), token, { runId })).data as { key: string }).key;

    const acknowledged = new Set<number>();
    let next = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const base = server.origin;
      const killAt = Date.now() + 50 + Math.floor(Math.random() * 300);
      const sending = (async () => {
        for (;;) {
          const first = next;
          next += BATCH;
          const frames = Array.from({ length: BATCH }, (_, i) => ({ ts: T0 + (first + i) * 1000, values: { [KEY_TAGS.advanceSpeed]: (first + i) % 80 } }));
          try {
            const answer = await post(base, endpointUrl(telemetryContract.ingestFrames), key, { batchId: `b${first}`, frames });
            if (answer.code === 0) for (let i = 0; i < BATCH; i += 1) acknowledged.add(first + i);
          } catch {
            return;
          }
        }
      })();
      await new Promise((r) => setTimeout(r, Math.max(0, killAt - Date.now())));
      await server.crash();
      await sending;
      server = await startBuiltServer(env, dataDir);
    }

    // Read what is durable straight from the file: chunks and pending rows, every frame counted.
    await server.crash();
    const check = new Sqlite(dbFile, { readonly: true });
    const integrity = check.pragma('integrity_check', { simple: true });
    const seen = new Map<number, number>();
    const rows = check.prepare('select data from tele_chunks where run_id = ? union all select data from tele_pending where run_id = ?').all(runId, runId) as { data: Buffer }[];
    for (const row of rows) for (const ts of decodeChunk(new Uint8Array(row.data)).ts) seen.set(ts, (seen.get(ts) ?? 0) + 1);
    check.close();
    const lost = [...acknowledged].filter((n) => !seen.has(T0 + n * 1000)).length;
    const duplicates = [...seen.values()].filter((count) => count > 1).length;
    console.log(`crash safety: ${ROUNDS} kills; ${acknowledged.size} acknowledged frames; ${lost} lost; ${duplicates} duplicates; integrity ${String(integrity)}`);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect({ lost, duplicates, integrity }).toEqual({ lost: 0, duplicates: 0, integrity: 'ok' });
  }, 300_000);
});
