import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/**
 * Publishing repair cases gets its own code (issue 22), placed beside `maintenance.repair.write`:
 * whoever changes repairs today may publish them. Runs once: an administrator's later changes stay
 * as made. A new database has no roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const sibling = byCode.get('maintenance.repair.write');
    if (!sibling) return;
    const publish = await ensureResource(db, byCode, 'maintenance.case.publish', 3, sibling);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const owner of await holdersOf(db, byCode, table, column, 'maintenance.repair.write')) await grant(db, table, column, owner, publish);
    }
  },
};
