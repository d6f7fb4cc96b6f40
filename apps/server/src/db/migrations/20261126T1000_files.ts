import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';
import { binaryType, notNull } from './helpers.js';

/**
 * Files stored in the database in chunks (modules/files). Avatars kept on disk until now are not
 * carried over: the users that had one show none until they upload it again.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('purpose', 'varchar(32)', notNull)
      .addColumn('state', 'varchar(12)', notNull)
      .addColumn('run_id', 'integer')
      .addColumn('owner_kind', 'varchar(32)')
      .addColumn('owner_id', 'varchar(64)')
      .addColumn('attached_at', 'bigint')
      .addColumn('uploader_id', 'integer', notNull)
      .addColumn('name', 'varchar(255)', notNull)
      .addColumn('kind', 'varchar(8)', notNull)
      .addColumn('content_type', 'varchar(100)', notNull)
      .addColumn('size', 'bigint', notNull)
      .addColumn('sha256', 'varchar(64)')
      .addColumn('chunk_bytes', 'integer', notNull)
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addForeignKeyConstraint('files_parent_fk', ['parent_id'], 'files', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
    await db.schema.createIndex('files_owner_idx').on('files').columns(['owner_kind', 'owner_id', 'purpose']).execute();
    await db.schema.createIndex('files_state_idx').on('files').columns(['state', 'updated_at']).execute();
    await db.schema.createIndex('files_orphan_idx').on('files').columns(['attached_at', 'created_at']).execute();
    await db.schema.createIndex('files_parent_idx').on('files').column('parent_id').execute();
    await db.schema
      .createTable('file_chunks')
      .addColumn('file_id', 'varchar(32)', notNull)
      .addColumn('seq', 'integer', notNull)
      .addColumn('data', binaryType(dialect), notNull)
      .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
      .addForeignKeyConstraint('file_chunks_file_fk', ['file_id'], 'files', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
    await sql`update users set avatar_key = null where avatar_key is not null`.execute(db);
  },
};
