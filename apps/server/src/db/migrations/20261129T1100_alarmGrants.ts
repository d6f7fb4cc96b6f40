import { sql } from 'kysely';
import { type DialectMigration, ensureResource, grant, resourcesByCode } from './helpers.js';

/** The alarm codes added by issue 19, with their sort number under the alarms menu (fixed in time). */
const NEW_CODES = [
  ['alarm.record.read', 1],
  ['alarm.record.handle', 2],
  ['alarm.settings.write', 3],
] as const;

/** Codes of a role that mark it as one that runs a project (it configures part alarm settings or administers an organization). */
const MANAGER_CODES = ['admin.warnSetting.write'];

/**
 * Alarm records get their own codes (issue 19): whoever reads alarm messages today reads the alarm
 * records too, and the roles that run a project (organization administrators, and roles that set
 * part alarm settings) also acknowledge, assign and shelve alarms and change a run's alarm
 * settings. Organizations that may use alarm messages may use the new codes. Runs once: an
 * administrator's later changes to these grants stay as made. A new database has no roles yet
 * (start-up seeds the resources).
 */
export const migration: DialectMigration = {
  async up(db) {
    const byCode = await resourcesByCode(db);
    const messages = byCode.get('alarm.message.read');
    if (!messages) return;
    const ids = new Map<string, number>();
    for (const [code, sort] of NEW_CODES) {
      ids.set(code, await ensureResource(db, byCode, code, sort, messages));
    }
    const read = ids.get('alarm.record.read') ?? 0;
    const manage = [ids.get('alarm.record.handle') ?? 0, ids.get('alarm.settings.write') ?? 0];

    const readers = (await sql<{ role_id: number }>`select role_id from role_resources where resource_id = ${messages.id}`.execute(db)).rows.map((r) => r.role_id);
    const managerResources = MANAGER_CODES.map((c) => byCode.get(c)?.id).filter((id): id is number => id !== undefined);
    for (const roleId of [...new Set(readers)]) {
      await grant(db, 'role_resources', 'role_id', roleId, read);
      const kind = (await sql<{ kind: string }>`select kind from roles where id = ${roleId}`.execute(db)).rows[0]?.kind;
      const managing =
        kind === 'org_admin' ||
        (managerResources.length > 0 &&
          (await sql<{ n: number }>`select count(*) as n from role_resources where role_id = ${roleId} and resource_id in (${sql.join(managerResources)})`.execute(db)).rows.some((r) => Number(r.n) > 0));
      if (managing) for (const id of manage) await grant(db, 'role_resources', 'role_id', roleId, id);
    }
    const orgs = (await sql<{ org_id: number }>`select org_id from org_resources where resource_id = ${messages.id}`.execute(db)).rows.map((r) => r.org_id);
    for (const orgId of [...new Set(orgs)]) for (const id of [read, ...manage]) await grant(db, 'org_resources', 'org_id', orgId, id);
  },
};
