import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
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
