import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/**
 * Writing announcements gets its own code, placed under the announcement page: whoever administers
 * users or organizations (`admin.user.write`, `admin.org.write`) may write them, and so may every
 * organization that may grant those. Runs once: an administrator's later changes stay as made. A
 * new database has no roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const page = byCode.get('menu.messages.announcement');
    if (!page) return;
    // The page's first code: placed as if beside a child of the page (a sibling's path ends with its own id).
    const childOfPage = { id: 0, code: '', parent_id: page.id, path: `${page.path}0/`, group_id: page.group_id };
    const write = await ensureResource(db, byCode, 'messages.announcement.write', 1, childOfPage);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      const owners = new Set<number>();
      for (const code of ['admin.user.write', 'admin.org.write']) for (const owner of await holdersOf(db, byCode, table, column, code)) owners.add(owner);
      for (const owner of owners) await grant(db, table, column, owner, write);
    }
  },
};
