import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string };

describe('user administration (/u/web/sys/user/*)', () => {
  let t: TestApp;
  let sa: string;
  let orgA = 0;
  let orgB = 0;
  const post = async (endpoint: Endpoint, payload: object, token = sa) => envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload }));
  const newUser = (orgId: number, n: number, extra: object = {}) => ({
    orgId,
    phone: `1870000${String(n).padStart(4, '0')}`,
    nickname: `Engineer ${n}`,
    email: `engineer${n}@example.test`,
    newPassword: 'Tunnel-pass-1',
    confirmPassword: 'Tunnel-pass-1',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.95.0.1' });
    const root = ((await post(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    orgA = ((await post(adminContract.orgAdd, { parentId: root, name: 'A', type: 'company', sort: 1 })).data as { id: number }).id;
    orgB = ((await post(adminContract.orgAdd, { parentId: root, name: 'B', type: 'company', sort: 2 })).data as { id: number }).id;
  });
  afterAll(() => t.close());

  it('adds a user who can sign in, and validates the form as spec §5 says', async () => {
    const body = await post(adminContract.userAdd, newUser(orgA, 1));
    expect(body).toMatchObject({ code: 0, msg: 'Added successfully', data: { nickname: 'Engineer 1', orgId: orgA, enabled: true, roleIds: [] } });
    expect(envelope(await loginV1(t.app, 'engineer1@example.test', 'Tunnel-pass-1', { ip: '10.95.1.1' })).code).toBe(0);
    expect((await post(adminContract.userAdd, newUser(orgA, 2, { phone: '12ab' }))).msg).toContain('Wrong phone format');
    expect((await post(adminContract.userAdd, newUser(orgA, 2, { email: 'bad' }))).msg).toContain('Wrong email format');
    expect((await post(adminContract.userAdd, newUser(orgA, 2, { nickname: '' }))).msg).toBe('Name: This field is required');
    expect((await post(adminContract.userAdd, newUser(orgA, 2, { confirmPassword: 'Other-pass-1' }))).msg).toBe(
      'Confirm password: The two passwords are inconsistent',
    );
    expect((await post(adminContract.userAdd, newUser(orgA, 2, { phone: '18700000001' }))).msg).toBe('An account with this phone or email already exists');
    expect((await post(adminContract.userAdd, newUser(999_999, 2))).msg).toBe('The organization does not exist');
  });

  it('lists users with filters and pages, and for selects', async () => {
    await post(adminContract.userAdd, newUser(orgB, 10, { nickname: 'Shift lead B' }));
    const all = (await post(adminContract.userPage, { keyword: 'Shift lead' })).data as { total: number; records: { nickname: string }[] };
    expect(all.records.map((u) => u.nickname)).toEqual(['Shift lead B']);
    const inA = (await post(adminContract.userPage, { orgId: orgA })).data as { records: { orgId: number }[] };
    expect(inA.records.every((u) => u.orgId === orgA)).toBe(true);
    const select = (await post(adminContract.userForSelect, { orgId: orgB })).data as { nickname: string }[];
    expect(select.map((u) => u.nickname)).toEqual(['Shift lead B']);
  });

  it('edits a user; disabling ends their session at once', async () => {
    const added = (await post(adminContract.userAdd, newUser(orgA, 20))).data as { id: number };
    const token = await signIn(t.app, '18700000020', 'Tunnel-pass-1', { ip: '10.95.2.1' });
    const body = await post(adminContract.userEdit, { id: added.id, orgId: orgA, phone: '18700000020', nickname: 'Renamed', email: 'engineer20@example.test', enabled: false });
    expect(body).toMatchObject({ code: 0, data: { nickname: 'Renamed', enabled: false } });
    expect(envelope(await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token, payload: {} })).code).toBe(1);
  });

  it('keeps what an edit leaves out: a disabled user stays disabled and keeps their projects and headquarters scope', async () => {
    const runId = await buildRun(t.db, orgA);
    const added = (await post(adminContract.userAdd, newUser(orgA, 21, { enabled: false, zb: true, runIds: [runId] }))).data as { id: number };
    const contact = { id: added.id, orgId: orgA, phone: '18700000021', email: 'engineer21@example.test' };
    const body = await post(adminContract.userEdit, { ...contact, nickname: 'Renamed 21' });
    expect(body).toMatchObject({ code: 0, data: { nickname: 'Renamed 21', enabled: false, zb: true, runIds: [runId] } });
    expect(envelope(await loginV1(t.app, 'engineer21@example.test', 'Tunnel-pass-1', { ip: '10.95.2.2' })).code).not.toBe(0);
    // Named, they change: an empty list clears the projects, true enables.
    const changed = await post(adminContract.userEdit, { ...contact, nickname: 'Renamed 21', enabled: true, zb: false, runIds: [] });
    expect(changed).toMatchObject({ code: 0, data: { enabled: true, zb: false, runIds: [] } });
  });

  it('never changes a super administrator or deletes the caller', async () => {
    const admins = (await post(adminContract.userPage, { keyword: ADMIN.email })).data as { records: { id: number }[] };
    const adminId = admins.records[0]?.id ?? 0;
    expect((await post(adminContract.userDelete, { id: adminId })).msg).toBe('A super administrator cannot be changed here');
    expect((await post(adminContract.userEdit, { id: adminId, orgId: orgA, phone: '1', nickname: 'x', email: 'a@b.c' })).msg).toBe(
      'A super administrator cannot be changed here',
    );
  });

  it("deletes a user, and lists a user's roles with the roles that may be given", async () => {
    const added = (await post(adminContract.userAdd, newUser(orgA, 30))).data as { id: number };
    const role = (await post(adminContract.roleAdd, { name: 'Viewer', kind: 'custom', orgId: orgA, sort: 1 })).data as { id: number };
    await post(adminContract.userAssignRoles, { userId: added.id, roleIds: [role.id] });
    const roles = (await post(adminContract.userRoles, { userId: added.id })).data as { roleIds: number[]; available: { id: number }[] };
    expect(roles.roleIds).toEqual([role.id]);
    expect(roles.available.map((r) => r.id)).toContain(role.id);
    expect(await post(adminContract.userDelete, { id: added.id })).toMatchObject({ code: 0, msg: 'Deleted successfully' });
    expect((await post(adminContract.userRoles, { userId: added.id })).msg).toBe('The user does not exist');
  });
});
