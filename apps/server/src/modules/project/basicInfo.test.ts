import { adminContract, basicInfoContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

const c = basicInfoContract;
/** Sends no Authorization header. */
const NO_SESSION = '';

/** A complete project form, as the basic-info screen sends it. */
const projectForm = (runId: number, extra: object = {}) => ({
  runId,
  projectName: 'Metro M4 Lot 3 – San Babila',
  projectCode: 'M4-L3',
  plannedStart: '2026-03-02',
  plannedCompletion: '2027-09-30',
  plannedRingsPerDay: 12,
  plannedLengthPerDay: 18,
  tunnelLength: 2700,
  segmentSpec: 'Universal ring 5+1, 1.5 m × 300 mm, C50/60',
  ringWidthMm: 1500,
  startChainage: 4219.833,
  endChainage: 6919.833,
  lineName: 'M4 westbound',
  projectManager: 'Giulia Bianchi',
  siteManager: 'Marco Rossi',
  contacts: 'Site office +39 02 0000 0000',
  totalRings: 1800,
  country: 'it',
  timeZone: 'europe/rome',
  ...extra,
});

const tbmForm = (runId: number, extra: object = {}) => ({
  runId,
  tbmCode: 'S-1125',
  tbmName: 'Martina',
  manufacturer: 'Herrenknecht',
  cutterheadDiameter: 6.72,
  serialNumber: 'S-1125-2019',
  purchaseDate: '2025-10-01',
  deliveryDate: '2026-01-15',
  owner: 'M4 S.p.A.',
  contractor: 'Tunnel Builders JV',
  responsiblePerson: 'Luca Verdi',
  contactPhone: '393330000000',
  ...extra,
});

const performanceForm = (runId: number, extra: object = {}) => ({
  runId,
  machineLength: 95,
  maxAdvanceSpeed: 80,
  maxThrust: 42_750,
  excavationDiameter: 6.75,
  maxWorkingPressure: 3,
  designPressure: 4.5,
  totalWeight: 620,
  maxRotationSpeed: 4.2,
  turningRadius: 250,
  installedPower: 1_600,
  ...extra,
});

describe('project basic info (/u/web/basicInfo/*)', () => {
  let t: TestApp;
  let sa: string;
  let engineer: string;
  let reader: string;
  let plain: string;
  const ids = { group: 0, site: 0, other: 0, siteRun: 0, otherRun: 0 };

  const send = async (endpoint: Endpoint, payload: object, token: string = sa, lang = 'en_US') => {
    const url = endpointUrl(endpoint);
    if (endpoint.method === 'POST') return envelope(await call(t.app, 'POST', url, { token, payload, lang }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(t.app, 'GET', `${url}?${query}`, { token, lang }));
  };
  const ok = async (endpoint: Endpoint, payload: object, token: string = sa) => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as Record<string, unknown>;
  };
  const userIn = async (orgId: number, roleIds: number[], nickname: string, ip: string) => {
    const user = await buildUser(t.db, { nickname });
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
    return signIn(t.app, user.phone, user.password, { ip });
  };

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.73.0.1' });
    const root = ((await send(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    ids.group = Number((await ok(adminContract.orgAdd, { parentId: root, name: 'Milano contractor', type: 'company', sort: 1 })).id);
    ids.site = Number((await ok(adminContract.orgAdd, { parentId: ids.group, name: 'Milano site office', type: 'organization', sort: 1 })).id);
    ids.other = Number((await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 })).id);
    ids.siteRun = await buildRun(t.db, ids.site, { projectName: 'Metro line 4', tbmCode: 'S-1125' });
    ids.otherRun = await buildRun(t.db, ids.other, { projectName: 'Other tunnel' });
    const codes = ['project.basicInfo.read', 'project.basicInfo.write'];
    for (const orgId of [ids.group, ids.other]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const editors = Number((await ok(adminContract.roleAdd, { name: 'Site engineers', kind: 'custom', orgId: ids.group, sort: 1 })).id);
    await ok(adminContract.roleResourcesUpdate, { roleId: editors, codes });
    const readers = Number((await ok(adminContract.roleAdd, { name: 'Site viewers', kind: 'custom', orgId: ids.group, sort: 2 })).id);
    await ok(adminContract.roleResourcesUpdate, { roleId: readers, codes: ['project.basicInfo.read'] });
    engineer = await userIn(ids.group, [editors], 'Tunnel engineer', '10.73.0.2');
    reader = await userIn(ids.group, [readers], 'Site viewer', '10.73.0.3');
    plain = await userIn(ids.group, [], 'No grants', '10.73.0.4');
  });
  afterAll(() => t.close());

  describe('GET getPrjInfo and POST editProjectInfo', () => {
    it('answers code 1 without a session and code 2 without the resource or for a run of another organization', async () => {
      expect((await send(c.basicInfoProject, { runId: ids.siteRun }, NO_SESSION)).code).toBe(1);
      expect((await send(c.basicInfoProjectEdit, projectForm(ids.siteRun), NO_SESSION)).code).toBe(1);
      expect((await send(c.basicInfoProject, { runId: ids.siteRun }, plain)).code).toBe(2);
      expect((await send(c.basicInfoProjectEdit, projectForm(ids.siteRun), plain)).code).toBe(2);
      expect((await send(c.basicInfoProjectEdit, projectForm(ids.siteRun), reader)).code).toBe(2);
      expect(await send(c.basicInfoProject, { runId: ids.otherRun }, engineer)).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
      expect((await send(c.basicInfoProjectEdit, projectForm(ids.otherRun), engineer)).code).toBe(2);
    });

    it('names the field and the rule of bad input, in the caller language', async () => {
      const msg = async (extra: object, lang = 'en_US') => (await send(c.basicInfoProjectEdit, projectForm(ids.siteRun, extra), engineer, lang)).msg;
      expect(await msg({ plannedStart: '2027-01-10', plannedCompletion: '2026-12-31' })).toBe('Planned completion: Must not be before the planned start');
      expect(await msg({ plannedStart: '2027-01-10', plannedCompletion: '2026-12-31' }, 'zh_CN')).toBe('计划完工日期：不能早于计划开工日期');
      expect(await msg({ endChainage: 4219.833 })).toBe('End chainage: Must differ from the start chainage');
      expect(await msg({ plannedStart: '2026-02-30' })).toBe('Planned start: Please enter a date like 2026-11-22');
      expect(await msg({ totalRings: 0 })).toBe('Total rings: Please enter an integer greater than 0');
      expect(await msg({ tunnelLength: -5 })).toBe('Tunnel length: Please enter a number greater than 0');
      expect(await msg({ plannedRingsPerDay: 'twelve' })).toBe('Planned rings per day: Please enter a number');
      // Numbers are JSON numbers: the digits of a number sent as text are refused as well.
      expect(await msg({ plannedLengthPerDay: '18' })).toBe('Planned length per day: Please enter a number');
      expect(await msg({ totalRings: '3000' })).toBe('Total rings: Please enter an integer greater than 0');
      expect(await msg({ timeZone: 'Mars/Olympus_Mons' })).toBe('Time zone: Unknown time zone; please choose one like Europe/Rome');
      expect(await msg({ country: 'QQ' })).toBe('Country: Please choose a country (two-letter ISO code such as IT)');
      expect(await msg({ projectName: '  ' })).toBe('Project name: This field is required');
      expect(await msg({ lineName: 'x'.repeat(101) })).toBe('Line name: At most 100 characters');
      expect(await msg({ startChainage: undefined })).toBe('Start chainage: This field is required');
      expect((await send(c.basicInfoProject, { runId: 'x' }, engineer)).msg).toBe('Project: The value is not valid');
    });

    it('shows the run facts with nulls before anyone saved, and everything saved after', async () => {
      const before = await ok(c.basicInfoProject, { runId: ids.siteRun }, reader);
      expect(before).toMatchObject({ runId: ids.siteRun, projectName: 'Metro line 4', country: 'IT', timeZone: 'Europe/Rome', ringWidthMm: 1500, totalRings: 1000 });
      expect(before).toMatchObject({ plannedStart: null, plannedRingsPerDay: null, segmentSpec: null, siteManager: null, updatedAt: null, updatedBy: null });

      const saved = await send(c.basicInfoProjectEdit, projectForm(ids.siteRun), engineer);
      expect(saved).toMatchObject({ code: 0, msg: 'Saved successfully' });
      const after = await ok(c.basicInfoProject, { runId: ids.siteRun }, reader);
      expect(after).toEqual({
        runId: ids.siteRun,
        projectName: 'Metro M4 Lot 3 – San Babila',
        projectCode: 'M4-L3',
        plannedStart: '2026-03-02',
        plannedCompletion: '2027-09-30',
        plannedRingsPerDay: 12,
        plannedLengthPerDay: 18,
        tunnelLength: 2700,
        segmentSpec: 'Universal ring 5+1, 1.5 m × 300 mm, C50/60',
        ringWidthMm: 1500,
        startChainage: 4219.833,
        endChainage: 6919.833,
        lineName: 'M4 westbound',
        projectManager: 'Giulia Bianchi',
        siteManager: 'Marco Rossi',
        contacts: 'Site office +39 02 0000 0000',
        totalRings: 1800,
        country: 'IT',
        timeZone: 'Europe/Rome',
        updatedAt: expect.any(Number),
        updatedBy: 'Tunnel engineer',
      });
      // The run itself carries the names and the clock every other screen reads.
      const run = await t.db.kysely.selectFrom('runs').selectAll().where('id', '=', ids.siteRun).executeTakeFirstOrThrow();
      expect(run).toMatchObject({ project_name: 'Metro M4 Lot 3 – San Babila', planned_rings: 1800, start_chainage: 4219.833, time_zone: 'Europe/Rome' });

      // A drive towards lower chainage, a new zone, and an emptied optional field.
      const again = await ok(c.basicInfoProjectEdit, projectForm(ids.siteRun, { startChainage: 12_450, endChainage: 8_850, timeZone: 'Europe/Istanbul', country: 'TR', siteManager: '', plannedStart: null }), engineer);
      expect(again).toMatchObject({ startChainage: 12_450, endChainage: 8_850, timeZone: 'Europe/Istanbul', country: 'TR', siteManager: null, plannedStart: null, plannedCompletion: '2027-09-30' });
    });
  });

  describe('GET getDeviceInfo, POST editTbmInfo and editTbmPerformance', () => {
    it('answers code 1 without a session and code 2 without the resource or for a run of another organization', async () => {
      expect((await send(c.basicInfoDevice, { runId: ids.siteRun }, NO_SESSION)).code).toBe(1);
      expect((await send(c.basicInfoTbmEdit, tbmForm(ids.siteRun), NO_SESSION)).code).toBe(1);
      expect((await send(c.basicInfoPerformanceEdit, performanceForm(ids.siteRun), NO_SESSION)).code).toBe(1);
      expect((await send(c.basicInfoDevice, { runId: ids.siteRun }, plain)).code).toBe(2);
      expect((await send(c.basicInfoTbmEdit, tbmForm(ids.siteRun), reader)).code).toBe(2);
      expect((await send(c.basicInfoPerformanceEdit, performanceForm(ids.siteRun), reader)).code).toBe(2);
      expect((await send(c.basicInfoDevice, { runId: ids.otherRun }, engineer)).code).toBe(2);
      expect((await send(c.basicInfoTbmEdit, tbmForm(ids.otherRun), engineer)).code).toBe(2);
      expect((await send(c.basicInfoPerformanceEdit, performanceForm(ids.otherRun), engineer)).code).toBe(2);
    });

    it('names the field and the rule of bad input', async () => {
      const tbm = async (extra: object) => (await send(c.basicInfoTbmEdit, tbmForm(ids.siteRun, extra), engineer)).msg;
      const perf = async (extra: object) => (await send(c.basicInfoPerformanceEdit, performanceForm(ids.siteRun, extra), engineer)).msg;
      expect(await tbm({ deliveryDate: '2025-09-30' })).toBe('Delivery date: Must not be before the purchase date');
      expect(await tbm({ contactPhone: '+39 333' })).toBe('Contact phone: Wrong phone format (digits only, at most 20)');
      expect(await tbm({ tbmCode: '' })).toBe('TBM number: This field is required');
      expect(await tbm({ cutterheadDiameter: 0 })).toBe('Cutterhead diameter: Please enter a number greater than 0');
      expect(await perf({ maxWorkingPressure: 5, designPressure: 4.5 })).toBe('Maximum working pressure: Must not exceed the design pressure');
      expect(await perf({ maxThrust: -1 })).toBe('Maximum thrust: Please enter a number greater than 0');
      expect(await perf({ installedPower: 'a lot' })).toBe('Installed power: Please enter a number');
    });

    it('keeps the machine type read-only and saves equipment and performance without touching each other', async () => {
      const before = await ok(c.basicInfoDevice, { runId: ids.siteRun }, reader);
      expect(before).toMatchObject({ tbmCode: 'S-1125', machineType: 'epb', tbmName: null, updatedAt: null, performance: { maxThrust: null, installedPower: null } });

      const equipment = await send(c.basicInfoTbmEdit, tbmForm(ids.siteRun, { tbmCode: 'S-1125B', machineType: 'slurry' }), engineer);
      expect(equipment).toMatchObject({ code: 0, msg: 'Saved successfully', data: { tbmCode: 'S-1125B', machineType: 'epb', manufacturer: 'Herrenknecht', updatedBy: 'Tunnel engineer' } });
      await ok(c.basicInfoPerformanceEdit, performanceForm(ids.siteRun), engineer);
      const after = await ok(c.basicInfoDevice, { runId: ids.siteRun }, reader);
      expect(after).toMatchObject({
        tbmCode: 'S-1125B',
        machineType: 'epb',
        tbmName: 'Martina',
        cutterheadDiameter: 6.72,
        purchaseDate: '2025-10-01',
        deliveryDate: '2026-01-15',
        contactPhone: '393330000000',
        performance: { machineLength: 95, maxAdvanceSpeed: 80, maxThrust: 42_750, maxWorkingPressure: 3, designPressure: 4.5, turningRadius: 250, installedPower: 1_600 },
      });
      const run = await t.db.kysely.selectFrom('runs').select(['tbm_code', 'machine_type']).where('id', '=', ids.siteRun).executeTakeFirstOrThrow();
      expect(run).toEqual({ tbm_code: 'S-1125B', machine_type: 'epb' });

      // Saving the equipment again leaves the performance figures as they were.
      const trimmed = await ok(c.basicInfoTbmEdit, tbmForm(ids.siteRun, { tbmName: '', manufacturer: null }), engineer);
      expect(trimmed).toMatchObject({ tbmName: null, manufacturer: null, performance: { maxThrust: 42_750 } });
    });
  });
});
