import { adminContract, endpointUrl, KEY_TAGS, monitorContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string };

/** What an administrator reads when a form is refused: the field problems of the answer, and its message. */
describe('administration forms: what a refused value is told', () => {
  let t: TestApp;
  let sa: string;
  let rootId = 0;
  let orgId = 0;
  let otherOrgId = 0;
  let runId = 0;

  const post = async (endpoint: Endpoint, payload: object, lang = 'en_US') =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload, lang }));
  const fieldsOf = (body: { data?: unknown }) => ((body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? []).map((f) => f.message);

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.96.0.1' });
    rootId = ((await post(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    orgId = ((await post(adminContract.orgAdd, { parentId: rootId, name: 'Validation site', type: 'company', sort: 1 })).data as { id: number }).id;
    otherOrgId = ((await post(adminContract.orgAdd, { parentId: rootId, name: 'Validation depot', type: 'company', sort: 2 })).data as { id: number }).id;
    runId = await buildRun(t.db, orgId);
  });
  afterAll(() => t.close());

  it('takes a sort number only as a number: true and "2" in a JSON body are refused', async () => {
    const sortNumber = 'Sort number: The sort number must be an integer greater than 0';
    for (const sort of [true, '2', null]) {
      expect(await post(adminContract.orgAdd, { parentId: rootId, name: 'Sorted', type: 'organization', sort })).toMatchObject({ code: 3, msg: sortNumber });
      expect(await post(adminContract.roleAdd, { name: `Sorted ${String(sort)}`, kind: 'custom', orgId, sort })).toMatchObject({ code: 3, msg: sortNumber });
    }
    expect(await post(adminContract.orgAdd, { parentId: rootId, name: 'Sorted', type: 'organization' })).toMatchObject({ code: 3, msg: 'Sort number: This field is required' });
    expect(await post(adminContract.orgAdd, { parentId: rootId, name: 'Sorted', type: 'organization', sort: 2 })).toMatchObject({ code: 0 });
    // A page number alike: a JSON body's page is a number.
    for (const page of ['2', true]) expect((await post(adminContract.userPage, { page })).code).toBe(3);
    expect(await post(adminContract.userPage, { page: 1, pageSize: 5 })).toMatchObject({ code: 0, data: { page: 1, pageSize: 5 } });
  });

  it('reads the digits of a query string as numbers, and says a run id that is no number is not valid', async () => {
    const url = endpointUrl(monitorContract.realDataQuery);
    expect(envelope(await call(t.app, 'GET', `${url}?runId=${String(runId)}`, { token: sa })).code).toBe(0);
    const abc = envelope(await call(t.app, 'GET', `${url}?runId=abc`, { token: sa }));
    expect(abc).toMatchObject({ code: 3, msg: 'Project: The value is not valid' });
    expect(envelope(await call(t.app, 'GET', url, { token: sa }))).toMatchObject({ code: 3, msg: 'Project: This field is required' });
    // In a JSON body a run id is a number: its digits as text are not one.
    const page = await post(adminContract.warnSettingPage, { runId: String(runId) });
    expect(page).toMatchObject({ code: 3, msg: 'Project: The value is not valid' });
  });

  it('says a role takes only one organization, in every language', async () => {
    const two = await post(adminContract.roleAdd, { name: 'Two homes', kind: 'custom', orgId: [orgId, otherOrgId], sort: 1 });
    expect(two).toMatchObject({ code: 3, msg: 'Organization: Only one organization can be selected' });
    expect((await post(adminContract.roleAdd, { name: 'Two homes', kind: 'custom', orgId: [orgId, otherOrgId], sort: 1 }, 'zh_CN')).msg).toBe('组织：只能选择一个组织');
    expect((await post(adminContract.roleAdd, { name: 'No home', kind: 'custom', sort: 1 })).msg).toBe('Organization: This field is required');
  });

  it('refuses a second role of the same name in one organization, whatever its case; another organization may use it', async () => {
    expect((await post(adminContract.roleAdd, { name: 'Surveyors', kind: 'custom', orgId, sort: 1 })).code).toBe(0);
    const taken = 'This organization already has a role with this name';
    expect(await post(adminContract.roleAdd, { name: 'surveyors', kind: 'custom', orgId, sort: 2 })).toMatchObject({ code: 3, msg: taken });
    expect(await post(adminContract.roleAdd, { name: ' SURVEYORS ', kind: 'org_admin', orgId, sort: 2 })).toMatchObject({ code: 3, msg: taken });
    const elsewhere = (await post(adminContract.roleAdd, { name: 'Surveyors', kind: 'custom', orgId: otherOrgId, sort: 1 })).data as { id: number };
    const grouters = (await post(adminContract.roleAdd, { name: 'Grouters', kind: 'custom', orgId, sort: 3 })).data as { id: number };
    // Renaming into a taken name, or moving into an organization that has it, is refused too; keeping one's own name is not.
    expect(await post(adminContract.roleEdit, { id: grouters.id, name: 'SurveyorS', kind: 'custom', orgId, sort: 3 })).toMatchObject({ code: 3, msg: taken });
    expect(await post(adminContract.roleEdit, { id: elsewhere.id, name: 'Surveyors', kind: 'custom', orgId, sort: 1 })).toMatchObject({ code: 3, msg: taken });
    expect(await post(adminContract.roleEdit, { id: grouters.id, name: 'grouters', kind: 'custom', orgId, sort: 4 })).toMatchObject({ code: 0, data: { name: 'grouters' } });
  });

  it("names a resource's parent its superior node, and states the level's range", async () => {
    const base = { group: 'Stock', name: 'Stock export', description: 'Exports the stock list', encoding: 'stock.part.exportList', sort: 1 };
    const noParent = await post(adminContract.resourceAdd, { ...base, level: 2 });
    expect(noParent).toMatchObject({ code: 3, msg: 'Superior node: This field is required' });
    expect((await post(adminContract.resourceAdd, { ...base, level: 2 }, 'it_IT')).msg).toBe('Nodo superiore: Campo obbligatorio');
    for (const level of [0, 10]) {
      const body = await post(adminContract.resourceAdd, { ...base, level, parentId: 1 });
      expect(fieldsOf(body)).toEqual(['Level: Please enter an integer from 1 to 9']);
    }
    // An organization's superior keeps its own label.
    expect((await post(adminContract.orgAdd, { name: 'x', type: 'company', sort: 1 })).msg).toBe('Superior organization: This field is required');
  });

  it('refuses an edit of a role or a part alarm that leaves a field out, rather than resetting it', async () => {
    const role = (await post(adminContract.roleAdd, { name: 'Kept role', kind: 'org_admin', orgId, sort: 7 })).data as { id: number };
    expect(await post(adminContract.roleEdit, { id: role.id, name: 'Kept role', orgId, sort: 7 })).toMatchObject({ code: 3, msg: 'Role kind: This field is required' });
    const setting = { runId, tagCode: KEY_TAGS.advanceSpeed, notify: true, lowAlarm: null, lowWarn: null, highWarn: 70, highAlarm: 80, delaySeconds: 5 };
    expect((await post(adminContract.warnSettingUpdate, setting)).code).toBe(3);
    const roles = (await post(adminContract.roleList, { orgId })).data as { id: number; kind: string; sort: number }[];
    expect(roles.find((r) => r.id === role.id)).toMatchObject({ kind: 'org_admin', sort: 7 });
  });

  it("states the range of a part alarm's delay", async () => {
    const setting = { runId, tagCode: KEY_TAGS.advanceSpeed, enabled: true, notify: false, lowAlarm: null, lowWarn: null, highWarn: 70, highAlarm: 80 };
    for (const delaySeconds of [-1, 3601]) {
      expect(await post(adminContract.warnSettingUpdate, { ...setting, delaySeconds })).toMatchObject({ code: 3, msg: 'Delay: Please enter an integer from 0 to 3600' });
    }
    expect((await post(adminContract.warnSettingUpdate, { ...setting, delaySeconds: 3601 }, 'de_AT')).msg).toBe('Verzögerung: Bitte eine ganze Zahl von 0 bis 3600 eingeben');
    expect((await post(adminContract.warnSettingUpdate, { ...setting, delaySeconds: 1.5 })).msg).toBe('Delay: Please enter an integer');
    expect((await post(adminContract.warnSettingUpdate, { ...setting, delaySeconds: 3600 })).code).toBe(0);
  });
});
