import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migration } from '../../../db/migrations/20261207T1100_subscriptionGrants.js';
import { call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';

describe('subscription grant migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("places the subscription code beside the reports' codes and grants it to whoever held the reports' page, once", async () => {
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.98.0.1' });
    const ok = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return body.data as { id: number };
    };
    const root = ((await ok(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    const org = (await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor', type: 'company', sort: 1 })).id;
    await ok(adminContract.orgResourcesEdit, { orgId: org, codes: ['menu.reports'] });
    const holder = (await ok(adminContract.roleAdd, { name: 'Report readers', kind: 'custom', orgId: org, sort: 1 })).id;
    const other = (await ok(adminContract.roleAdd, { name: 'Others', kind: 'custom', orgId: org, sort: 2 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId: holder, codes: ['menu.reports'] });
    // A database from before subscriptions: the code is not there yet.
    const db = t.db.kysely;
    const codes = ['report.subscription.write'];
    const ids = (await db.selectFrom('resources').select('id').where('code', 'in', codes).execute()).map((r) => r.id);
    await db.deleteFrom('role_resources').where('resource_id', 'in', ids).execute();
    await db.deleteFrom('org_resources').where('resource_id', 'in', ids).execute();
    await db.deleteFrom('resources').where('id', 'in', ids).execute();

    await migration.up(db as never, t.db.dialect);
    await migration.up(db as never, t.db.dialect);
    const page = await db.selectFrom('resources').select(['id', 'path', 'level']).where('code', '=', 'menu.reports').executeTakeFirstOrThrow();
    const placed = await db.selectFrom('resources').select(['id', 'code', 'parent_id', 'path', 'level']).where('code', 'in', codes).orderBy('sort').execute();
    expect(placed.map((r) => [r.code, r.parent_id, r.path, r.level])).toEqual(placed.map((r) => [r.code, page.id, `${page.path}${r.id}/`, page.level + 1]));
    expect(placed.map((r) => r.code)).toEqual(codes);
    const grantsOf = async (table: 'role_resources' | 'org_resources', column: 'role_id' | 'org_id', owner: number) =>
      (await db.selectFrom(table).innerJoin('resources', 'resources.id', `${table}.resource_id`).select('resources.code').where(column, '=', owner).where('resources.code', 'in', codes).execute()).map((r) => r.code).sort();
    expect(await grantsOf('role_resources', 'role_id', holder)).toEqual(codes);
    expect(await grantsOf('role_resources', 'role_id', other)).toEqual([]);
    expect(await grantsOf('org_resources', 'org_id', org)).toEqual(codes);
  });
});
