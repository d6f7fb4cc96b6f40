import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Resources (menus, buttons, API codes) in groups, roles of organizations, and the linkers:
 * role -> resources (srLinker), organization -> usable resources (sdLinker), user -> roles.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('resource_groups'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', notNull)
      .addColumn('sort', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('resources'), dialect)
      .addColumn('group_id', 'integer', (c) => c.notNull().references('resource_groups.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('level', 'integer', notNull)
      .addColumn('sort', 'integer', notNull)
      .addColumn('path', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('roles'), dialect)
      .addColumn('name', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('creator_org_id', 'integer', (c) => c.references('orgs.id').onDelete('set null'))
      .addColumn('sort', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('roles_org_idx').on('roles').column('org_id').execute();

    await db.schema
      .createTable('role_resources')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_resources_pk', ['role_id', 'resource_id'])
      .execute();

    await db.schema
      .createTable('org_resources')
      .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('org_resources_pk', ['org_id', 'resource_id'])
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();
    await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();
  },
};
