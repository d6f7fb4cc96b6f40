import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A few starred entries for the demo's own users (the super administrators) on a database with
 * none: the first project's home page and the project itself, and the second project's alarm
 * history. Answers how many were written.
 */
export async function seedDemoCollection(db: Kysely<Database>, runIds: readonly number[], now: number): Promise<number> {
  if (runIds.length === 0) return 0;
  const names = await db.selectFrom('runs').select(['id', 'project_name']).where('id', 'in', runIds.slice(0, 2)).execute();
  const runOf = (id: number | undefined) => names.find((r) => r.id === id);
  const [first, second] = [runOf(runIds[0]), runOf(runIds[1])].map((r) => (r ? { runId: r.id, projectName: r.project_name } : undefined));
  if (!first) return 0;
  if (await db.selectFrom('collection_items').select('id').limit(1).executeTakeFirst()) return 0;
  const users = await db.selectFrom('users').select('id').where('is_sa', '=', 1).where('enabled', '=', 1).execute();
  const entries = [
    { kind: 'page', run_id: first.runId, target: '/fw1/home', title: `${first.projectName} · Home` },
    { kind: 'project', run_id: first.runId, target: String(first.runId), title: first.projectName },
    ...(second ? [{ kind: 'page', run_id: second.runId, target: '/fw1/alarm/history_alarm', title: `${second.projectName} · Alarms` }] : []),
  ];
  const rows = users.flatMap((u) => entries.map((e, i) => ({ ...e, user_id: u.id, title: e.title.slice(0, 100), created_at: now - i * 60_000 })));
  if (rows.length > 0) await db.insertInto('collection_items').values(rows).execute();
  return rows.length;
}
