import { adminContract, endpointUrl, RESOURCE_CODES } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const url = (e: { base: 'main' | 'project'; path: string }) => endpointUrl(e);

interface OrgOut {
  id: number;
  name: string;
  path: string;
  parentId: number | null;
  sort: number;
  type: string;
}
interface Node extends OrgOut {
  children: Node[];
}

describe('organizations (/u/web/sys/dept/*)', () => {
  let t: TestApp;
  let token: string;
  let rootId: number;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, as = token) =>
    envelope(await call(t.app, 'POST', url(endpoint), { token: as, payload }));
  const add = async (parentId: number, name: string, sort = 1) => {
    const body = await post(adminContract.orgAdd, { parentId, name, type: 'organization', sort });
    expect(body.code, body.msg).toBe(0);
    return body.data as OrgOut;
  };
  const tree = async (name?: string) => (await post(adminContract.orgQuery, name ? { name } : {})).data as Node[];

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, ADMIN.email, ADMIN.password);
    rootId = (await tree())[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  it('answers code 1 without a session and code 2 without the resource, for every endpoint', async () => {
    const plain = await buildUser(t.db);
    const plainToken = await signIn(t.app, plain.phone, plain.password, { ip: '10.60.0.1' });
    for (const endpoint of adminContract.adminEndpoints) {
      const anonymous = await call(t.app, 'POST', url(endpoint), { payload: {} });
      expect(envelope(anonymous).code, endpoint.id).toBe(1);
      const refused = await call(t.app, 'POST', url(endpoint), { token: plainToken, payload: {} });
      expect(refused.statusCode, endpoint.id).toBe(403);
      expect(envelope(refused).msg).toBe('Insufficient permissions, please contact the administrator');
    }
  });

  describe('add and query', () => {
    it('adds under a superior with a segment path, and returns the nested tree', async () => {
      const region = await add(rootId, 'Northern lines', 2);
      const site = await add(region.id, 'Metro Line 4 site', 1);
      expect(region.path).toBe(`/${rootId}/${region.id}/`);
      expect(site.path).toBe(`/${rootId}/${region.id}/${site.id}/`);
      const [root] = await tree();
      const found = root?.children.find((c) => c.id === region.id);
      expect(found?.children.map((c) => c.name)).toEqual(['Metro Line 4 site']);
    });

    it('filters by name and keeps the ancestors of a match', async () => {
      const region = await add(rootId, 'Southern lines', 3);
      await add(region.id, 'Bosphorus crossing', 1);
      await add(region.id, 'Harbour depot', 2);
      const [root] = await tree('bosphorus');
      expect(root?.id).toBe(rootId);
      expect(root?.children.map((c) => c.name)).toEqual(['Southern lines']);
      expect(root?.children[0]?.children.map((c) => c.name)).toEqual(['Bosphorus crossing']);
    });

    it('enforces spec §5: superior, name (at most 50), sort number an integer above 0, a known type', async () => {
      const base = { parentId: rootId, name: 'Valid', type: 'company', sort: 1 };
      const cases: [object, string][] = [
        [{ ...base, name: '' }, 'Name: This field is required'],
        [{ ...base, name: 'x'.repeat(51) }, 'Name: At most 50 characters'],
        [{ ...base, sort: 0 }, 'Sort number: The sort number must be an integer greater than 0'],
        [{ ...base, sort: 1.5 }, 'Sort number: The sort number must be an integer greater than 0'],
        [{ ...base, type: 'department' }, 'Type: The value is not valid'],
        [{ name: 'x', type: 'company', sort: 1 }, 'Superior organization: This field is required'],
      ];
      for (const [payload, msg] of cases) expect(await post(adminContract.orgAdd, payload)).toMatchObject({ code: 3, msg });
      expect((await post(adminContract.orgAdd, { ...base, parentId: 99_999 })).msg).toBe('The organization does not exist');
    });

    it('gives the next sort number under a superior', async () => {
      const parent = await add(rootId, 'Sort parent', 9);
      await add(parent.id, 'a', 4);
      await add(parent.id, 'b', 7);
      expect((await post(adminContract.orgQueryOrderCode, { parentId: parent.id })).data).toEqual({ sort: 8 });
    });

    it('lists the tree for cascaders and selects, the latter also cut at three levels', async () => {
      const a = await add(rootId, 'Level two', 20);
      const b = await add(a.id, 'Level three', 1);
      const c = await add(b.id, 'Level four', 1);
      const cascade = (await post(adminContract.orgQueryForCascade, {})).data as { value: number; label: string; children?: unknown[] }[];
      expect(cascade[0]?.value).toBe(rootId);
      const flat = (await post(adminContract.orgQueryForSelect, {})).data as { id: number; depth: number }[];
      expect(flat.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
      expect(flat.findIndex((o) => o.id === b.id)).toBe(flat.findIndex((o) => o.id === a.id) + 1);
      const three = (await post(adminContract.orgQueryForSelectThree, {})).data as { id: number; depth: number }[];
      expect(three.some((o) => o.id === c.id)).toBe(false);
      expect(three.some((o) => o.id === b.id)).toBe(true);
    });
  });

  describe('edit', () => {
    it('saves name, type, sort number and administrator', async () => {
      const org = await add(rootId, 'Old name');
      const user = await buildUser(t.db);
      const body = await post(adminContract.orgEdit, { id: org.id, name: 'New name', type: 'company', sort: 5, adminUserId: user.id });
      expect(body).toMatchObject({ code: 0, msg: 'Saved successfully', data: { name: 'New name', type: 'company', sort: 5, adminUserId: user.id } });
      expect((await post(adminContract.orgEdit, { id: org.id, name: 'n', type: 'company', sort: 5, adminUserId: 987_654 })).msg).toBe('The user does not exist');
    });

    it('keeps the administrator when an edit leaves it out; null removes them', async () => {
      const org = await add(rootId, 'Kept admin');
      const user = await buildUser(t.db);
      await post(adminContract.orgEdit, { id: org.id, name: 'Kept admin', type: 'organization', sort: 1, adminUserId: user.id });
      const renamed = await post(adminContract.orgEdit, { id: org.id, name: 'Renamed, admin kept', type: 'organization', sort: 1 });
      expect(renamed).toMatchObject({ code: 0, data: { name: 'Renamed, admin kept', adminUserId: user.id } });
      expect(await post(adminContract.orgEdit, { id: org.id, name: 'No admin', type: 'organization', sort: 1, adminUserId: null })).toMatchObject({ code: 0, data: { adminUserId: null } });
    });

    it("an organization's administrator names only users they administer: another tenant's user answers as a missing one", async () => {
      const mine = await add(rootId, 'Tenant X');
      const theirs = await add(rootId, 'Tenant Y');
      await post(adminContract.orgResourcesEdit, { orgId: mine.id, codes: [...RESOURCE_CODES] });
      const role = (await post(adminContract.roleAdd, { name: 'X admins', kind: 'org_admin', orgId: mine.id, sort: 1 })).data as { id: number };
      await post(adminContract.roleResourcesUpdate, { roleId: role.id, codes: [...RESOURCE_CODES] });
      const [admin, colleague, stranger] = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];
      for (const [user, orgId] of [[admin, mine.id], [colleague, mine.id], [stranger, theirs.id]] as const) {
        await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      }
      await post(adminContract.userAssignRoles, { userId: admin.id, roleIds: [role.id] });
      const as = await signIn(t.app, admin.phone, admin.password, { ip: '10.60.2.1' });
      const site = (await post(adminContract.orgAdd, { parentId: mine.id, name: 'X site', type: 'organization', sort: 1 }, as)).data as OrgOut;
      const edit = (adminUserId: number) => post(adminContract.orgEdit, { id: site.id, name: 'X site', type: 'organization', sort: 1, adminUserId }, as);
      const addWith = (adminUserId: number) => post(adminContract.orgAdd, { parentId: mine.id, name: 'X depot', type: 'organization', sort: 2, adminUserId }, as);
      for (const attempt of [edit, addWith]) {
        const foreign = await attempt(stranger.id);
        const missing = await attempt(987_654);
        expect(foreign).toMatchObject({ code: 3, msg: 'The user does not exist' });
        expect({ code: foreign.code, msg: foreign.msg }).toEqual({ code: missing.code, msg: missing.msg });
      }
      const row = await t.db.kysely.selectFrom('orgs').select('admin_user_id').where('id', '=', site.id).executeTakeFirstOrThrow();
      expect(row.admin_user_id).toBeNull();
      expect(await edit(colleague.id)).toMatchObject({ code: 0, data: { adminUserId: colleague.id } });
    });
  });

  describe('transfer', () => {
    it('moves a subtree under another superior and rewrites every path below it', async () => {
      const from = await add(rootId, 'From');
      const to = await add(rootId, 'To');
      const moved = await add(from.id, 'Moved');
      const leaf = await add(moved.id, 'Leaf');
      const body = await post(adminContract.orgTransfer, { id: moved.id, parentId: to.id });
      expect(body).toMatchObject({ code: 0, msg: 'Transferred successfully', data: { parentId: to.id, path: `/${rootId}/${to.id}/${moved.id}/` } });
      const row = await t.db.kysely.selectFrom('orgs').select('path').where('id', '=', leaf.id).executeTakeFirstOrThrow();
      expect(row.path).toBe(`/${rootId}/${to.id}/${moved.id}/${leaf.id}/`);
    });

    it('refuses a move under itself or its own sub-organization, and moving the top', async () => {
      const parent = await add(rootId, 'Cycle parent');
      const child = await add(parent.id, 'Cycle child');
      const cycle = 'An organization cannot be moved under itself or one of its sub-organizations';
      expect((await post(adminContract.orgTransfer, { id: parent.id, parentId: child.id })).msg).toBe(cycle);
      expect((await post(adminContract.orgTransfer, { id: parent.id, parentId: parent.id })).msg).toBe(cycle);
      expect((await post(adminContract.orgTransfer, { id: rootId, parentId: parent.id })).msg).toBe(
        'The top organization, and your own, cannot be deleted or moved',
      );
    });
  });

  describe('delete', () => {
    it('removes the sub-organizations too and signs out their users, who keep their accounts', async () => {
      const org = await add(rootId, 'Closing site');
      const sub = await add(org.id, 'Closing sub-site');
      const member = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: sub.id }).where('id', '=', member.id).execute();
      const memberToken = await signIn(t.app, member.phone, member.password, { ip: '10.60.1.1' });
      const body = await post(adminContract.orgDelete, { id: org.id });
      expect(body).toMatchObject({ code: 0, msg: 'Deleted successfully', data: { deletedOrgs: 2, signedOutUsers: 1 } });
      const left = await t.db.kysely.selectFrom('orgs').select('id').where('id', 'in', [org.id, sub.id]).execute();
      expect(left).toEqual([]);
      expect(envelope(await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token: memberToken, payload: {} })).code).toBe(1);
      const user = await t.db.kysely.selectFrom('users').select('org_id').where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(user.org_id).toBeNull();
    });

    it('compares paths by segment: deleting organization N leaves organization N0 alone', async () => {
      const parent = await add(rootId, 'Prefix parent');
      // Ids chosen so that one is a textual prefix of the other (5000002 and 50000021).
      const now = Date.now();
      for (const id of [5_000_002, 50_000_021]) {
        await t.db.kysely
          .insertInto('orgs')
          .values({ id, name: `org ${id}`, type: 'organization', parent_id: parent.id, path: `${parent.path}${id}/`, sort: 1, created_at: now })
          .execute();
      }
      expect((await post(adminContract.orgDelete, { id: 5_000_002 })).data).toEqual({ deletedOrgs: 1, signedOutUsers: 0 });
      const still = await t.db.kysely.selectFrom('orgs').select('id').where('id', '=', 50_000_021).executeTakeFirst();
      expect(still?.id).toBe(50_000_021);
    });

    it('refuses to delete the top organization or a missing one', async () => {
      expect((await post(adminContract.orgDelete, { id: rootId })).msg).toBe('The top organization, and your own, cannot be deleted or moved');
      expect((await post(adminContract.orgDelete, { id: 999_999 })).msg).toBe('The organization does not exist');
      expect((await post(adminContract.orgDelete, { id: 'x' })).code).toBe(3);
    });
  });
});
