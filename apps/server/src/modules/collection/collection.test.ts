import { adminContract, collectionContract as c, endpointUrl, LIMITS } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string };

describe('collection: per-user stars of pages, projects, ring reports and alarms', () => {
  let t: TestApp;
  const ids = { runA: 0, runA2: 0, runB: 0, alarmA: 0, alarmB: 0, userA: 0, userA2: 0 };
  const tokens = { a: '', a2: '', b: '', none: '' };

  const post = async (endpoint: Endpoint, payload: object, token: string, lang = 'en_US'): Promise<Body> => envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const list = async (token: string) => data<c.CollectionEntry[]>(await post(c.collectionList, {}, token));

  beforeAll(async () => {
    t = await createTestApp();
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.98.0.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const orgA = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor A', type: 'company', sort: 1 });
    const orgB = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor B', type: 'company', sort: 2 });
    ids.runA = await buildRun(t.db, orgA, { projectName: 'Metro A' });
    ids.runA2 = await buildRun(t.db, orgA, { projectName: 'Metro A, second drive' });
    ids.runB = await buildRun(t.db, orgB, { projectName: 'Metro B' });
    const codes = ['menu.project.collection', 'project.run.read'];
    for (const orgId of [orgA, orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name: `Starrers ${orgId} ${roleCodes.length}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const [roleA, roleB, roleNone] = [await role(orgA, codes), await role(orgB, codes), await role(orgA, ['project.run.read'])];
    let ip = 10;
    const userIn = async (orgId: number, roleIds: number[]) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      ip += 1;
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip: `10.98.0.${ip}` }) };
    };
    const a = await userIn(orgA, [roleA]);
    ids.userA = a.id;
    tokens.a = a.token;
    const a2 = await userIn(orgA, [roleA]);
    ids.userA2 = a2.id;
    tokens.a2 = a2.token;
    tokens.b = (await userIn(orgB, [roleB])).token;
    tokens.none = (await userIn(orgA, [roleNone])).token;
    const alarm = async (runId: number) =>
      (
        await t.db.kysely
          .insertInto('alarms')
          .values({ run_id: runId, number: 1, kind: 'longStop', point: 'state.longStop', subsystem: null, level: 'warning', direction: null, start_ts: Date.now(), end_ts: null, fault_ts: Date.now(), start_value: null, peak_value: null, limit_value: null, ring_no: null, shift_date: null, shift_no: null, start_chainage: null, end_chainage: null, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.alarmA = await alarm(ids.runA);
    ids.alarmB = await alarm(ids.runB);
  });
  afterAll(() => t.close());

  it('adds, lists grouped data, renames on a second star and removes', async () => {
    const page = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/report/ring?ring=12', title: 'Ring 12 report' }, tokens.a));
    expect(page).toMatchObject({ kind: 'page', runId: ids.runA, projectName: 'Metro A', target: '/fw1/report/ring?ring=12', title: 'Ring 12 report' });
    const project = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'project', runId: ids.runA, target: String(ids.runA), title: 'Metro A' }, tokens.a));
    const alarm = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'alarm', runId: ids.runA, target: String(ids.alarmA), title: 'Long stop' }, tokens.a));
    const ring = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'ringReport', runId: ids.runA, target: '12', title: 'Ring 12' }, tokens.a));
    const outside = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'page', target: '/fw0/stsRun/list', title: 'Projects' }, tokens.a));
    expect(outside).toMatchObject({ runId: null, projectName: null });
    expect((await list(tokens.a)).map((e) => e.id).sort((x, y) => x - y)).toEqual([page.id, project.id, alarm.id, ring.id, outside.id].sort((x, y) => x - y));
    // Starring the same again answers the same entry, renamed.
    const again = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/report/ring?ring=12', title: 'Ring twelve' }, tokens.a));
    expect(again.id).toBe(page.id);
    expect((await list(tokens.a)).find((e) => e.id === page.id)?.title).toBe('Ring twelve');
    // Each user's collection is their own.
    expect(await list(tokens.a2)).toEqual([]);
    data(await post(c.collectionRemove, { id: page.id }, tokens.a));
    expect((await list(tokens.a)).map((e) => e.id)).not.toContain(page.id);
  });

  it("refuses another user's entries, another tenant's runs and alarms, and bad targets", async () => {
    const mine = data<c.CollectionEntry>(await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/home', title: 'Home' }, tokens.a));
    const missing = translate('en-US', 'collection.error.notFound');
    expect(await post(c.collectionRemove, { id: mine.id }, tokens.a2)).toMatchObject({ code: 3, msg: missing });
    expect(await post(c.collectionRemove, { id: mine.id }, tokens.b)).toMatchObject({ code: 3, msg: missing });
    expect(await post(c.collectionRemove, { id: 987_654 }, tokens.b)).toMatchObject({ code: 3, msg: missing });
    expect((await list(tokens.a)).map((e) => e.id)).toContain(mine.id);
    // B's run is answered like a missing run: no permission.
    const theirs = await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/home', title: 'Home' }, tokens.b);
    const none = await post(c.collectionAdd, { kind: 'page', runId: 987_654, target: '/fw1/home', title: 'Home' }, tokens.b);
    expect(theirs.code).toBe(2);
    expect([none.code, none.msg]).toEqual([theirs.code, theirs.msg]);
    // An alarm of another run, a project that is not the run, a page outside the console.
    const objectMissing = translate('en-US', 'collection.error.objectNotFound');
    expect(await post(c.collectionAdd, { kind: 'alarm', runId: ids.runA, target: String(ids.alarmB), title: 'x' }, tokens.a)).toMatchObject({ code: 3, msg: objectMissing });
    expect(await post(c.collectionAdd, { kind: 'project', runId: ids.runA, target: String(ids.runB), title: 'x' }, tokens.a)).toMatchObject({ code: 3, msg: objectMissing });
    expect((await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: 'https://evil.test/', title: 'x' }, tokens.a)).code).toBe(3);
    expect((await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: 'javascript:alert(1)', title: 'x' }, tokens.a)).code).toBe(3);
    expect((await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/home', title: 'x'.repeat(101) }, tokens.a)).code).toBe(3);
    // Without the collection's resource nothing answers.
    expect((await post(c.collectionList, {}, tokens.none)).code).toBe(2);
  });

  it('stops at the limit per user, in the caller language', async () => {
    expect(await list(tokens.a2)).toEqual([]);
    // Fill the second user of A up to the limit, less one, through the table; then star through the API.
    const rows = Array.from({ length: LIMITS.collectionMaxPerUser - 1 }, (_, i) => ({ user_id: ids.userA2, kind: 'page', run_id: null, target: `/fw1/p${i}`, title: `P${i}`, created_at: Date.now() }));
    await t.db.kysely.insertInto('collection_items').values(rows).execute();
    data(await post(c.collectionAdd, { kind: 'page', runId: ids.runA, target: '/fw1/last', title: 'Last' }, tokens.a2));
    expect((await list(tokens.a2)).length).toBe(LIMITS.collectionMaxPerUser);
    for (const [lang, locale] of [['en_US', 'en-US'], ['it_IT', 'it-IT']] as const) {
      const full = await post(c.collectionAdd, { kind: 'page', runId: null, target: '/fw1/one-more', title: 'One more' }, tokens.a2, lang);
      expect(full).toMatchObject({ code: 3, msg: translate(locale, 'collection.error.full', { max: LIMITS.collectionMaxPerUser }) });
    }
    // Starring one already there still answers it.
    expect((await post(c.collectionAdd, { kind: 'page', runId: null, target: '/fw1/p0', title: 'P0' }, tokens.a2)).code).toBe(0);
  });
});
