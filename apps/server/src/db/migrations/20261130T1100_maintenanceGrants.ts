import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/** The maintenance codes added by issue 20, each placed beside an existing code (fixed in time). */
const NEW_CODES = [
  ['maintenance.plan.read', 'maintenance.plan.write', 1],
  ['maintenance.record.read', 'maintenance.knowledge.read', 3],
  ['maintenance.record.write', 'maintenance.knowledge.read', 4],
] as const;

/**
 * Maintenance plans and records get their own read codes (issue 20): whoever reads maintenance
 * messages today reads the plans and records those messages speak of; whoever changes plans also
 * enters records. Organizations that may use maintenance messages or plans may use the new codes.
 * Runs once: an administrator's later changes to these grants stay as made. A new database has no
 * roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const ids = new Map<string, number>();
    for (const [code, besides, sort] of NEW_CODES) {
      const sibling = byCode.get(besides);
      if (sibling) ids.set(code, await ensureResource(db, byCode, code, sort, sibling));
    }
    const id = (code: string) => ids.get(code);
    const readCodes = [id('maintenance.plan.read'), id('maintenance.record.read')].filter((v): v is number => v !== undefined);
    const writeCodes = [...readCodes, id('maintenance.record.write')].filter((v): v is number => v !== undefined);
    const holders = (table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', code: string) => holdersOf(db, byCode, table, column, code);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      for (const owner of await holders(table, column, 'maintenance.message.read')) for (const r of readCodes) await grant(db, table, column, owner, r);
      for (const owner of await holders(table, column, 'maintenance.plan.write')) for (const r of writeCodes) await grant(db, table, column, owner, r);
    }
  },
};
