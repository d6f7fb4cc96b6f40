import { type DialectMigration, ensureResource, grant, holdersOf, resourcesByCode } from './helpers.js';

/** The stock codes added by issue 21, each placed beside the existing `stock.record.write` (fixed in time). */
const NEW_CODES = [
  ['stock.record.read', 2],
  ['stock.part.write', 3],
] as const;

/**
 * Spare parts get a read code and a catalogue code (issue 21): whoever may open the stock page
 * (`menu.stock`) reads the stock; whoever changes stock records today also keeps the catalogue
 * and its warning lines. Runs once: an administrator's later changes to these grants stay as made.
 * A new database has no roles yet (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const sibling = byCode.get('stock.record.write');
    if (!sibling) return;
    const ids = new Map<string, number>();
    for (const [code, sort] of NEW_CODES) ids.set(code, await ensureResource(db, byCode, code, sort, sibling));
    const read = ids.get('stock.record.read');
    const partWrite = ids.get('stock.part.write');
    const holders = (table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', code: string) => holdersOf(db, byCode, table, column, code);
    for (const [table, column] of [
      ['role_resources', 'role_id'],
      ['org_resources', 'org_id'],
    ] as const) {
      if (read !== undefined) {
        for (const owner of await holders(table, column, 'menu.stock')) await grant(db, table, column, owner, read);
        for (const owner of await holders(table, column, 'stock.record.write')) await grant(db, table, column, owner, read);
      }
      if (partWrite !== undefined) for (const owner of await holders(table, column, 'stock.record.write')) await grant(db, table, column, owner, partWrite);
    }
  },
};
