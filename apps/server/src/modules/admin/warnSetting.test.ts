import { adminContract, endpointUrl, KEY_TAGS, projectContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, type BuiltUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string };
type Setting = { tagCode: string; name: string; enabled: boolean; lowWarn: number | null; highWarn: number | null; highAlarm: number | null; updatedBy: string | null; updatedAt: number | null };
type SettingPage = { total: number; records: Setting[] };

const SPEED = KEY_TAGS.advanceSpeed;
const save = (runId: number, extra: object = {}) => ({
  runId,
  tagCode: SPEED,
  enabled: true,
  notify: true,
  lowAlarm: null,
  lowWarn: 5,
  highWarn: 70,
  highAlarm: 80,
  delaySeconds: 10,
  ...extra,
});

describe('runs and part alarm settings (/u/web/sts/run/queryProject, /u/web/emWarnSetting/*)', () => {
  let t: TestApp;
  let sa: string;
  const ids = { group: 0, branch: 0, site: 0, other: 0, siteRun: 0, otherRun: 0, branchRun: 0, role: 0 };
  let engineer: BuiltUser;

  const post = async (endpoint: Endpoint, payload: object, token = sa) => envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload }));
  const ok = async (endpoint: Endpoint, payload: object) => {
    const body = await post(endpoint, payload);
    expect(body.code, body.msg).toBe(0);
    return body.data as { id: number };
  };
  const visibleRuns = async (token: string) =>
    ((envelope(await call(t.app, 'GET', endpointUrl(projectContract.runQueryProject), { token })).data ?? []) as { runId: number }[]).map((r) => r.runId);
  const engineerToken = () => signIn(t.app, engineer.phone, engineer.password, { ip: '10.72.0.9' });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.72.0.1' });
    const root = ((await post(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    // root / group (second level) / branch / site, and another second-level organization.
    ids.group = (await ok(adminContract.orgAdd, { parentId: root, name: 'Group', type: 'company', sort: 1 })).id;
    ids.branch = (await ok(adminContract.orgAdd, { parentId: ids.group, name: 'Branch', type: 'company', sort: 1 })).id;
    ids.site = (await ok(adminContract.orgAdd, { parentId: ids.branch, name: 'Site', type: 'organization', sort: 1 })).id;
    ids.other = (await ok(adminContract.orgAdd, { parentId: root, name: 'Other group', type: 'company', sort: 2 })).id;
    ids.siteRun = await buildRun(t.db, ids.site, { projectName: 'Metro Line 4 Lot 2', tbmCode: 'S-1125' });
    ids.branchRun = await buildRun(t.db, ids.branch, { projectName: 'Outfall tunnel', tbmCode: 'S-1200', machineType: 'slurry' });
    ids.otherRun = await buildRun(t.db, ids.other, { projectName: 'Other contractor tunnel' });
    await ok(adminContract.orgResourcesEdit, { orgId: ids.group, codes: ['admin.warnSetting.read', 'admin.warnSetting.write', 'menu.admin.partSetting'] });
    ids.role = (await ok(adminContract.roleAdd, { name: 'Branch engineers', kind: 'custom', orgId: ids.branch, sort: 1 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId: ids.role, codes: ['admin.warnSetting.read', 'admin.warnSetting.write'] });
    engineer = await buildUser(t.db, { nickname: 'Night shift engineer' });
    await t.db.kysely.updateTable('users').set({ org_id: ids.branch }).where('id', '=', engineer.id).execute();
    await ok(adminContract.userAssignRoles, { userId: engineer.id, roleIds: [ids.role] });
  });
  afterAll(() => t.close());

  it('answers code 1 without a session, code 2 without the resource, and names bad fields', async () => {
    expect(envelope(await call(t.app, 'POST', endpointUrl(adminContract.warnSettingPage), { payload: { runId: ids.siteRun } })).code).toBe(1);
    expect(envelope(await call(t.app, 'GET', endpointUrl(projectContract.runQueryProject))).code).toBe(1);
    const plain = await buildUser(t.db);
    const plainToken = await signIn(t.app, plain.phone, plain.password, { ip: '10.72.1.1' });
    expect((await post(adminContract.warnSettingPage, { runId: ids.siteRun }, plainToken)).code).toBe(2);
    expect((await post(adminContract.warnSettingUpdate, save(ids.siteRun), plainToken)).code).toBe(2);
    expect(await visibleRuns(plainToken)).toEqual([]);

    const bad = await post(adminContract.warnSettingUpdate, save(ids.siteRun, { lowWarn: 90, highWarn: 70 }));
    expect(bad).toMatchObject({ code: 3, msg: 'High warning: Thresholds must be ordered: low alarm ≤ low warning < high warning ≤ high alarm' });
    const none = await post(adminContract.warnSettingUpdate, save(ids.siteRun, { lowWarn: null, highWarn: null, highAlarm: null }));
    expect(none.msg).toBe('High warning: Set at least one threshold to switch the alarm on');
    expect((await post(adminContract.warnSettingUpdate, save(ids.siteRun, { delaySeconds: -1 }))).msg).toBe('Delay: Please enter an integer from 0 to 3600');
    expect((await post(adminContract.warnSettingUpdate, save(ids.siteRun, { tagCode: 'thrust.noSuchTag' }))).msg).toBe('This machine has no such monitored point');
    expect((await post(adminContract.warnSettingPage, { runId: 'x' })).msg).toBe('Project: The value is not valid');
  });

  it('lists every monitored point of the machine with defaults, filtered, in the caller language', async () => {
    const all = (await post(adminContract.warnSettingPage, { runId: ids.siteRun, pageSize: 10 })).data as SettingPage;
    expect(all.total).toBeGreaterThanOrEqual(500);
    expect(all.records).toHaveLength(10);
    const thrust = (await post(adminContract.warnSettingPage, { runId: ids.siteRun, subsystem: 'thrust', keyword: 'advanceSpeed' })).data as SettingPage;
    const exact = thrust.records.filter((s) => s.tagCode === SPEED);
    expect(thrust.records.map((s) => s.tagCode)).toContain('thrust.advanceSpeedSetpoint');
    expect(exact).toEqual([expect.objectContaining({ tagCode: SPEED, enabled: false, updatedAt: null, lowWarn: 0, highWarn: 80 })]);
    const chinese = envelope(await call(t.app, 'POST', endpointUrl(adminContract.warnSettingPage), { token: sa, lang: 'zh_CN', payload: { runId: ids.siteRun, keyword: SPEED } }));
    const [point] = (chinese.data as SettingPage).records;
    expect(point?.name).toMatch(/[\u4e00-\u9fff]/);
    // A slurry machine has its slurry circuit, an EPB machine has none.
    const slurry = (await post(adminContract.warnSettingPage, { runId: ids.branchRun, subsystem: 'slurryCircuit' })).data as SettingPage;
    expect(slurry.total).toBeGreaterThan(0);
    expect(((await post(adminContract.warnSettingPage, { runId: ids.siteRun, subsystem: 'slurryCircuit' })).data as SettingPage).total).toBe(0);
  });

  it('saves a point for one run only, shows who changed it, and filters by switch', async () => {
    const token = await engineerToken();
    const saved = await post(adminContract.warnSettingUpdate, save(ids.siteRun), token);
    expect(saved).toMatchObject({ code: 0, msg: 'Saved successfully', data: { tagCode: SPEED, enabled: true, highWarn: 70, highAlarm: 80, updatedBy: 'Night shift engineer' } });
    const again = await post(adminContract.warnSettingUpdate, save(ids.siteRun, { highWarn: 65 }), token);
    expect((again.data as Setting).highWarn).toBe(65);
    const on = (await post(adminContract.warnSettingPage, { runId: ids.siteRun, enabled: true }, token)).data as SettingPage;
    expect(on.records.map((s) => s.tagCode)).toEqual([SPEED]);
    const elsewhere = (await post(adminContract.warnSettingPage, { runId: ids.branchRun, enabled: true }, token)).data as SettingPage;
    expect(elsewhere.total).toBe(0);
  });

  it('checks grants at the run organization, or the second level for zb users, and keeps to assigned runs', async () => {
    const token = await engineerToken();
    // A role of the branch reaches runs of the branch and below, not those of another group.
    expect(await visibleRuns(token)).toEqual([ids.siteRun, ids.branchRun].sort((a, b) => a - b));
    expect((await post(adminContract.warnSettingPage, { runId: ids.otherRun }, token)).code).toBe(2);
    expect((await post(adminContract.warnSettingUpdate, save(ids.otherRun), token)).msg).toBe('No permission, please contact the administrator');

    // zb: the check moves up to the second-level organization (the group), where the branch role does not reach.
    await t.db.kysely.updateTable('users').set({ is_zb: 1 }).where('id', '=', engineer.id).execute();
    expect(await visibleRuns(token)).toEqual([]);
    expect((await post(adminContract.warnSettingPage, { runId: ids.siteRun }, token)).code).toBe(2);
    const groupRole = (await ok(adminContract.roleAdd, { name: 'Group engineers', kind: 'custom', orgId: ids.group, sort: 2 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId: groupRole, codes: ['admin.warnSetting.read'] });
    await ok(adminContract.userAssignRoles, { userId: engineer.id, roleIds: [ids.role, groupRole] });
    expect((await post(adminContract.warnSettingPage, { runId: ids.siteRun }, token)).code).toBe(0);
    expect((await post(adminContract.warnSettingUpdate, save(ids.siteRun), token)).code).toBe(2);
    await t.db.kysely.updateTable('users').set({ is_zb: 0 }).where('id', '=', engineer.id).execute();

    // Limited to one run by the administrator: the sibling run answers like a missing one.
    const edit = await post(adminContract.userEdit, {
      id: engineer.id,
      orgId: ids.branch,
      phone: engineer.phone,
      nickname: 'Night shift engineer',
      email: engineer.email,
      enabled: true,
      zb: false,
      runIds: [ids.branchRun],
    });
    expect(edit).toMatchObject({ code: 0, data: { runIds: [ids.branchRun], zb: false } });
    const after = await engineerToken();
    expect(await visibleRuns(after)).toEqual([ids.branchRun]);
    expect((await post(adminContract.warnSettingPage, { runId: ids.siteRun }, after)).code).toBe(2);
    expect((await post(adminContract.warnSettingPage, { runId: 987_654 }, after)).code).toBe(2);
  });

  it('lets administrators limit users only to runs they administer, and keeps organizations with runs', async () => {
    const admin = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: ids.branch }).where('id', '=', admin.id).execute();
    const adminRole = (await ok(adminContract.roleAdd, { name: 'Branch admins', kind: 'org_admin', orgId: ids.branch, sort: 3 })).id;
    await ok(adminContract.orgResourcesEdit, { orgId: ids.group, codes: ['admin.warnSetting.read', 'admin.warnSetting.write', 'admin.user.read', 'admin.user.write', 'admin.org.write'] });
    await ok(adminContract.roleResourcesUpdate, { roleId: adminRole, codes: ['admin.user.read', 'admin.user.write', 'admin.org.write'] });
    await ok(adminContract.userAssignRoles, { userId: admin.id, roleIds: [adminRole] });
    const token = await signIn(t.app, admin.phone, admin.password, { ip: '10.72.2.1' });
    const options = (await post(adminContract.userRunOptions, {}, token)).data as { runId: number; projectName: string }[];
    expect(options.map((o) => o.projectName).sort()).toEqual(['Metro Line 4 Lot 2', 'Outfall tunnel']);
    const user = { orgId: ids.site, phone: '18800000077', nickname: 'Ring builder', email: 'ring.builder@example.test', newPassword: 'Tunnel-pass-7', confirmPassword: 'Tunnel-pass-7' };
    expect((await post(adminContract.userAdd, { ...user, runIds: [ids.otherRun] }, token)).code).toBe(2);
    const added = await post(adminContract.userAdd, { ...user, runIds: [ids.siteRun, ids.siteRun], zb: true }, token);
    expect(added).toMatchObject({ code: 0, data: { runIds: [ids.siteRun], zb: true } });
    // The site holds a run: deleting it would lose a project's record.
    expect((await post(adminContract.orgDelete, { id: ids.site })).msg).toBe('Projects belong to this organization or one below it; move them before deleting it');
  });
});
