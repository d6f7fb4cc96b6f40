import { adminCentreContract as ac, adminContract, authContract, type AdminCentreOverview, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, type BuiltUser, call, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';

const URL = endpointUrl(ac.adminCentreOverview);
const HOUR = 3_600_000;
const ADMIN_CODES = ['menu.adminCenter', 'messages.loginLog.readAll'];

describe('admin centre (GET /u/web/adminCentre/overview/v1)', () => {
  let t: TestApp;
  const tokens = { sa: '', adminA: '', adminB: '', plainA: '', centreOnlyA: '' };
  const ids = { orgA: 0, orgB: 0, runSilentA: 0, runFreshA: 0, runNewA: 0, runFinishedA: 0, runSilentB: 0, emptyRoleA: 0, emptyRoleB: 0 };
  const people: Record<'lockedA' | 'userB' | 'signedOutA', BuiltUser | null> = { lockedA: null, userB: null, signedOutA: null };

  const ok = async (method: 'GET' | 'POST', url: string, payload: object = {}, token = tokens.sa): Promise<unknown> => {
    const body = envelope(await call(t.app, method, url, { token, ...(method === 'POST' ? { payload } : {}) }));
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const created = async (url: string, payload: object) => z.object({ id: z.number() }).parse(await ok('POST', url, payload)).id;
  const overviewOf = (token: string, lang = 'en_US'): Promise<Envelope> => call(t.app, 'GET', URL, { token, lang }).then(envelope);
  const overview = async (token: string, lang = 'en_US'): Promise<AdminCentreOverview> => {
    const body = await overviewOf(token, lang);
    expect(body.code, body.msg).toBe(0);
    return body.data as AdminCentreOverview;
  };
  const role = async (orgId: number, name: string, codes: readonly string[]) => {
    const roleId = await created(endpointUrl(adminContract.roleAdd), { name, kind: 'custom', orgId, sort: 1 });
    await ok('POST', endpointUrl(adminContract.roleResourcesUpdate), { roleId, codes });
    return roleId;
  };
  const userIn = async (orgId: number, nickname: string, roleIds: number[]) => {
    const user = await buildUser(t.db, { nickname });
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok('POST', endpointUrl(adminContract.userAssignRoles), { userId: user.id, roleIds });
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.95.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok('POST', endpointUrl(adminContract.orgQuery)))[0]?.id ?? 1;
    ids.orgA = await created(endpointUrl(adminContract.orgAdd), { parentId: root, name: 'Contractor Alpha', type: 'company', sort: 1 });
    ids.orgB = await created(endpointUrl(adminContract.orgAdd), { parentId: root, name: 'Contractor Bravo', type: 'company', sort: 2 });
    for (const orgId of [ids.orgA, ids.orgB]) await ok('POST', endpointUrl(adminContract.orgResourcesEdit), { orgId, codes: [...ADMIN_CODES, 'project.run.read'] });
    const adminRoleA = await role(ids.orgA, 'Centre admins A', ADMIN_CODES);
    const adminRoleB = await role(ids.orgB, 'Centre admins B', ADMIN_CODES);
    const centreOnlyRole = await role(ids.orgA, 'Centre viewers A', ['menu.adminCenter']);
    const plainRole = await role(ids.orgA, 'Run readers A', ['project.run.read']);
    ids.emptyRoleA = await role(ids.orgA, 'Unused role Alpha', ['project.run.read']);
    ids.emptyRoleB = await role(ids.orgB, 'Unused role Bravo', ['project.run.read']);

    const adminA = await userIn(ids.orgA, 'Ada Admin', [adminRoleA]);
    const adminB = await userIn(ids.orgB, 'Bruno Admin', [adminRoleB]);
    const plainA = await userIn(ids.orgA, 'Paolo Plain', [plainRole]);
    const centreOnlyA = await userIn(ids.orgA, 'Clara Centre', [centreOnlyRole]);
    people.lockedA = await userIn(ids.orgA, 'Luca Locked', [plainRole]);
    people.userB = await userIn(ids.orgB, 'Berta Bravo', [adminRoleB]);
    people.signedOutA = await userIn(ids.orgA, 'Sara Signedout', [plainRole]);
    tokens.adminA = await signIn(t.app, adminA.phone, adminA.password, { ip: '10.95.0.2', userAgent: 'Firefox on site office' });
    tokens.adminB = await signIn(t.app, adminB.phone, adminB.password, { ip: '10.95.0.3' });
    tokens.plainA = await signIn(t.app, plainA.phone, plainA.password, { ip: '10.95.0.4' });
    tokens.centreOnlyA = await signIn(t.app, centreOnlyA.phone, centreOnlyA.password, { ip: '10.95.0.5' });
    await signIn(t.app, people.userB.phone, people.userB.password, { ip: '10.95.0.6' });
    const gone = await signIn(t.app, people.signedOutA.phone, people.signedOutA.password, { ip: '10.95.0.7' });
    expect(envelope(await call(t.app, 'GET', endpointUrl(authContract.logout), { token: gone })).code).toBe(0);

    // Five wrong passwords from one address lock the account there; one more attempt is refused.
    for (let i = 0; i < 5; i += 1) await loginV1(t.app, people.lockedA.phone, 'Wrong-pass-1', { ip: '10.95.0.66' });
    expect(envelope(await loginV1(t.app, people.lockedA.phone, people.lockedA.password, { ip: '10.95.0.66' })).code).toBe(3);
    // Named by his e-mail in capitals, the account is refused too (logged without a user: found by the address).
    expect(envelope(await loginV1(t.app, people.lockedA.email.toUpperCase(), people.lockedA.password, { ip: '10.95.0.66' })).code).toBe(3);
    await loginV1(t.app, people.userB.email, 'Wrong-pass-1', { ip: '10.95.0.77' });
    await loginV1(t.app, 'nobody@example.test', 'Wrong-pass-1', { ip: '10.95.0.88' });

    const now = Date.now();
    ids.runSilentA = await buildRun(t.db, ids.orgA, { projectName: 'Alpha silent drive', tbmCode: 'A-SIL' });
    ids.runFreshA = await buildRun(t.db, ids.orgA, { projectName: 'Alpha busy drive', tbmCode: 'A-BUSY' });
    ids.runNewA = await buildRun(t.db, ids.orgA, { projectName: 'Alpha new drive', tbmCode: 'A-NEW' });
    ids.runFinishedA = await buildRun(t.db, ids.orgA, { projectName: 'Alpha finished drive', tbmCode: 'A-FIN' });
    ids.runSilentB = await buildRun(t.db, ids.orgB, { projectName: 'Bravo silent drive', tbmCode: 'B-SIL' });
    await t.db.kysely.updateTable('runs').set({ created_at: now - 5 * HOUR }).where('id', 'in', [ids.runSilentA, ids.runFreshA, ids.runFinishedA, ids.runSilentB]).execute();
    await t.db.kysely.updateTable('runs').set({ finished_at: now - 4 * HOUR }).where('id', '=', ids.runFinishedA).execute();
    await t.db.kysely
      .insertInto('ingest_connections')
      .values([
        { run_id: ids.runSilentA, key_issued_at: null, last_frame_at: now - 2 * HOUR, last_source: 'http' },
        { run_id: ids.runFreshA, key_issued_at: null, last_frame_at: now - 5 * 60_000, last_source: 'mqtt' },
      ])
      .execute();

    // Storage: a complete file of 1234 bytes and a partial one (not counted); 150 bytes of machine data.
    const file = (id: string, state: string, size: number) => ({
      id, purpose: 'riskPicture', state, run_id: ids.runSilentA, owner_kind: null, owner_id: null, attached_at: null, uploader_id: adminA.id,
      name: `${id}.png`, kind: 'image', content_type: 'image/png', size, sha256: null, chunk_bytes: 65_536, parent_id: null, created_at: now, updated_at: now,
    });
    await t.db.kysely.insertInto('files').values([file('admincentre-file-complete-0001', 'complete', 1234), file('admincentre-file-partial-0001', 'partial', 999_999)]).execute();
    const layout = await t.db.kysely.insertInto('tele_layouts').values({ run_id: ids.runFreshA, codes: '[]', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('tele_chunks')
      .values({ run_id: ids.runFreshA, layout_id: layout.id, start_ts: now - 15 * 60_000, end_ts: now - 5 * 60_000, frames: 600, data: new Uint8Array(100), minutes: new Uint8Array(20) })
      .execute();
    await t.db.kysely.insertInto('tele_hourly').values({ run_id: ids.runFreshA, layout_id: layout.id, day_ts: now - (now % 86_400_000), data: new Uint8Array(30) }).execute();

    await t.db.kysely
      .insertInto('job_runs')
      .values({ name: 'test.failingJob', due_at: now - 60_000, state: 'failed', owner: null, lease_until: null, retry_at: now + 60_000, attempts: 2, started_at: now - 50_000, finished_at: now - 40_000, last_error: 'disk full', last_count: null })
      .execute();
    await t.db.kysely.insertInto('sms_outbox').values({ phone: '13900000001', text: 'Your code is 123456', created_at: now - 60_000 }).execute();
  });
  afterAll(() => t.close());

  it('answers code 1 without a session and code 2 to a user without the admin centre', async () => {
    expect((await overviewOf('')).code).toBe(1);
    expect(await overviewOf(tokens.plainA)).toMatchObject({ code: 2, data: null });
  });

  it("shows an organization's administrator his organization's users, open sessions, sign-ins, roles and runs, and nothing of another", async () => {
    const a = await overview(tokens.adminA);
    expect(a.scope).toBe('organization');
    // Ada, Paolo, Clara, Luca and Sara; three of them signed in now (Sara signed out, Luca never got in).
    expect(a.users).toMatchObject({ total: 5, enabled: 5, signedInNow: 3 });
    expect(a.users.sessions.map((s) => s.nickname).sort()).toEqual(['Ada Admin', 'Clara Centre', 'Paolo Plain']);
    expect(a.users.sessions.find((s) => s.nickname === 'Ada Admin')).toMatchObject({ ip: '10.95.0.2', client: 'Firefox on site office', orgName: 'Contractor Alpha' });

    expect(a.signIn?.locked).toEqual([expect.objectContaining({ userId: people.lockedA?.id, nickname: 'Luca Locked', ip: '10.95.0.66' })]);
    expect(a.signIn?.locked[0]?.until).toBeGreaterThan(Date.now());
    // Five wrong passwords and the two refused attempts, all of one account (named by phone and by e-mail).
    expect(a.signIn).toMatchObject({ failures: 7, failedAccounts: 2 });
    expect(a.signIn?.recentFailures.map((f) => f.result).sort()).toEqual(['bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'bad_credentials', 'throttled', 'throttled']);

    expect(a.rolesWithoutUsers.roles.map((r) => r.name)).toEqual(['Unused role Alpha']);
    expect(a.rolesWithoutUsers.total).toBe(1);

    expect(a.runs.open).toBe(3);
    expect(a.runs.silent.map((r) => r.projectName)).toEqual(['Alpha silent drive']);
    expect(a.runs.silent[0]?.lastFrameAt).toBeLessThan(Date.now() - HOUR);

    const storage = Object.fromEntries(a.storage.runs.map((r) => [r.projectName, r]));
    expect(storage['Alpha silent drive']).toMatchObject({ fileCount: 1, fileBytes: 1234, machineBytes: 0 });
    expect(storage['Alpha busy drive']).toMatchObject({ fileCount: 0, fileBytes: 0, machineBytes: 150, frames: 600 });
    expect(a.storage).toMatchObject({ fileBytes: 1234, machineBytes: 150 });
    expect(a.storage.method).toContain('10-minute chunks');

    // Platform-wide sections are the super administrator's.
    expect(a.jobs).toBeNull();
    expect(a.smsOutbox).toBeNull();
    const text = JSON.stringify(a);
    for (const foreign of ['Bravo', 'Bruno', 'Berta', people.userB?.phone ?? '-', people.userB?.email ?? '-', 'nobody@example.test', '10.95.0.77']) expect(text).not.toContain(foreign);
    expect(text).not.toContain(`"runId":${ids.runSilentB}`);
  });

  it("shows the other organization's administrator only his own, and hides sign-ins without messages.loginLog.readAll", async () => {
    const b = await overview(tokens.adminB);
    expect(b.users).toMatchObject({ total: 2, signedInNow: 2 });
    expect(b.users.sessions.map((s) => s.nickname).sort()).toEqual(['Berta Bravo', 'Bruno Admin']);
    expect(b.signIn).toMatchObject({ failures: 1, failedAccounts: 1, locked: [] });
    expect(b.rolesWithoutUsers.roles.map((r) => r.name)).toEqual(['Unused role Bravo']);
    expect(b.runs.silent.map((r) => r.runId)).toEqual([ids.runSilentB]);
    const text = JSON.stringify(b);
    for (const foreign of ['Alpha', 'Ada Admin', 'Luca', 'Firefox on site office', '10.95.0.66']) expect(text).not.toContain(foreign);

    const viewer = await overview(tokens.centreOnlyA);
    expect(viewer.signIn).toBeNull();
    expect(viewer.users.total).toBe(5);
  });

  it('shows the super administrator every organization, the failed job and the SMS outbox, in the caller’s language', async () => {
    const all = await overview(tokens.sa, 'it_IT');
    expect(all.scope).toBe('all');
    expect(all.runs.silent.map((r) => r.runId)).toEqual(expect.arrayContaining([ids.runSilentA, ids.runSilentB]));
    expect(all.runs.silent.map((r) => r.runId)).not.toContain(ids.runFreshA);
    expect(all.runs.silent.map((r) => r.runId)).not.toContain(ids.runNewA);
    expect(all.runs.silent.map((r) => r.runId)).not.toContain(ids.runFinishedA);
    expect(all.signIn?.recentFailures.map((f) => f.account)).toContain('nobody@example.test');
    expect(all.signIn?.failures).toBe(9);
    expect(all.rolesWithoutUsers.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Unused role Alpha', 'Unused role Bravo']));
    expect(all.jobs?.find((j) => j.name === 'test.failingJob')).toMatchObject({ state: 'failed', lastError: 'disk full', attempts: 2 });
    expect(all.smsOutbox).toMatchObject({ total: 1, lastDay: 1, recent: [expect.objectContaining({ phone: '13900000001', text: 'Your code is 123456' })] });
    expect(all.storage.method).toContain('blocchi compressi');
  });

});
