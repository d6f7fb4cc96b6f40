import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/**
 * Report subscriptions get their code (`report.subscription.write`), placed beside the reports'
 * other codes under `menu.reports`: whoever may open the reports may have them delivered. Runs
 * once: an administrator's later changes stay as made. A new database has no roles yet (start-up
 * seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const sibling = byCode.get('report.period.read');
    if (!sibling || !byCode.has('menu.reports')) return;
    const code = await ensureResource(db, byCode, 'report.subscription.write', 10, sibling);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const owner of await holdersOf(db, byCode, table, column, 'menu.reports')) await grant(db, table, column, owner, code);
    }
  },
};
