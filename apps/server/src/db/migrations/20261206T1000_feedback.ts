import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Feedback (spec §3): name, contact, content and submit time as the sender wrote them, the sender
 * when signed in, the state in the administrators' list and the reply. Screenshots are files of
 * purpose `feedbackScreenshot` owned by `feedback`. Declared by the feedback module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('feedback_items'), dialect)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'varchar(50)')
      .addColumn('contact', 'varchar(100)')
      .addColumn('content', 'varchar(2000)', notNull)
      .addColumn('state', 'varchar(16)', notNull)
      .addColumn('reply', 'varchar(2000)')
      .addColumn('replied_at', 'bigint')
      .addColumn('replied_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('submitted_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('feedback_submitted_idx').on('feedback_items').column('submitted_at').execute();
    await db.schema.createIndex('feedback_user_idx').on('feedback_items').column('user_id').execute();
  },
};
