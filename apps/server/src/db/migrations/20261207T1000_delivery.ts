import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Screen tools and report delivery (modules/delivery):
 * - `render_tickets`: one-time tickets a tool page exchanges for a session (SHA-256 only);
 * - `sessions.scope_tool`: the tool of a session opened from such a ticket (its run is `scope_run_id`);
 * - `report_subscriptions`: a user's scheduled delivery of a tool page of a run;
 * - `report_deliveries`: one row per due time (unique, so one instance delivers it), with the
 *   rendered file, each channel's outcome and the next try;
 * - `delivery_links`: the webhook's file links, valid for days, stored as SHA-256.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('render_tickets'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('tool', 'varchar(32)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('render_tickets_expires_idx').on('render_tickets').column('expires_at').execute();

    await db.schema.alterTable('sessions').addColumn('scope_tool', 'varchar(32)').execute();

    await withId(db.schema.createTable('report_subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('tool', 'varchar(32)', notNull)
      .addColumn('schedule_kind', 'varchar(16)', notNull)
      .addColumn('schedule_time', 'varchar(5)')
      .addColumn('format', 'varchar(8)', notNull)
      .addColumn('size', 'varchar(8)', notNull)
      .addColumn('lang', 'varchar(8)')
      .addColumn('channel_message', 'integer', notNull)
      .addColumn('emails', 'text', notNull)
      .addColumn('webhook_url', 'varchar(500)')
      .addColumn('webhook_secret', 'varchar(100)')
      .addColumn('enabled', 'integer', notNull)
      .addColumn('next_due_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('report_subscriptions_due_idx').on('report_subscriptions').column('next_due_at').execute();
    await db.schema.createIndex('report_subscriptions_user_run_idx').on('report_subscriptions').columns(['user_id', 'run_id']).execute();

    await withId(db.schema.createTable('report_deliveries'), dialect)
      .addColumn('subscription_id', 'integer', (c) => c.notNull().references('report_subscriptions.id').onDelete('cascade'))
      .addColumn('due_at', 'bigint', notNull)
      .addColumn('trigger', 'varchar(16)', notNull)
      .addColumn('state', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', notNull)
      .addColumn('next_attempt_at', 'bigint')
      /** Set while an instance works on it (a lease: another instance takes it over after). */
      .addColumn('claimed_until', 'bigint')
      .addColumn('file_id', 'varchar(32)')
      .addColumn('file_name', 'varchar(200)')
      .addColumn('error', 'varchar(1000)')
      /** JSON: each channel's state, attempts, last error and time. */
      .addColumn('channels', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('finished_at', 'bigint')
      .addUniqueConstraint('report_deliveries_due_uq', ['subscription_id', 'due_at'])
      .addForeignKeyConstraint('report_deliveries_file_fk', ['file_id'], 'files', ['id'], (fk) => fk.onDelete('set null'))
      .execute();
    await db.schema.createIndex('report_deliveries_next_idx').on('report_deliveries').column('next_attempt_at').execute();

    await withId(db.schema.createTable('delivery_links'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('delivery_id', 'integer', (c) => c.notNull().references('report_deliveries.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('delivery_links_expires_idx').on('delivery_links').column('expires_at').execute();
  },
};
