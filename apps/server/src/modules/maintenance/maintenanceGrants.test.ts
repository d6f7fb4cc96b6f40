import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { migration } from '../../db/migrations/20261130T1100_maintenanceGrants.js';
import type { MigrationDb } from '../../db/migrations/helpers.js';

describe('maintenance grants of existing roles (migration 20261130T1100_maintenanceGrants)', () => {
  let t: TestApp;
  const roles = { reader: 0, planner: 0, unrelated: 0 };
  let org = 0;

  const admin = async (endpoint: { path: string; base: 'main' | 'project' }, payload: object) => {
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    return body.data as { id: number };
  };
  const codesOf = async (table: 'role_resources' | 'org_resources', owner: number) => {
    const q = t.db.kysely.selectFrom(table).innerJoin('resources', 'resources.id', `${table}.resource_id`).select('resources.code');
    const rows = await (table === 'role_resources' ? q.where('role_resources.role_id', '=', owner) : q.where('org_resources.org_id', '=', owner)).execute();
    return rows.map((r) => r.code).filter((c) => c.startsWith('maintenance.')).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const root = ((await admin(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    org = (await admin(adminContract.orgAdd, { parentId: root, name: 'Contractor', type: 'company', sort: 1 })).id;
    // As a database of an older version holds them: maintenance messages and plan writing, not yet the read and record codes.
    await admin(adminContract.orgResourcesEdit, { orgId: org, codes: ['maintenance.message.read', 'maintenance.plan.write', 'project.run.read'] });
    const role = async (name: string, codes: string[]) => {
      const id = (await admin(adminContract.roleAdd, { name, kind: 'custom', orgId: org, sort: 1 })).id;
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes });
      return id;
    };
    roles.reader = await role('Crew', ['maintenance.message.read']);
    roles.planner = await role('Maintenance planners', ['maintenance.plan.write']);
    roles.unrelated = await role('Surveyors', ['project.run.read']);
  });
  afterAll(() => t.close());

  it('gives maintenance message readers the plans and records to read, and plan writers the records to enter, once', async () => {
    for (let pass = 0; pass < 2; pass += 1) await migration.up(t.db.kysely as unknown as MigrationDb, t.db.dialect);
    expect(await codesOf('role_resources', roles.reader)).toEqual(['maintenance.message.read', 'maintenance.plan.read', 'maintenance.record.read']);
    expect(await codesOf('role_resources', roles.planner)).toEqual(['maintenance.plan.read', 'maintenance.plan.write', 'maintenance.record.read', 'maintenance.record.write']);
    expect(await codesOf('role_resources', roles.unrelated)).toEqual([]);
    expect(await codesOf('org_resources', org)).toEqual(['maintenance.message.read', 'maintenance.plan.read', 'maintenance.plan.write', 'maintenance.record.read', 'maintenance.record.write']);
  });

  it('makes a code the database lacks beside its neighbour', async () => {
    await t.db.kysely.deleteFrom('resources').where('code', '=', 'maintenance.record.write').execute();
    await migration.up(t.db.kysely as unknown as MigrationDb, t.db.dialect);
    const of = (code: string) => t.db.kysely.selectFrom('resources').select(['id', 'parent_id', 'path', 'level']).where('code', '=', code).executeTakeFirstOrThrow();
    const [made, sibling] = [await of('maintenance.record.write'), await of('maintenance.knowledge.read')];
    expect(made.parent_id).toBe(sibling.parent_id);
    expect(made.level).toBe(sibling.level);
    expect(await codesOf('role_resources', roles.planner)).toContain('maintenance.record.write');
  });
});
