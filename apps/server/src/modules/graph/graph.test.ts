import { adminContract, endpointUrl, filesContract, graphContract as c, RESULT_CODE, type StoredFile } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { multipartOf, pngOf } from '../files/files.fixture.js';
import { verifyThirdToken } from './third.js';

type Drawing = c.Drawing;
type Setting = c.GraphSetting;
type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

const MB = 1024 * 1024;
/** The configured provider's secret: no answer of any graph call may ever show it. */
const SECRET = 'CANARY-SECRET-9d41-graph-provider';
const TILES = 'https://tiles.example.test/{z}/{x}/{y}.png?token={token}';
const IP = '10.64.24';

const png = (width: number, height: number, background = '#2a6') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe('graph settings, drawings and the third-party map token', () => {
  let t: TestApp;
  /** graph.drawing.read and write in the run's organization. */
  let writer = '';
  let writerId = 0;
  /** graph.drawing.read only. */
  let reader = '';
  /** In the organization without any graph code. */
  let plain = '';
  /** Every graph code, in another organization (another tenant) with its own run. */
  let stranger = '';
  let runId = 0;
  let otherRunId = 0;
  /** Every answer a graph call gave in this file, for the secret's search at the end. */
  const answers: string[] = [];

  const api = async (endpoint: Endpoint, input: object, token = writer, lang = 'en_US'): Promise<Body> => {
    const params = endpoint.path.includes(':provider') ? { provider: (input as { provider: string }).provider } : {};
    const url = endpointUrl(endpoint).replace(':provider', encodeURIComponent(params.provider ?? ''));
    const response =
      endpoint.method === 'GET'
        ? await call(t.app, 'GET', `${url}?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { token, lang })
        : await call(t.app, 'POST', url, { token, payload: input, lang });
    answers.push(response.body);
    return envelope(response);
  };
  const ok = async <T>(endpoint: Endpoint, input: object, token = writer): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const upload = async (data: Buffer, name = 'plan.png', run = runId, token = writer): Promise<Body> => {
    const form = multipartOf({ purpose: 'drawing', runId: String(run) }, [{ name, type: 'image/png', data }]);
    return envelope(await t.app.inject({ method: 'POST', url: endpointUrl(filesContract.upload), headers: { ...form.headers, authorization: token, lang: 'en_US' }, payload: form.payload, remoteAddress: '127.0.0.1' }));
  };
  const uploaded = async (data: Buffer, run = runId, token = writer): Promise<StoredFile> => {
    const body = await upload(data, 'plan.png', run, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as StoredFile;
  };
  const alignment = (...points: [number, number, number][]) => ({ kind: 'alignment', points: points.map(([x, y, chainage]) => ({ x, y, chainage })) });
  const axes = (chainage: [number, number, number, number], level: [number, number, number, number]) => ({
    kind: 'axes',
    chainage: { a: { pixel: chainage[0], value: chainage[1] }, b: { pixel: chainage[2], value: chainage[3] } },
    level: { a: { pixel: level[0], value: level[1] }, b: { pixel: level[2], value: level[3] } },
  });
  const save = (fileId: string, extra: object = {}, token = writer) => api(c.drawingSave, { runId, name: 'plan', lang: null, variant: 'default', fileId, ...extra }, token);
  const fileExists = async (id: string) => (await t.db.kysely.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    t = await createTestApp({ MAP_PROVIDERS: `citymaps=${SECRET}`, MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: '© City maps', MAP_TILE_PROVIDER: 'citymaps' });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: `${IP}.1` });
    const admin = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = (await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()).id;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5' });
    otherRunId = await buildRun(t.db, other);
    const codes = ['graph.drawing.read', 'graph.drawing.write', 'project.run.read'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db, { nickname: 'Dario Draughtsman' });
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    const w = await userIn(group, [await role(group, 'Draughtsmen', ['graph.drawing.read', 'graph.drawing.write'])], `${IP}.2`);
    writer = w.token;
    writerId = w.id;
    reader = (await userIn(group, [await role(group, 'Drawing readers', ['graph.drawing.read'])], `${IP}.3`)).token;
    plain = (await userIn(group, [await role(group, 'Project readers', ['project.run.read'])], `${IP}.4`)).token;
    stranger = (await userIn(other, [await role(other, 'Other draughtsmen', ['graph.drawing.read', 'graph.drawing.write'])], `${IP}.5`)).token;
  });
  afterAll(() => t.close());

  it('a run without settings answers the defaults, its drive and the tile source; settings round-trip; only a writer may edit', async () => {
    const fresh = await ok<Setting>(c.getGraphSetting, { runId }, reader);
    expect(fresh).toEqual({
      runId,
      drawings: [],
      display: c.DEFAULT_DISPLAY_OPTIONS,
      profile: { ground: [], axis: [], geology: [] },
      stationEquations: [],
      map: { epsg: null, proj4: null, definition: null, alignmentPoints: 0, tiles: { url: TILES, attribution: '© City maps', maxZoom: 19, provider: 'citymaps' } },
      drive: { startChainage: 1000, endChainage: 2500, startRing: 1, ringWidthM: 1.5 },
      canEdit: false,
    });
    expect((await ok<Setting>(c.getGraphSetting, { runId })).canEdit).toBe(true);

    const input = {
      runId,
      display: { ringColouring: 'quality', showRings: true, showRisks: false, nextRings: 40, iconScale: 1.5 },
      profile: { ground: [{ chainage: 1000, level: 52.5 }, { chainage: 2500, level: 48 }], axis: [{ chainage: 1000, level: 30 }, { chainage: 2500, level: 26.4 }], geology: [{ from: 1000, to: 1800, label: 'Clay', colour: '#A0522D' }] },
      stationEquations: [{ back: 1500, ahead: 1520 }, { back: 1900, ahead: 1880 }],
      epsg: 32632,
      proj4: null,
    };
    const saved = await ok<Setting>(c.graphSetting, input);
    expect(saved).toMatchObject({ display: input.display, profile: input.profile, stationEquations: input.stationEquations, map: { epsg: 32632, proj4: null, definition: '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs' }, canEdit: true });
    // The project base's path of the same call; the alignment's vertices are counted.
    await t.db.kysely
      .insertInto('graph_alignment_points')
      .values([0, 1, 2].map((seq) => ({ run_id: runId, seq, chainage: 1000 + seq * 100, easting: 500_000 + seq * 100, northing: 5_000_000 })))
      .execute();
    const base = await ok<Setting>(c.graphSettingBase, { ...input, epsg: 990_001, proj4: '+proj=tmerc +lat_0=0 +lon_0=12 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs' });
    expect(base.map).toMatchObject({ epsg: 990_001, definition: '+proj=tmerc +lat_0=0 +lon_0=12 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs', alignmentPoints: 3 });
    expect(await ok<Setting>(c.getGraphSetting, { runId }, reader)).toEqual({ ...base, canEdit: false });

    // Only a writer changes them; a reader or a caller without graph codes is refused (code 2).
    expect(await api(c.graphSetting, input, reader)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.getGraphSetting, { runId }, plain)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.getGraphSetting, { runId }, stranger)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.graphSetting, input, stranger)).toMatchObject({ code: RESULT_CODE.forbidden });
  });

  it('refuses an EPSG code the product does not know without its proj4 definition, an unreadable definition and equations that do not fit the drive', async () => {
    const input = { runId, display: c.DEFAULT_DISPLAY_OPTIONS, profile: { ground: [], axis: [], geology: [] }, stationEquations: [], epsg: 990_002, proj4: null };
    expect(await api(c.graphSetting, input)).toMatchObject({ code: RESULT_CODE.business, msg: 'EPSG 990002 is not a grid the product knows: enter its proj4 definition as well' });
    expect(await api(c.graphSetting, input, writer, 'zh_CN')).toMatchObject({ code: RESULT_CODE.business, msg: '系统不认识 EPSG 990002 坐标系，请同时填写其 proj4 定义' });
    expect(await api(c.graphSetting, { ...input, proj4: 'not a projection' })).toMatchObject({ code: RESULT_CODE.business, msg: 'The proj4 definition cannot be read: copy it again from epsg.io or the survey report' });
    // Back chainage beyond the drive's end (1000 → 2500), and one behind the previous equation's ahead.
    expect(await api(c.graphSetting, { ...input, epsg: null, stationEquations: [{ back: 2600, ahead: 2610 }] })).toMatchObject({
      code: RESULT_CODE.business,
      msg: 'Station equation 1: the back chainage 2600 must lie between the drive’s start chainage 1000 and end chainage 2500',
    });
    expect(await api(c.graphSetting, { ...input, epsg: null, stationEquations: [{ back: 1500, ahead: 1600 }, { back: 1550, ahead: 1560 }] }, writer, 'de_AT')).toMatchObject({
      code: RESULT_CODE.business,
      msg: 'Stationsgleichung 2: Die Station zurück 1550 muss in Vortriebsrichtung nach der Station vor 1600 der vorigen Gleichung liegen',
    });
    // The settings saved before are untouched.
    expect((await ok<Setting>(c.getGraphSetting, { runId })).map.epsg).toBe(990_001);
  });

  it('saves a drawing from an upload of its run, reads its size from the picture, replaces the picture and keeps the calibration; delete removes both', async () => {
    const first = await uploaded(await png(800, 600));
    const drawing = (await save(first.id, { calibration: alignment([10, 300, 1000], [790, 310, 2500]) })).data as Drawing;
    expect(drawing).toMatchObject({ runId, name: 'plan', lang: null, variant: 'default', key: `${runId}_plan`, width: 800, height: 600, file: { id: first.id, contentType: 'image/png' }, updatedBy: 'Dario Draughtsman' });
    expect(drawing.calibration).toEqual(alignment([10, 300, 1000], [790, 310, 2500]));

    // The reader fetches it by key and reads the picture through the file download.
    const fetched = await ok<Drawing>(c.drawingByKey, { runId, key: `${runId}_plan` }, reader);
    expect(fetched).toEqual(drawing);
    const download = await call(t.app, 'GET', fetched.file.url, { token: reader });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('image/png');

    // A new picture of the same plan: the row stays, the old picture goes, the calibration is kept.
    const second = await uploaded(await png(1000, 700));
    const replaced = (await save(second.id)).data as Drawing;
    expect(replaced).toMatchObject({ id: drawing.id, width: 1000, height: 700, file: { id: second.id }, calibration: drawing.calibration });
    expect(await fileExists(first.id)).toBe(false);
    expect((await ok<Setting>(c.getGraphSetting, { runId })).drawings.map((d) => [d.key, d.file.id])).toEqual([[`${runId}_plan`, second.id]]);
    // A smaller picture the kept marks do not fit is refused, saying so; with `calibration: null` it goes in uncalibrated.
    const small = await uploaded(await png(500, 400));
    expect(await save(small.id)).toMatchObject({ code: RESULT_CODE.business, msg: 'The marks of the replaced drawing lie outside the new picture: calibrate the drawing again' });
    expect(((await save(small.id, { calibration: null })).data as Drawing)).toMatchObject({ id: drawing.id, width: 500, height: 400, calibration: null });
    expect(await fileExists(second.id)).toBe(false);

    // An upload already used cannot be put in place of another drawing; a used one stays its drawing's.
    expect(await api(c.drawingSave, { runId, name: 'map', lang: null, variant: 'default', fileId: small.id })).toMatchObject({ code: RESULT_CODE.business, msg: 'This file cannot be added here' });

    // Delete: the row and its picture; again: not found.
    expect(await api(c.drawingDelete, { runId, id: drawing.id }, reader)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await ok(c.drawingDelete, { runId, id: drawing.id })).toEqual({ deleted: 1 });
    expect(await fileExists(small.id)).toBe(false);
    expect(await api(c.drawingDelete, { runId, id: drawing.id })).toMatchObject({ code: RESULT_CODE.business, msg: 'This drawing does not exist in this project' });
    expect(await api(c.drawingByKey, { runId, key: `${runId}_plan` }, reader)).toMatchObject({ code: RESULT_CODE.business, msg: 'This drawing does not exist in this project' });
  });

  it('refuses a drawing over 4 MB, an SVG or an HTML page named .png, and a save by a reader', async () => {
    const exact = await pngOf(4 * MB, 200, 100);
    expect((await upload(exact)).code).toBe(0);
    expect(await upload(await pngOf(4 * MB + 1, 200, 100))).toMatchObject({ code: RESULT_CODE.business, msg: 'The file must be at most 4 MB' });
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await upload(svg, 'plan.png')).toMatchObject({ code: RESULT_CODE.business, msg: 'Please choose a JPG or PNG image' });
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    expect(await upload(html, 'plan.png')).toMatchObject({ code: RESULT_CODE.business, msg: 'Please choose a JPG or PNG image' });
    // A reader may not upload a drawing nor save one.
    expect((await upload(await png(40, 30), 'plan.png', runId, reader)).code).toBe(RESULT_CODE.forbidden);
    const mine = await uploaded(await png(40, 30));
    expect(await save(mine.id, {}, reader)).toMatchObject({ code: RESULT_CODE.forbidden });
  });

  it("refuses another tenant's drawing id and file id, another run's key, and a caller without read access", async () => {
    const theirFile = await uploaded(await png(300, 200), otherRunId, stranger);
    const theirs = await ok<Drawing>(c.drawingSave, { runId: otherRunId, name: 'section', lang: null, variant: 'default', fileId: theirFile.id }, stranger);
    // Their file named for our run, their drawing id under our run: answered as missing ones are.
    expect(await save(theirFile.id)).toMatchObject({ code: RESULT_CODE.business, msg: 'This file cannot be added here' });
    expect(await save('missingFileIdAAAAAAAAA')).toMatchObject({ code: RESULT_CODE.business, msg: 'This file cannot be added here' });
    const calibration = axes([10, 1000, 290, 2500], [10, 60, 190, 0]);
    expect(await api(c.drawingCalibrate, { runId, id: theirs.id, calibration })).toMatchObject({ code: RESULT_CODE.business, msg: 'This drawing does not exist in this project' });
    expect(await api(c.drawingDelete, { runId, id: theirs.id })).toMatchObject({ code: RESULT_CODE.business, msg: 'This drawing does not exist in this project' });
    // Their run itself: no permission.
    expect(await api(c.drawingCalibrate, { runId: otherRunId, id: theirs.id, calibration })).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.drawingByKey, { runId: otherRunId, key: theirs.key })).toMatchObject({ code: RESULT_CODE.forbidden });
    // Their key fetched under our run: the key's run must be the one named (code 2).
    expect(await api(c.drawingByKey, { runId, key: theirs.key })).toMatchObject({ code: RESULT_CODE.forbidden });
    // Their picture is not ours to download; their drawing is untouched.
    expect(envelope(await call(t.app, 'GET', theirs.file.url, { token: writer })).code).toBe(RESULT_CODE.forbidden);
    expect(await ok<Drawing>(c.drawingByKey, { runId: otherRunId, key: theirs.key }, stranger)).toEqual(theirs);
    // Without read access to our run: refused, a drawing or not.
    expect(await api(c.drawingByKey, { runId, key: `${runId}_plan` }, plain)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.drawingByKey, { runId, key: `${runId}_plan` }, stranger)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.drawingByKey, { runId, key: 'plan-of-42' })).toMatchObject({ code: RESULT_CODE.business, msg: '“plan-of-42” is not a drawing key such as 42_plan or 42_plan_it_IT_m' });
  });

  it('fetches by key with fallbacks: the language’s own, else the default language; the variant’s own, else the plain one', async () => {
    const put = async (name: string, lang: string | null, variant: string, colour: string) =>
      ok<Drawing>(c.drawingSave, { runId, name, lang, variant, fileId: (await uploaded(await png(120, 80, colour))).id });
    const base = await put('map', null, 'default', '#111');
    const italian = await put('map', 'it_IT', 'default', '#222');
    const mobile = await put('map', null, 'mobile', '#333');
    const italianScreenshot = await put('map', 'it_IT', 'screenshot', '#444');
    const byKey = async (key: string) => (await ok<Drawing>(c.drawingByKey, { runId, key }, reader)).id;
    expect(italian.key).toBe(`${runId}_map_it_IT`);
    expect(mobile.key).toBe(`${runId}_map_m`);
    expect(await byKey(`${runId}_map`)).toBe(base.id);
    expect(await byKey(`${runId}_map_it_IT`)).toBe(italian.id);
    // No German map: the run's default one.
    expect(await byKey(`${runId}_map_de_AT`)).toBe(base.id);
    // No Italian mobile map: the default language's mobile one; no German screenshot: the plain default.
    expect(await byKey(`${runId}_map_it_IT_m`)).toBe(mobile.id);
    expect(await byKey(`${runId}_map_m`)).toBe(mobile.id);
    expect(await byKey(`${runId}_map_it_IT_s`)).toBe(italianScreenshot.id);
    expect(await byKey(`${runId}_map_s`)).toBe(base.id);
    expect(await byKey(`${runId}_map_zh_CN_s`)).toBe(base.id);
    // No section at all: a clear refusal.
    expect(await api(c.drawingByKey, { runId, key: `${runId}_section_zh_CN_m` }, reader, 'zh_CN')).toMatchObject({ code: RESULT_CODE.business, msg: '该项目中不存在此图纸' });
    // Every drawing of the run is in its settings, with its picture's address.
    const keys = (await ok<Setting>(c.getGraphSetting, { runId }, reader)).drawings.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining([base.key, italian.key, mobile.key, italianScreenshot.key]));
  });

  it('calibrates within the picture and by the drawing’s kind, refusing otherwise in the caller’s language', async () => {
    const plan = await ok<Drawing>(c.drawingSave, { runId, name: 'plan', lang: 'de_AT', variant: 'default', fileId: (await uploaded(await png(640, 480))).id });
    const section = await ok<Drawing>(c.drawingSave, { runId, name: 'section', lang: null, variant: 'default', fileId: (await uploaded(await png(900, 300))).id });
    const curve = alignment([0, 240, 1000], [320, 200, 1700], [640, 480, 2500]);
    expect((await ok<Drawing>(c.drawingCalibrate, { runId, id: plan.id, calibration: curve })).calibration).toEqual(curve);
    const outside = alignment([10, 10, 1000], [641, 100, 1500]);
    for (const [lang, locale] of [['en_US', 'en-US'], ['de_AT', 'de-AT']] as const) {
      const said = (key: string, params = {}) => translate(locale, key, params);
      expect(await api(c.drawingCalibrate, { runId, id: plan.id, calibration: outside }, writer, lang)).toMatchObject({ code: RESULT_CODE.business, msg: said('graph.refused.markOutside', { mark: 2, x: 641, y: 100, width: 640, height: 480 }) });
      expect(await api(c.drawingCalibrate, { runId, id: plan.id, calibration: axes([10, 1000, 600, 2500], [10, 60, 400, 0]) }, writer, lang)).toMatchObject({ code: RESULT_CODE.business, msg: said('graph.refused.planNeedsAlignment') });
      expect(await api(c.drawingCalibrate, { runId, id: section.id, calibration: curve }, writer, lang)).toMatchObject({ code: RESULT_CODE.business, msg: said('graph.refused.sectionNeedsAxes') });
      expect(await api(c.drawingCalibrate, { runId, id: section.id, calibration: axes([10, 1000, 900, 2500], [10, 60, 301, 0]) }, writer, lang)).toMatchObject({ code: RESULT_CODE.business, msg: said('graph.refused.levelAxisOutside', { pixel: 301, height: 300 }) });
      expect(await api(c.drawingCalibrate, { runId, id: section.id, calibration: axes([10, 1000, 901, 2500], [10, 60, 300, 0]) }, writer, lang)).toMatchObject({ code: RESULT_CODE.business, msg: said('graph.refused.chainageAxisOutside', { pixel: 901, width: 900 }) });
      // The contract's own rules: one mark is not a calibration.
      expect((await api(c.drawingCalibrate, { runId, id: plan.id, calibration: alignment([1, 1, 1000]) }, writer, lang)).msg).toContain(said('graph.validation.calibrationPoints'));
    }
    expect(await api(c.drawingCalibrate, { runId, id: plan.id, calibration: outside })).toMatchObject({ msg: 'Mark 2 at (641, 100) lies outside the picture, which is 640 × 480 pixels' });
    expect(await api(c.drawingCalibrate, { runId, id: plan.id, calibration: outside }, writer, 'de_AT')).toMatchObject({ msg: 'Marke 2 bei (641, 100) liegt außerhalb des Bildes, das 640 × 480 Pixel groß ist' });
    // Marks on the picture's edge are inside; refusals changed nothing.
    const edge = axes([0, 1000, 900, 2500], [0, 60, 300, 0]);
    expect((await ok<Drawing>(c.drawingCalibrate, { runId, id: section.id, calibration: edge })).calibration).toEqual(edge);
    expect((await ok<Drawing>(c.drawingByKey, { runId, key: plan.key }, reader)).calibration).toEqual(curve);
    // A save given the wrong kind is refused as well; a reader may not calibrate; null clears.
    expect(await api(c.drawingSave, { runId, name: 'section', lang: null, variant: 'default', fileId: section.file.id, calibration: curve })).toMatchObject({ msg: 'A section is calibrated by two marks on its chainage axis and two on its level axis' });
    expect(await api(c.drawingCalibrate, { runId, id: plan.id, calibration: null }, reader)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect((await ok<Drawing>(c.drawingCalibrate, { runId, id: plan.id, calibration: null })).calibration).toBeNull();
  });

  it('signs a short-lived token of a configured provider for a run the caller may read; no such provider: a clear refusal; the secret never shows', async () => {
    const before = Date.now();
    const token = await ok<{ provider: string; token: string; expiresAt: number }>(c.thirdAuth, { provider: 'citymaps', runId }, reader);
    expect(token.provider).toBe('citymaps');
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + c.GRAPH_LIMITS.thirdTokenSeconds * 1000);
    expect(token.expiresAt).toBeLessThanOrEqual(Date.now() + c.GRAPH_LIMITS.thirdTokenSeconds * 1000);
    const readerId = Number(verifyThirdToken(SECRET, token.token, Date.now())?.u);
    expect(verifyThirdToken(SECRET, token.token, Date.now())).toEqual({ p: 'citymaps', r: runId, u: readerId, e: token.expiresAt });
    expect(readerId).not.toBe(writerId);
    // Another secret, a changed payload, or the token's end: not valid.
    expect(verifyThirdToken('another-secret-of-16+', token.token, Date.now())).toBeNull();
    const [body = '', signature = ''] = token.token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'citymaps', r: otherRunId, u: readerId, e: token.expiresAt })).toString('base64url');
    expect(verifyThirdToken(SECRET, `${forged}.${signature}`, Date.now())).toBeNull();
    expect(verifyThirdToken(SECRET, `${body}.${signature}`, token.expiresAt)).toBeNull();

    expect(await api(c.thirdAuth, { provider: 'satellite', runId })).toMatchObject({ code: RESULT_CODE.business, msg: 'The map provider “satellite” is not configured on this server: ask your administrator to set it up' });
    expect(await api(c.thirdAuth, { provider: 'satellite', runId }, writer, 'it_IT')).toMatchObject({ code: RESULT_CODE.business, msg: 'Il fornitore di mappe “satellite” non è configurato su questo server: chiedi all’amministratore di configurarlo' });
    // Only for a run the caller may read.
    expect(await api(c.thirdAuth, { provider: 'citymaps', runId }, plain)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect(await api(c.thirdAuth, { provider: 'citymaps', runId }, stranger)).toMatchObject({ code: RESULT_CODE.forbidden });
    expect((await api(c.thirdAuth, { provider: 'citymaps', runId: otherRunId }, stranger)).code).toBe(0);

    // Every graph answer of this file, and the settings once more: the provider's secret is in none.
    answers.push(JSON.stringify(await ok<Setting>(c.getGraphSetting, { runId })));
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((a) => a.includes(SECRET))).toEqual([]);
  });
});
