import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from './helpers.js';

/** The maintenance codes added by issue 20, each placed beside an existing code (fixed in time). */
const NEW_CODES = [
  ['maintenance.plan.read', 'maintenance.plan.write', 1],
  ['maintenance.record.read', 'maintenance.knowledge.read', 3],
  ['maintenance.record.write', 'maintenance.knowledge.read', 4],
] as const;

interface ResourceRow {
  id: number;
  code: string;
  parent_id: number | null;
  path: string;
  group_id: number;
}

/**
 * Maintenance plans and records get their own read codes (issue 20): whoever reads maintenance
 * messages today reads the plans and records those messages speak of; whoever changes plans also
 * enters records. Organizations that may use maintenance messages or plans may use the new codes.
 * Runs once: an administrator's later changes to these grants stay as made. A new database has no
 * roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const resources = async () => (await sql<ResourceRow>`select id, code, parent_id, path, group_id from resources`.execute(db)).rows;
    const byCode = new Map((await resources()).map((r) => [r.code, r]));
    const ids = new Map<string, number>();
    for (const [code, besides, sort] of NEW_CODES) {
      const sibling = byCode.get(besides);
      if (sibling) ids.set(code, await ensureResource(db, byCode, code, sort, sibling));
    }
    const id = (code: string) => ids.get(code);
    const readCodes = [id('maintenance.plan.read'), id('maintenance.record.read')].filter((v): v is number => v !== undefined);
    const writeCodes = [...readCodes, id('maintenance.record.write')].filter((v): v is number => v !== undefined);
    const holders = async (table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', code: string): Promise<number[]> => {
      const resource = byCode.get(code);
      if (!resource) return [];
      const rows = (await sql<{ owner: number }>`select ${sql.ref(column)} as owner from ${sql.table(table)} where resource_id = ${resource.id}`.execute(db)).rows;
      return [...new Set(rows.map((r) => Number(r.owner)))];
    };
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const owner of await holders(table, column, 'maintenance.message.read')) for (const r of readCodes) await grant(db, table, column, owner, r);
      for (const owner of await holders(table, column, 'maintenance.plan.write')) for (const r of writeCodes) await grant(db, table, column, owner, r);
    }
  },
};

/** The resource of a code, made beside `sibling` (under the same menu item) when the database lacks it. */
async function ensureResource(db: MigrationDb, byCode: Map<string, ResourceRow>, code: string, sort: number, sibling: ResourceRow): Promise<number> {
  const found = byCode.get(code);
  if (found) return found.id;
  // A resource's path ends with its own id: the sibling's without it is the superior's.
  const parentPath = sibling.path.endsWith(`/${sibling.id}/`) ? sibling.path.slice(0, -`${sibling.id}/`.length) : '/';
  const level = parentPath.split('/').filter(Boolean).length + 1;
  await sql`insert into resources (group_id, parent_id, code, name, description, level, sort, path, created_at)
            values (${sibling.group_id}, ${sibling.parent_id}, ${code}, ${code}, ${code}, ${level}, ${sort}, ${parentPath}, ${Date.now()})`.execute(db);
  const id = (await sql<{ id: number }>`select id from resources where code = ${code}`.execute(db)).rows[0]?.id ?? 0;
  await sql`update resources set path = ${`${parentPath}${id}/`} where id = ${id}`.execute(db);
  byCode.set(code, { id, code, parent_id: sibling.parent_id, path: `${parentPath}${id}/`, group_id: sibling.group_id });
  return id;
}

async function grant(db: MigrationDb, table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', owner: number, resourceId: number): Promise<void> {
  const held = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${owner} and resource_id = ${resourceId}`.execute(db)).rows[0];
  if (Number(held?.n ?? 0) > 0) return;
  await sql`insert into ${sql.table(table)} (${sql.ref(column)}, resource_id) values (${owner}, ${resourceId})`.execute(db);
}
