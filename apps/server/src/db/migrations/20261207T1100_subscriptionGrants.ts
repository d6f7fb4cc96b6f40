import { sql } from 'kysely';
import { type DialectMigration, grant, holdersOf, resourcesByCode } from './helpers.js';

/**
 * Report subscriptions get their code (`report.subscription.write`), placed under the reports'
 * page `menu.reports`: whoever may open the reports may have them delivered. Runs once: an
 * administrator's later changes stay as made. A new database has no roles yet (start-up seeds the
 * resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const page = byCode.get('menu.reports');
    if (!page) return;
    const ids: number[] = [];
    for (const [sort, code] of ['report.subscription.write'].entries()) {
      const found = byCode.get(code);
      if (found) {
        ids.push(found.id);
        continue;
      }
      const level = page.path.split('/').filter(Boolean).length + 1;
      await sql`insert into resources (group_id, parent_id, code, name, description, level, sort, path, created_at)
                values (${page.group_id}, ${page.id}, ${code}, ${code}, ${code}, ${level}, ${sort + 10}, ${page.path}, ${Date.now()})`.execute(db);
      const id = (await sql<{ id: number }>`select id from resources where code = ${code}`.execute(db)).rows[0]?.id ?? 0;
      await sql`update resources set path = ${`${page.path}${id}/`} where id = ${id}`.execute(db);
      byCode.set(code, { id, code, parent_id: page.id, path: `${page.path}${id}/`, group_id: page.group_id });
      ids.push(id);
    }
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const owner of await holdersOf(db, byCode, table, column, 'menu.reports')) for (const id of ids) await grant(db, table, column, owner, id);
    }
  },
};
