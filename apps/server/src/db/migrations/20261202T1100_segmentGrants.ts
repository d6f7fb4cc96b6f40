import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/**
 * Segment data gets a read code (issue 23), placed beside `segment.data.write`: whoever may open
 * the segment page (`menu.segments`) or change its data reads it. Runs once: an administrator's
 * later changes stay as made. A new database has no roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const sibling = byCode.get('segment.data.write');
    if (!sibling) return;
    const read = await ensureResource(db, byCode, 'segment.data.read', 2, sibling);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const code of ['menu.segments', 'segment.data.write']) {
        for (const owner of await holdersOf(db, byCode, table, column, code)) await grant(db, table, column, owner, read);
      }
    }
  },
};
