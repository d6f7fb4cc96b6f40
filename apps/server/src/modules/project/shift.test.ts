import { adminContract, endpointUrl, shiftContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Shift = { shiftId: number | null; name: string; start: string; end: string; handoverTime: string; crossesMidnight: boolean; durationMinutes: number; responsiblePerson: string | null; contact: string | null };
type ShiftSet = { runId: number; timeZone: string; isDefault: boolean; shifts: Shift[] };

/** Sends no Authorization header. */
const NO_SESSION = '';
const shift = (name: string, start: string, end: string, extra: object = {}) => ({ name, start, end, handoverTime: start, ...extra });
const DAY_NIGHT = [shift('Day', '07:00', '19:00', { responsiblePerson: 'Anna Ferri', contact: '393331112222', handoverTime: '06:45' }), shift('Night', '19:00', '07:00')];

describe('shift definitions (/u/web/shift/query, /u/web/shift/save)', () => {
  let t: TestApp;
  let sa: string;
  let engineer: string;
  let reader: string;
  let plain: string;
  const ids = { group: 0, other: 0, run: 0, secondRun: 0, otherRun: 0 };

  const query = async (runId: number | string, token: string = sa, lang = 'en_US') =>
    envelope(await call(t.app, 'GET', `${endpointUrl(shiftContract.shiftQuery)}?runId=${runId}`, { token, lang }));
  const save = async (runId: number, shifts: object[], token: string = engineer) =>
    envelope(await call(t.app, 'POST', endpointUrl(shiftContract.shiftSave), { token, payload: { runId, shifts } }));
  const ok = async (endpoint: { path: string }, payload: object) => {
    const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
    expect(body.code, body.msg).toBe(0);
    return Number((body.data as { id?: number }).id);
  };
  const shiftsOf = async (runId: number, token: string = reader) => {
    const body = await query(runId, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as ShiftSet;
  };
  const userIn = async (orgId: number, roleIds: number[], ip: string) => {
    const user = await buildUser(t.db, { nickname: 'Shift planner' });
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
    return signIn(t.app, user.phone, user.password, { ip });
  };

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.0.1' });
    const orgs = envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[];
    const root = orgs[0]?.id ?? 1;
    ids.group = await ok(adminContract.orgAdd, { parentId: root, name: 'İstanbul contractor', type: 'company', sort: 1 });
    ids.other = await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    ids.run = await buildRun(t.db, ids.group, { timeZone: 'Europe/Istanbul' });
    ids.secondRun = await buildRun(t.db, ids.group);
    ids.otherRun = await buildRun(t.db, ids.other);
    const codes = ['project.shift.read', 'project.shift.write'];
    for (const orgId of [ids.group, ids.other]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const planners = await ok(adminContract.roleAdd, { name: 'Shift planners', kind: 'custom', orgId: ids.group, sort: 1 });
    await ok(adminContract.roleResourcesUpdate, { roleId: planners, codes });
    const viewers = await ok(adminContract.roleAdd, { name: 'Shift viewers', kind: 'custom', orgId: ids.group, sort: 2 });
    await ok(adminContract.roleResourcesUpdate, { roleId: viewers, codes: ['project.shift.read'] });
    engineer = await userIn(ids.group, [planners], '10.74.0.2');
    reader = await userIn(ids.group, [viewers], '10.74.0.3');
    plain = await userIn(ids.group, [], '10.74.0.4');
  });
  afterAll(() => t.close());

  describe('GET /u/web/shift/query/v1', () => {
    it('answers code 1 without a session and code 2 without the resource or for a run of another organization', async () => {
      expect((await query(ids.run, NO_SESSION)).code).toBe(1);
      expect((await query(ids.run, plain)).code).toBe(2);
      expect(await query(ids.otherRun, engineer)).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
      expect((await query('abc', engineer)).msg).toBe('Project: The value is not valid');
    });

    it('offers two 12-hour shifts, the night one past midnight, while none are saved', async () => {
      const set = await shiftsOf(ids.secondRun);
      expect(set).toMatchObject({ runId: ids.secondRun, timeZone: 'Europe/Rome', isDefault: true });
      expect(set.shifts).toEqual([
        { shiftId: null, name: 'Day shift', start: '07:00', end: '19:00', handoverTime: '07:00', responsiblePerson: null, contact: null, crossesMidnight: false, durationMinutes: 720 },
        { shiftId: null, name: 'Night shift', start: '19:00', end: '07:00', handoverTime: '19:00', responsiblePerson: null, contact: null, crossesMidnight: true, durationMinutes: 720 },
      ]);
      const chinese = (await query(ids.secondRun, reader, 'zh_CN')).data as ShiftSet;
      expect(chinese.shifts.map((s) => s.name)).toEqual(['白班', '夜班']);
    });
  });

  describe('POST /u/web/shift/save/v1', () => {
    it('answers code 1 without a session and code 2 without the write resource or for a run of another organization', async () => {
      expect((await save(ids.run, DAY_NIGHT, NO_SESSION)).code).toBe(1);
      expect((await save(ids.run, DAY_NIGHT, plain)).code).toBe(2);
      expect((await save(ids.run, DAY_NIGHT, reader)).code).toBe(2);
      expect((await save(ids.otherRun, DAY_NIGHT)).code).toBe(2);
      expect((await shiftsOf(ids.run)).isDefault).toBe(true);
    });

    it('names the field and the rule of bad input', async () => {
      const msg = async (shifts: object[]) => (await save(ids.run, shifts)).msg;
      expect(await msg([shift('Day', '07:00', '07:00')])).toBe('End: Must differ from the start (a shift may end after midnight, e.g. 19:00–07:00)');
      expect(await msg([shift('Day', '07:00', '19:00'), shift('day', '19:00', '07:00')])).toBe('Name: Each name may be used only once');
      expect(await msg([])).toBe('Shifts: Define at least one shift');
      const seven = ['00', '03', '06', '09', '12', '15', '18'].map((h, i) => shift(`S${i}`, `${h}:00`, `${h}:30`));
      expect(await msg(seven)).toBe('Shifts: At most 6 shifts');
      expect(await msg([shift('Day', '7:00', '19:00')])).toBe('Start: Please enter a time like 07:30');
      expect(await msg([shift('Day', '07:00', '24:00')])).toBe('End: Please enter a time like 07:30');
      expect(await msg([{ name: 'Day', start: '07:00', end: '19:00' }])).toBe('Handover time: This field is required');
      expect(await msg([shift('', '07:00', '19:00')])).toBe('Name: This field is required');
      expect(await msg([shift('Day', '07:00', '19:00', { contact: 'channel 4' })])).toBe('Contact: Wrong phone format (digits only, at most 20)');
      expect((await shiftsOf(ids.run)).isDefault).toBe(true);
    });

    it('refuses overlapping shifts, naming both, also across midnight, and writes nothing', async () => {
      const late = await save(ids.run, [shift('Day', '07:00', '19:00'), shift('Late', '18:00', '02:00')]);
      expect(late).toMatchObject({ code: 3, msg: 'The shifts Day (07:00–19:00) and Late (18:00–02:00) overlap' });
      const early = await save(ids.run, [shift('Night', '22:00', '06:00'), shift('Early', '05:30', '13:30')]);
      expect(early.msg).toBe('The shifts Night (22:00–06:00) and Early (05:30–13:30) overlap');
      const inside = await save(ids.run, [shift('Night', '19:00', '07:00'), shift('Break', '01:00', '02:00')]);
      expect(inside.msg).toBe('The shifts Night (19:00–07:00) and Break (01:00–02:00) overlap');
      expect((await shiftsOf(ids.run)).isDefault).toBe(true);
    });

    it('saves shifts that cross midnight and replaces the whole set, keeping the identity of edited shifts', async () => {
      const saved = await save(ids.run, DAY_NIGHT);
      expect(saved).toMatchObject({ code: 0, msg: 'Saved successfully' });
      const first = await shiftsOf(ids.run);
      expect(first).toMatchObject({ isDefault: false, timeZone: 'Europe/Istanbul' });
      expect(first.shifts).toMatchObject([
        { name: 'Day', start: '07:00', end: '19:00', handoverTime: '06:45', responsiblePerson: 'Anna Ferri', contact: '393331112222', crossesMidnight: false, durationMinutes: 720 },
        { name: 'Night', start: '19:00', end: '07:00', handoverTime: '19:00', responsiblePerson: null, contact: null, crossesMidnight: true, durationMinutes: 720 },
      ]);
      const [day, night] = first.shifts;
      expect(day?.shiftId).toEqual(expect.any(Number));

      // Three eight-hour shifts meeting end to start: the renamed first keeps its id, the night one goes.
      const three = [
        { ...shift('Morning', '06:00', '14:00'), shiftId: day?.shiftId },
        shift('Afternoon', '14:00', '22:00'),
        shift('Night', '22:00', '06:00', { handoverTime: '21:45' }),
      ];
      const replaced = (await save(ids.run, three)).data as ShiftSet;
      expect(replaced.shifts.map((s) => [s.name, s.start, s.end, s.durationMinutes])).toEqual([
        ['Morning', '06:00', '14:00', 480],
        ['Afternoon', '14:00', '22:00', 480],
        ['Night', '22:00', '06:00', 480],
      ]);
      expect(replaced.shifts[0]?.shiftId).toBe(day?.shiftId);
      expect(replaced.shifts.map((s) => s.shiftId)).not.toContain(night?.shiftId);
      expect(await t.db.kysely.selectFrom('shifts').select('id').where('run_id', '=', ids.run).execute()).toHaveLength(3);
    });

    it('refuses an id of another run’s shift without touching either run', async () => {
      await save(ids.secondRun, [shift('Single', '08:00', '17:00')]);
      const foreign = (await shiftsOf(ids.secondRun)).shifts[0]?.shiftId;
      const before = await shiftsOf(ids.run);
      const answer = await save(ids.run, [{ ...shift('Stolen', '08:00', '17:00'), shiftId: foreign }]);
      expect(answer).toMatchObject({ code: 3, msg: 'A shift was changed or deleted in the meantime; please reload the page and try again' });
      expect(await shiftsOf(ids.run)).toEqual(before);
      expect((await shiftsOf(ids.secondRun)).shifts.map((s) => s.name)).toEqual(['Single']);
      const twice = await save(ids.run, [{ ...shift('A', '06:00', '14:00'), shiftId: before.shifts[0]?.shiftId }, { ...shift('B', '14:00', '22:00'), shiftId: before.shifts[0]?.shiftId }]);
      expect(twice.msg).toBe('Shift: The value is not valid');
    });
  });
});
