import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.js';

/** Migrations see the database without the app's types: their schema is fixed in time. */
export type MigrationDb = Kysely<unknown>;

export interface DialectMigration {
  up(db: MigrationDb, dialect: DialectName): Promise<void>;
  down?(db: MigrationDb, dialect: DialectName): Promise<void>;
}

/** The one dialect switch of the schema: an auto-increment integer primary key. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** The other dialect switch: a binary column (compressed telemetry chunks). */
export const binaryType = (dialect: DialectName): 'bytea' | 'blob' => (dialect === 'postgres' ? 'bytea' : 'blob');

/** A resource as run-once grant migrations read it. */
export interface ResourceRow {
  id: number;
  code: string;
  parent_id: number | null;
  path: string;
  group_id: number;
}

/** Every resource by its code. */
export async function resourcesByCode(db: MigrationDb): Promise<Map<string, ResourceRow>> {
  const rows = (await sql<ResourceRow>`select id, code, parent_id, path, group_id from resources`.execute(db)).rows;
  return new Map(rows.map((r) => [r.code, r]));
}

/**
 * The resource of a code, made beside `sibling` (under the same superior) when the database lacks it:
 * run-once grant migrations place the codes a module adds before start-up seeds them.
 */
export async function ensureResource(db: MigrationDb, byCode: Map<string, ResourceRow>, code: string, sort: number, sibling: ResourceRow): Promise<number> {
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

/** Grants a resource to a role or an organization that does not hold it yet. */
export async function grant(db: MigrationDb, table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', owner: number, resourceId: number): Promise<void> {
  const held = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${owner} and resource_id = ${resourceId}`.execute(db)).rows[0];
  if (Number(held?.n ?? 0) > 0) return;
  await sql`insert into ${sql.table(table)} (${sql.ref(column)}, resource_id) values (${owner}, ${resourceId})`.execute(db);
}

/** The roles (or organizations) that hold a code today. */
export async function holdersOf(db: MigrationDb, byCode: Map<string, ResourceRow>, table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', code: string): Promise<number[]> {
  const resource = byCode.get(code);
  if (!resource) return [];
  const rows = (await sql<{ owner: number }>`select ${sql.ref(column)} as owner from ${sql.table(table)} where resource_id = ${resource.id}`.execute(db)).rows;
  return [...new Set(rows.map((r) => Number(r.owner)))];
}
