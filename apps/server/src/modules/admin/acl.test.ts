import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string };

describe('permission model: roles, organization resources, user roles, and the decision rule', () => {
  let t: TestApp;
  let sa: string;
  let rootId: number;
  const ids = { a: 0, a1: 0, b: 0, role: 0, roleB: 0 };
  let member: BuiltUser;

  const post = async (endpoint: Endpoint, payload: object, token = sa) =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload }));
  const ok = async (endpoint: Endpoint, payload: object) => {
    const body = await post(endpoint, payload);
    expect(body.code, body.msg).toBe(0);
    return body.data as Record<string, unknown> & { id: number };
  };
  const memberToken = () => signIn(t.app, member.phone, member.password, { ip: '10.70.0.9' });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.70.0.1' });
    const tree = (await post(adminContract.orgQuery, {})).data as { id: number }[];
    rootId = tree[0]?.id ?? 0;
    ids.a = (await ok(adminContract.orgAdd, { parentId: rootId, name: 'Contractor A', type: 'company', sort: 1 })).id;
    ids.a1 = (await ok(adminContract.orgAdd, { parentId: ids.a, name: 'A site 1', type: 'organization', sort: 1 })).id;
    ids.b = (await ok(adminContract.orgAdd, { parentId: rootId, name: 'Contractor B', type: 'company', sort: 2 })).id;
    await ok(adminContract.orgResourcesEdit, { orgId: ids.a, codes: ['admin.org.read', 'admin.role.read', 'menu.admin.user'] });
    await ok(adminContract.orgResourcesEdit, { orgId: ids.b, codes: ['admin.org.read', 'admin.org.write'] });
    ids.role = (await ok(adminContract.roleAdd, { name: 'Site viewer', kind: 'custom', orgId: ids.a, sort: 1 })).id;
    ids.roleB = (await ok(adminContract.roleAdd, { name: 'B editor', kind: 'org_admin', orgId: ids.b, sort: 1 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['admin.org.read', 'menu.admin.user'] });
    await ok(adminContract.roleResourcesUpdate, { roleId: ids.roleB, codes: ['admin.org.read', 'admin.org.write'] });
    member = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: ids.a1 }).where('id', '=', member.id).execute();
    await ok(adminContract.userAssignRoles, { userId: member.id, roleIds: [ids.role] });
  });
  afterAll(() => t.close());

  it('answers code 1 without a session and code 2 to a user without the resource, for every new endpoint', async () => {
    const plain = await buildUser(t.db);
    const token = await signIn(t.app, plain.phone, plain.password, { ip: '10.70.1.1' });
    for (const endpoint of [
      adminContract.roleList,
      adminContract.roleAdd,
      adminContract.roleEdit,
      adminContract.roleDelete,
      adminContract.roleUsers,
      adminContract.roleResources,
      adminContract.roleResourcesUpdate,
      adminContract.orgResources,
      adminContract.orgResourcesEdit,
      adminContract.orgResourcesEditSingle,
      adminContract.userAssignRoles,
    ]) {
      expect((await post(endpoint, {}, '')).code, endpoint.id).toBe(1);
      expect((await post(endpoint, {}, token)).code, endpoint.id).toBe(2);
    }
  });

  it('gives the member the granted resources and role at sign-in, and only at or below their organization', async () => {
    const login = await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token: await memberToken(), payload: {} });
    const info = envelope(login).data as { resources: string[]; roles: { id: number; name: string }[] };
    expect(info.resources).toEqual(['admin.org.read', 'menu.admin.user']);
    expect(info.roles).toEqual([{ id: ids.role, name: 'Site viewer' }]);
    const token = await memberToken();
    const tree = (await post(adminContract.orgQuery, {}, token)).data as { id: number; children: unknown[] }[];
    expect(tree.map((n) => n.id)).toEqual([ids.a1]);
    expect((await post(adminContract.orgAdd, { parentId: ids.a1, name: 'x', type: 'organization', sort: 1 }, token)).code).toBe(2);
  });

  it('applies a withdrawn role resource at the very next request', async () => {
    const token = await memberToken();
    expect((await post(adminContract.orgQuery, {}, token)).code).toBe(0);
    await ok(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['menu.admin.user'] });
    expect((await post(adminContract.orgQuery, {}, token)).code).toBe(2);
    await ok(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['admin.org.read', 'menu.admin.user'] });
    expect((await post(adminContract.orgQuery, {}, token)).code).toBe(0);
  });

  it('denies a role resource the organization may not use, and honours a lower set until overwritten', async () => {
    const token = await memberToken();
    await ok(adminContract.orgResourcesEdit, { orgId: ids.a1, codes: ['menu.admin.user'] });
    expect((await post(adminContract.orgResources, { orgId: ids.a1 })).data).toEqual({ codes: ['menu.admin.user'], inheritedFrom: null });
    expect((await post(adminContract.orgQuery, {}, token)).code).toBe(2);
    const result = await ok(adminContract.orgResourcesEdit, {
      orgId: ids.a,
      codes: ['admin.org.read', 'admin.role.read', 'menu.admin.user'],
      overwriteLower: true,
    });
    expect(result.overwritten).toBe(1);
    expect((await post(adminContract.orgResources, { orgId: ids.a1 })).data).toEqual({
      codes: ['admin.org.read', 'admin.role.read', 'menu.admin.user'],
      inheritedFrom: ids.a,
    });
    expect((await post(adminContract.orgQuery, {}, token)).code).toBe(0);
  });

  it('grants or withdraws a single resource for an organization', async () => {
    await ok(adminContract.orgResourcesEditSingle, { orgId: ids.b, resource: 'admin.role.read', granted: true });
    expect(((await post(adminContract.orgResources, { orgId: ids.b })).data as { codes: string[] }).codes).toContain('admin.role.read');
    await ok(adminContract.orgResourcesEditSingle, { orgId: ids.b, resource: 'admin.role.read', granted: false });
    expect(((await post(adminContract.orgResources, { orgId: ids.b })).data as { codes: string[] }).codes).not.toContain('admin.role.read');
  });

  it("never lets a sibling organization's role grant anything to the member", async () => {
    await ok(adminContract.userAssignRoles, { userId: member.id, roleIds: [ids.role, ids.roleB] });
    const token = await memberToken();
    expect((await post(adminContract.orgAdd, { parentId: ids.a1, name: 'x', type: 'organization', sort: 1 }, token)).code).toBe(2);
    await ok(adminContract.userAssignRoles, { userId: member.id, roleIds: [ids.role] });
  });

  it('refuses unknown resources, and resources the role organization may not use', async () => {
    expect((await post(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['no.such.code'] })).msg).toBe('Unknown resources: no.such.code');
    expect((await post(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['admin.org.write'] })).msg).toBe(
      'These resources may not be used in this organization: admin.org.write',
    );
    const available = (await post(adminContract.roleResources, { roleId: ids.role })).data as { granted: string[]; available: { code: string }[] };
    expect(available.available.map((r) => r.code).sort()).toEqual(['admin.org.read', 'admin.role.read', 'menu.admin.user']);
  });

  describe('roles', () => {
    it('validates: name required, sort number above 0, one existing organization, a known kind', async () => {
      const base = { name: 'R', kind: 'custom', orgId: ids.a, sort: 1 };
      expect((await post(adminContract.roleAdd, { ...base, name: '' })).msg).toBe('Name: This field is required');
      expect((await post(adminContract.roleAdd, { ...base, sort: 0 })).msg).toBe('Sort number: The sort number must be an integer greater than 0');
      expect((await post(adminContract.roleAdd, { ...base, orgId: [ids.a, ids.b] })).code).toBe(3);
      expect((await post(adminContract.roleAdd, { ...base, orgId: 999_999 })).msg).toBe('The organization does not exist');
      expect((await post(adminContract.roleAdd, { ...base, kind: 'super_admin' })).msg).toBe('Role kind: The value is not valid');
    });

    it('lists, edits, lists its users and deletes a role; the users lose its grants', async () => {
      const list = (await post(adminContract.roleList, { orgId: ids.a })).data as { id: number; orgName: string }[];
      expect(list.map((r) => r.id)).toEqual([ids.role]);
      expect(list[0]?.orgName).toBe('Contractor A');
      const edited = await ok(adminContract.roleEdit, { id: ids.role, name: 'Site viewers', kind: 'custom', orgId: ids.a, sort: 2 });
      expect(edited).toMatchObject({ name: 'Site viewers', sort: 2 });
      const users = (await post(adminContract.roleUsers, { roleId: ids.role })).data as { id: number }[];
      expect(users.map((u) => u.id)).toEqual([member.id]);
      const temp = await ok(adminContract.roleAdd, { name: 'Temporary', kind: 'custom', orgId: ids.a, sort: 3 });
      await ok(adminContract.roleResourcesUpdate, { roleId: temp.id, codes: ['admin.role.read'] });
      await ok(adminContract.userAssignRoles, { userId: member.id, roleIds: [ids.role, temp.id] });
      const token = await memberToken();
      expect((await post(adminContract.roleList, {}, token)).code).toBe(0);
      await ok(adminContract.roleDelete, { id: temp.id });
      expect((await post(adminContract.roleList, {}, token)).code).toBe(2);
      expect((await post(adminContract.roleDelete, { id: temp.id })).msg).toBe('The role does not exist');
    });

    it('deleting an organization deletes its roles', async () => {
      const org = await ok(adminContract.orgAdd, { parentId: rootId, name: 'Short-lived', type: 'company', sort: 9 });
      const role = await ok(adminContract.roleAdd, { name: 'Gone with it', kind: 'custom', orgId: org.id, sort: 1 });
      await ok(adminContract.orgDelete, { id: org.id });
      expect((await post(adminContract.roleUsers, { roleId: role.id })).msg).toBe('The role does not exist');
    });
  });
});
