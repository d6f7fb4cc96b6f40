import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { migration } from '../../db/migrations/20261129T1100_alarmGrants.js';
import type { MigrationDb } from '../../db/migrations/helpers.js';

describe('alarm grants of existing roles (migration 20261129T1100_alarmGrants)', () => {
  let t: TestApp;
  const roles = { reader: 0, orgAdmin: 0, manager: 0, unrelated: 0 };
  let org = 0;

  const admin = async (endpoint: { path: string; base: 'main' | 'project' }, payload: object) => {
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.92.0.1' });
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    return body.data as { id: number };
  };
  const codesOf = async (table: 'role_resources' | 'org_resources', owner: number) => {
    const q = t.db.kysely.selectFrom(table).innerJoin('resources', 'resources.id', `${table}.resource_id`).select('resources.code');
    const rows = await (table === 'role_resources' ? q.where('role_resources.role_id', '=', owner) : q.where('org_resources.org_id', '=', owner)).execute();
    return rows.map((r) => r.code).filter((c) => c.startsWith('alarm.')).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const root = ((await admin(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    org = (await admin(adminContract.orgAdd, { parentId: root, name: 'Contractor', type: 'company', sort: 1 })).id;
    // As a database of an older version holds them: alarm messages, not yet the alarm record codes.
    await admin(adminContract.orgResourcesEdit, { orgId: org, codes: ['alarm.message.read', 'admin.warnSetting.write', 'project.run.read'] });
    const role = async (name: string, kind: string, codes: string[]) => {
      const id = (await admin(adminContract.roleAdd, { name, kind, orgId: org, sort: 1 })).id;
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes });
      return id;
    };
    roles.reader = await role('Crew', 'custom', ['alarm.message.read']);
    roles.orgAdmin = await role('Site administrators', 'org_admin', ['alarm.message.read']);
    roles.manager = await role('Project managers', 'custom', ['alarm.message.read', 'admin.warnSetting.write']);
    roles.unrelated = await role('Surveyors', 'custom', ['project.run.read']);
  });
  afterAll(() => t.close());

  it('gives alarm message readers the alarm records, and managing roles the handling and settings, once', async () => {
    for (let pass = 0; pass < 2; pass += 1) await migration.up(t.db.kysely as unknown as MigrationDb, t.db.dialect);
    expect(await codesOf('role_resources', roles.reader)).toEqual(['alarm.message.read', 'alarm.record.read']);
    const all = ['alarm.message.read', 'alarm.record.handle', 'alarm.record.read', 'alarm.settings.write'];
    expect(await codesOf('role_resources', roles.orgAdmin)).toEqual(all);
    expect(await codesOf('role_resources', roles.manager)).toEqual(all);
    expect(await codesOf('role_resources', roles.unrelated)).toEqual([]);
    expect(await codesOf('org_resources', org)).toEqual(all);
  });

  it('makes a code the database lacks under the alarms menu, beside alarm messages', async () => {
    await t.db.kysely.deleteFrom('resources').where('code', '=', 'alarm.settings.write').execute();
    await migration.up(t.db.kysely as unknown as MigrationDb, t.db.dialect);
    const of = (code: string) => t.db.kysely.selectFrom('resources').select(['id', 'parent_id', 'path', 'level']).where('code', '=', code).executeTakeFirstOrThrow();
    const [made, sibling] = [await of('alarm.settings.write'), await of('alarm.message.read')];
    expect(made.parent_id).toBe(sibling.parent_id);
    expect(made.level).toBe(sibling.level);
    expect(made.path).toBe(`${sibling.path.slice(0, -`${sibling.id}/`.length)}${made.id}/`);
    expect(await codesOf('role_resources', roles.manager)).toContain('alarm.settings.write');
  });
});
