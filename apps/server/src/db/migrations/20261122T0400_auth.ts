import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/** Organizations (minimal), users, sessions, login log, challenges, SMS outbox. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('orgs'), dialect)
      .addColumn('name', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('parent_id', 'integer', (c) => c.references('orgs.id').onDelete('cascade'))
      .addColumn('path', 'text', notNull)
      .addColumn('sort', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('users'), dialect)
      .addColumn('phone', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('nickname', 'text', notNull)
      .addColumn('password_hash', 'text', notNull)
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_sa', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_zb', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('org_id', 'integer', (c) => c.references('orgs.id').onDelete('set null'))
      .addColumn('avatar_key', 'text')
      .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en_US'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoke_reason', 'text')
      .addColumn('ip', 'text', notNull)
      .addColumn('user_agent', 'text', notNull)
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();

    await withId(db.schema.createTable('login_logs'), dialect)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('account', 'text', notNull)
      .addColumn('ip', 'text', notNull)
      .addColumn('user_agent', 'text', notNull)
      .addColumn('method', 'text', notNull)
      .addColumn('result', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('login_logs_user_idx').on('login_logs').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('login_logs_time_idx').on('login_logs').column('created_at').execute();

    await db.schema
      .createTable('challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', notNull)
      .addColumn('answer', 'text', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('challenges_expiry_idx').on('challenges').column('expires_at').execute();

    await withId(db.schema.createTable('sms_outbox'), dialect)
      .addColumn('phone', 'text', notNull)
      .addColumn('text', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
  },
};
