import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCE_CODES, resourcePlaces } from '@boreline/contracts';
import { InProcessBus } from '../../apps/server/src/core/bus.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migration as messagesMigration } from '../../apps/server/src/db/migrations/20261126T1200_messages.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { PermissionRepo, RoleGrantPolicy } from '../../apps/server/src/modules/admin/index.js';
import { MessageCentre } from '../../apps/server/src/modules/messages/index.js';
import { MessagesRepo } from '../../apps/server/src/modules/messages/messages.repo.js';
import { RecipientsRepo } from '../../apps/server/src/modules/messages/recipients.repo.js';
import { RunRepo, RunScope } from '../../apps/server/src/modules/project/index.js';
import { report, stats } from '../lib/harness.js';

const RUNS = 20;
const USERS = 200;
const MESSAGES = 5_000;
const ROUNDS = 9;
const COUNTS_TARGET_MS = 10;
/**
 * While a message goes to a large audience live data must keep flowing: the longest event-loop
 * stall of the send may be at most this many times the stall of the bare insert of its rows (the
 * synchronous SQLite write every send makes anyway).
 */
const STALL_RATIO_TARGET = 2;

type Db = ReturnType<typeof openDatabase>;

/** One contractor with 20 runs and 200 users holding every code there; the first user has 5,000 messages. */
async function seed(db: Db): Promise<{ runIds: number[]; userIds: number[] }> {
  const k = db.kysely;
  const permissions = new PermissionRepo(k);
  await permissions.seedResources(resourcePlaces(), 0);
  const org = await k.insertInto('orgs').values({ name: 'Bench', type: 'company', parent_id: null, path: '/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  await k.updateTable('orgs').set({ path: `/${org.id}/` }).where('id', '=', org.id).execute();
  const resourceIds = [...(await permissions.resourceIds(RESOURCE_CODES)).values()];
  await permissions.setOrgResources(org.id, resourceIds);
  const roleId = await permissions.insertRole({ name: 'Crew', kind: 'custom', orgId: org.id, creatorOrgId: null, sort: 1 }, 0);
  await permissions.setRoleResources(roleId, resourceIds);
  const runIds: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await k
      .insertInto('runs')
      .values({ org_id: org.id, project_name: `Bench ${i}`, project_code: `B-${i}`, tbm_code: `M${i}`, machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'L', ring_width_mm: 1500, start_ring: 1, planned_rings: 1000, start_chainage: 0, end_chainage: 1500, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    runIds.push(run.id);
  }
  const userIds: number[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const user = await k
      .insertInto('users')
      .values({ phone: `1380000${String(i).padStart(4, '0')}`, email: null, nickname: `U${i}`, password_hash: 'x', enabled: 1, is_sa: 0, is_zb: 0, org_id: org.id, avatar_key: null, lang: 'en_US', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await permissions.setUserRoles(user.id, [roleId]);
    userIds.push(user.id);
  }
  const first = userIds[0] ?? 0;
  const types = ['maintenanceReminder', 'componentAlarm', 'monitoringAlarm', 'stockWarning', 'announcement', 'system'];
  const rows = Array.from({ length: MESSAGES }, (_, i) => ({
    user_id: first, type: types[i % types.length] ?? 'system', run_id: i % 7 === 0 ? null : (runIds[i % RUNS] ?? null),
    content_key: 'messages.system.welcome', content_params: '{}', text: null, object_kind: null, object_id: null,
    at: i * 1_000, created_at: i * 1_000, read_at: i % 3 === 0 ? null : i * 1_000 + 500, dedupe_key: null,
  }));
  await k.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('messages').values(rows.slice(i, i + 500)).execute();
  });
  return { runIds, userIds };
}

/**
 * A job's time and the longest gap between two turns of the event loop meanwhile (ms): a chain of
 * `setImmediate` probes records how long any synchronous stretch (a SQLite call) held the loop.
 */
async function timeAndStall(job: () => Promise<unknown>): Promise<[number, number]> {
  let last = performance.now();
  let longest = 0;
  let probing = true;
  const probe = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const ms = await time(job);
  probing = false;
  await new Promise<void>((resolve) => setImmediate(resolve));
  return [ms, longest];
}

const time = async (job: () => Promise<unknown>) => {
  const t0 = performance.now();
  await job();
  return performance.now() - t0;
};

/**
 * The message centre's two hot paths on SQLite: a user's unread counts (the bell, and each push),
 * checked against the runs the user may still see; and a message sent to an audience of 200 users
 * (recipients decided by the run scope, one transaction, each recipient's counts for the push).
 * Baselines: the bare grouped count of the user's unread rows; one transaction inserting the same
 * 200 rows. The send is judged by how long it holds the event loop (SQLite answers synchronously),
 * its total time and ratio printed beside.
 */
export async function messages(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'boreline-messages-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') }, () => undefined);
  const bus = new InProcessBus();
  try {
    await migrateToLatest(db, { '20261126T1200_messages': messagesMigration });
    const { runIds, userIds } = await seed(db);
    const runs = new RunScope(new RunRepo(db.kysely), new RoleGrantPolicy(new PermissionRepo(db.kysely)));
    let now = 10_000_000;
    const centre = new MessageCentre({ messages: new MessagesRepo(db.kysely), recipients: new RecipientsRepo(db.kysely), runs, bus, now: () => (now += 1), log: { warn: () => undefined } });
    const first = userIds[0] ?? 0;
    const runId = runIds[0] ?? 0;
    const counts = () => centre.counts(first);
    const bareCounts = () => db.kysely.selectFrom('messages').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', '=', first).where('read_at', 'is', null).groupBy('type').execute();
    const send = () => centre.send({ type: 'maintenanceReminder', audience: { runId, resourceCode: 'maintenance.message.read' }, key: 'messages.template.maintenanceDue', params: { tbm: 'M0', item: 'Grease' } });
    const bareSend = () =>
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('messages')
          .values(userIds.map((user_id) => ({ user_id, type: 'maintenanceReminder', run_id: runId, content_key: 'messages.template.maintenanceDue', content_params: '{"tbm":"M0","item":"Grease"}', text: null, object_kind: null, object_id: null, at: now, created_at: now, read_at: null, dedupe_key: null })))
          .execute();
      });
    const sent = await send();
    if (sent.recipients.length !== USERS) throw new Error(`audience of ${sent.recipients.length}, not ${USERS}`);
    await counts();
    await bareCounts();
    await bareSend();
    const c: number[] = [];
    const bc: number[] = [];
    const s: number[] = [];
    const bs: number[] = [];
    const stalls: number[] = [];
    const bareStalls: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      c.push(await time(counts));
      bc.push(await time(bareCounts));
      const [sendMs, sendStall] = await timeAndStall(send);
      s.push(sendMs);
      stalls.push(sendStall);
      const [bareMs, bareStall] = await timeAndStall(bareSend);
      bs.push(bareMs);
      bareStalls.push(bareStall);
    }
    const [cs, bcs, ss, bss] = [stats(c), stats(bc), stats(s), stats(bs)];
    console.log(`messages: ${MESSAGES} messages of one user over ${RUNS} runs; an audience of ${USERS} users; ${ROUNDS} rounds`);
    console.log(`  unread counts ms min/median/max ${cs.min.toFixed(2)} / ${cs.median.toFixed(2)} / ${cs.max.toFixed(2)}; bare grouped count ${bcs.median.toFixed(2)}`);
    const st = stats(stalls);
    const bst = stats(bareStalls);
    console.log(`  send to ${USERS} ms min/median/max ${ss.min.toFixed(1)} / ${ss.median.toFixed(1)} / ${ss.max.toFixed(1)}; bare insert ${bss.median.toFixed(1)}`);
    console.log(`  event-loop stall ms min/median/max: send ${st.min.toFixed(1)} / ${st.median.toFixed(1)} / ${st.max.toFixed(1)}; bare insert ${bst.min.toFixed(1)} / ${bst.median.toFixed(1)} / ${bst.max.toFixed(1)}`);
    report('messages-unread-counts', `${cs.median.toFixed(2)} ms median`, cs.median / bcs.median, `< ${COUNTS_TARGET_MS} ms`, cs.median < COUNTS_TARGET_MS);
    const stallRatio = st.median / bst.median;
    report('messages-send-stall', `${st.median.toFixed(1)} ms median longest stall while sending to ${USERS} (${ss.median.toFixed(0)} ms in all)`, stallRatio, `<= ${STALL_RATIO_TARGET} x the bare insert's stall`, stallRatio <= STALL_RATIO_TARGET);
  } finally {
    await bus.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
