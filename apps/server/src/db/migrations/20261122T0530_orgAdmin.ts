import type { DialectMigration } from './helpers.js';

/** Organizations get their administrator; paths are searched by prefix. */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('orgs')
      .addColumn('admin_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('orgs_path_idx').on('orgs').column('path').execute();
    await db.schema.createIndex('users_org_idx').on('users').column('org_id').execute();
  },
};
