import { adminContract, endpointUrl, graphContract as c, KEY_TAGS, riskContract, telemetryContract } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { multipart } from '../segment/segment.fixture.js';

type Body = { code: number; msg: string; data: unknown };
type Overlay = c.Overlay;
type MapData = c.MapData;
type Report = { points: number; length: number; firstChainage: number; lastChainage: number; epsg: number | null };

/** A line in UTM 32N (EPSG 32632) in Milan: 500 m east from 1+000, then 1 km north to 2+500. */
const MILAN_CSV = ['chainage;easting;northing', '1+000.000;514000;5034000', '1+500.000;514500;5034000', '2+500.000;514500;5035000'].join('\n');

describe('graph overlay, map and alignment import', () => {
  let t: TestApp;
  /** graph.drawing.read and graph.drawing.write in the run's organization. */
  let writer: string;
  /** graph.drawing.read only. */
  let reader: string;
  /** Both codes in another organization (another tenant). */
  let stranger: string;
  let runId = 0;
  /** A run of the same organization without graph settings. */
  let bareRunId = 0;
  let otherRunId = 0;
  let sa = '';

  const get = async (endpoint: { base: 'main' | 'project'; path: string }, runIdOf: number, token = writer): Promise<Body> =>
    envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?runId=${String(runIdOf)}`, { token }));
  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token = writer): Promise<Body> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload }));
  const importFile = async (fields: [string, string][], file: string | Buffer, options: { token?: string; lang?: string; name?: string } = {}): Promise<Body> => {
    const form = await multipart([...fields, ['file', typeof file === 'string' ? Buffer.from(file, 'utf8') : file]], options.name ?? 'alignment.csv');
    const response = await t.app.inject({
      method: 'POST',
      url: endpointUrl(c.alignmentImport),
      payload: form.payload,
      headers: { ...form.headers, authorization: options.token ?? writer, lang: options.lang ?? 'en_US' },
    });
    return envelope(response);
  };
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.24.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M4 Milano' });
    bareRunId = await buildRun(t.db, group);
    otherRunId = await buildRun(t.db, other);
    const codes = ['graph.drawing.read', 'graph.drawing.write'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes: [...codes, 'alarm.risk.read'] });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Surveyors', [...codes, 'alarm.risk.read']);
    const readers = await role(group, 'Drawing readers', ['graph.drawing.read']);
    const strangers = await role(other, 'Other surveyors', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db, { nickname: 'Gianni Geometra' });
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return signIn(t.app, user.phone, user.password, { ip });
    };
    writer = await userIn(group, [writers], '10.24.0.2');
    reader = await userIn(group, [readers], '10.24.0.3');
    stranger = await userIn(other, [strangers], '10.24.0.4');

    // Ten rings of 1.5 m built from 1+000 (the run's start), ring 6 with the machine's tail deviation.
    const hour = Date.parse('2026-11-20T08:00:00Z');
    for (let ring = 1; ring <= 10; ring += 1) {
      const start = hour + ring * 3_600_000;
      const extra = ring === 6 ? { tail_horizontal: 12, tail_vertical: -7 } : {};
      await t.db.kysely
        .insertInto('rings')
        .values(ringRecord(runId, ring, start, start + 3_000_000, { start_chainage: 1000 + 1.5 * (ring - 1), end_chainage: 1000 + 1.5 * ring, ...extra }))
        .execute();
    }
    // Ring 3's attitude beyond the alarm band; ring 5's tail clearance in the warning band.
    const meta = (ring: number) => ({ run_id: runId, ring_no: ring, state: 'confirmed', source: 'manual', remark: null, updated_by: null, updated_at: Date.now() });
    await t.db.kysely.insertInto('seg_poses').values({ ...meta(3), chainage: 1004.5, horizontal_dev: 120, elevation_dev: 8, segment_type: null, ring_width: 1500, k_position: 'K3' }).execute();
    await t.db.kysely.insertInto('seg_poses').values({ ...meta(5), chainage: 1007.5, horizontal_dev: 5, elevation_dev: -4, segment_type: null, ring_width: 1500, k_position: 'K3' }).execute();
    await t.db.kysely
      .insertInto('seg_tail_clearances')
      .values({ ...meta(5), up_before: 18, down_before: 30, left_before: 40, right_before: 40, up_after: null, down_after: null, left_after: null, right_after: null })
      .execute();
    // Risk zones behind, around and ahead of the machine (at 1+015 after ring 10).
    const zone = (code: string, from: number, to: number, level: string | null) => ({
      run_id: runId,
      code,
      position: from,
      name: `Zone ${code}`,
      start_chainage: from,
      end_chainage: to,
      remark: null,
      settlement_level: level,
      vibration_level: null,
      description: null,
      notified_state: null,
      created_by: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    await t.db.kysely
      .insertInto('risk_points')
      .values([zone('R1', 1005, 1010, 'low'), zone('R2', 1014, 1020, 'high'), zone('R3', 1025, 1030, null), zone('R4', 1400, 1420, 'medium')])
      .execute();
  });
  afterAll(() => t.close());

  it('overlay: the machine after the last built ring, built rings with their bands, the ring being built, 20 planned rings, risk zones with their state', async () => {
    const overlay = data<Overlay>(await get(c.overlay, runId, reader));
    expect(overlay.position).toMatchObject({ ring: 11, chainage: 1015, distance: 15 });
    expect(overlay.ringsTruncated).toBe(false);
    const byState = (state: string) => overlay.rings.filter((r) => r.state === state).map((r) => r.ring);
    expect(byState('built')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(byState('building')).toEqual([11]);
    expect(byState('planned')).toEqual(Array.from({ length: 20 }, (_, i) => 12 + i));
    const ring = (n: number) => overlay.rings.find((r) => r.ring === n);
    expect(ring(3)).toMatchObject({ band: 'alarm', horizontalDev: 120, elevationDev: 8, startChainage: 1003, endChainage: 1004.5, fromDistance: 3, toDistance: 4.5 });
    expect(ring(5)).toMatchObject({ band: 'warning', horizontalDev: 5, elevationDev: -4 });
    expect(ring(6)).toMatchObject({ band: null, horizontalDev: 12, elevationDev: -7 });
    expect(ring(11)).toMatchObject({ startChainage: 1015, endChainage: 1016.5, band: null });
    expect(ring(31)).toMatchObject({ startChainage: 1045, endChainage: 1046.5, fromDistance: 45 });
    const states = Object.fromEntries(overlay.risks.map((r) => [r.name, r.state]));
    expect(states).toEqual({ 'Zone R1': 'passed', 'Zone R2': 'inside', 'Zone R3': 'approaching', 'Zone R4': 'ahead' });
    expect(overlay.risks.find((r) => r.name === 'Zone R4')).toMatchObject({ level: 'medium', fromDistance: 400, toDistance: 420 });

    // The risk module tells the same states.
    const current = data<{ zones: { name: string; state: string }[] }>(await post(riskContract.riskCurrent, { runId }));
    expect(Object.fromEntries(current.zones.map((z) => [z.name, z.state]))).toEqual(states);
  });

  it('overlay: station equations of the settings move the chainage of the rings ahead', async () => {
    await t.db.kysely
      .insertInto('graph_settings')
      .values({ run_id: bareRunId, display: JSON.stringify({ ...c.DEFAULT_DISPLAY_OPTIONS, nextRings: 3 }), profile: '{"ground":[],"axis":[],"geology":[]}', station_equations: JSON.stringify([{ back: 1003, ahead: 1010 }]), epsg: null, proj4: null, updated_by: null, updated_at: Date.now() })
      .execute();
    const overlay = data<Overlay>(await get(c.overlay, bareRunId));
    // No ring and no machine value: no position, the first rings planned from the start.
    expect(overlay.position).toBeNull();
    expect(overlay.rings.map((r) => [r.ring, r.state, r.startChainage, r.endChainage])).toEqual([
      [1, 'planned', 1000, 1001.5],
      [2, 'planned', 1001.5, 1010],
      [3, 'planned', 1010, 1011.5],
    ]);
    await t.db.kysely.deleteFrom('graph_settings').where('run_id', '=', bareRunId).execute();
  });

  it('map: a CSV alignment in EPSG 32632 lies in Milan and the machine sits on it between the right vertices', async () => {
    const report = data<Report>(await importFile([['runId', String(runId)], ['epsg', '32632']], MILAN_CSV));
    expect(report).toEqual({ points: 3, length: 1500, firstChainage: 1000, lastChainage: 2500, epsg: 32632 });
    const map = data<MapData>(await post(c.mapQuery, { runId }, reader));
    expect(map.epsg).toBe(32632);
    expect(map.definition).toContain('+zone=32');
    expect(map.alignment).toHaveLength(3);
    for (const v of map.alignment) {
      expect(v.lat).toBeGreaterThan(45.4);
      expect(v.lat).toBeLessThan(45.5);
      expect(v.lng).toBeGreaterThan(9.1);
      expect(v.lng).toBeLessThan(9.25);
    }
    // At 1+015, 15 m along the first (eastward) stretch.
    expect(map.machine?.ring).toBe(11);
    expect(map.machine?.chainage).toBe(1015);
    expect(map.machine?.easting).toBeCloseTo(514_015, 6);
    expect(map.machine?.northing).toBeCloseTo(5_034_000, 6);
    const [a, b] = [map.alignment[0], map.alignment[1]];
    expect(map.machine?.lng).toBeGreaterThan(a?.lng ?? 0);
    expect(map.machine?.lng).toBeLessThan(b?.lng ?? 0);
    expect(Math.abs((map.machine?.lat ?? 0) - (a?.lat ?? 0))).toBeLessThan(0.0002);
    expect(map.tiles).toBeNull();

    // A GeoJSON line replaces it, stationed from the drive's start along the line.
    const line = { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[514000, 5034000], [514300, 5034400], [514300, 5035400]] } };
    const geo = data<Report>(await importFile([['runId', String(runId)]], JSON.stringify(line), { name: 'alignment.geojson' }));
    expect(geo).toEqual({ points: 3, length: 1500, firstChainage: 1000, lastChainage: 2500, epsg: 32632 });
    const after = data<MapData>(await post(c.mapQuery, { runId }));
    expect(after.alignment.map((v) => v.chainage)).toEqual([1000, 1500, 2500]);
    // 15 m along the first stretch (3-4-5 direction).
    expect(after.machine?.easting).toBeCloseTo(514_009, 6);
    expect(after.machine?.northing).toBeCloseTo(5_034_012, 6);
    expect(await t.db.kysely.selectFrom('graph_alignment_points').select('seq').where('run_id', '=', runId).execute()).toHaveLength(3);
  });

  it("overlay and map: the machine's live ring and chainage win over the last ring's end", async () => {
    const liveRun = await buildRun(t.db, (await t.db.kysely.selectFrom('runs').select('org_id').where('id', '=', runId).executeTakeFirstOrThrow()).org_id);
    const key = data<{ key: string }>(await post(telemetryContract.ingestKeyRotate, { runId: liveRun }, sa)).key;
    const from = Date.parse('2026-11-24T06:00:00Z');
    const frames = Array.from({ length: 5 }, (_, s) => ({
      ts: from + s * 1000,
      values: { [KEY_TAGS.advanceMode]: 1, [KEY_TAGS.erectMode]: 0, [KEY_TAGS.advanceSpeed]: 40, [KEY_TAGS.ringNo]: 50, [KEY_TAGS.chainage]: 1073.25 + s * 0.01 },
    }));
    const ingested = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, payload: { frames } }));
    expect(ingested.code, ingested.msg).toBe(0);
    const overlay = data<Overlay>(await get(c.overlay, liveRun));
    expect(overlay.position?.ring).toBe(50);
    expect(overlay.position?.chainage).toBeCloseTo(1073.29, 9);
    expect(overlay.position?.distance).toBeCloseTo(73.29, 9);
    expect(overlay.position?.at).toBe(from + 4000);
    expect(overlay.position?.state).toBe('advance');
    expect(overlay.rings.filter((r) => r.state === 'building').map((r) => r.ring)).toEqual([50]);
    expect(overlay.rings.filter((r) => r.state === 'planned')[0]?.ring).toBe(51);
    data(await importFile([['runId', String(liveRun)], ['epsg', '32632']], MILAN_CSV));
    const map = data<MapData>(await post(c.mapQuery, { runId: liveRun }));
    expect(map.machine?.easting).toBeCloseTo(514_073.29, 6);
  });

  it('import refusals: no grid, an unknown code, degrees, chainage going back (rows named in the caller language), too few points, too big a file', async () => {
    const noGrid = await importFile([['runId', String(bareRunId)]], MILAN_CSV);
    expect(noGrid.code).toBe(3);
    expect(noGrid.msg).toBe(translate('en-US', 'graphGeo.import.noGrid'));
    const unknown = await importFile([['runId', String(bareRunId)], ['epsg', '12345']], MILAN_CSV);
    expect(unknown.msg).toBe(translate('en-US', 'graphGeo.import.unknownEpsg', { epsg: 12345 }));
    const geographic = await importFile([['runId', String(bareRunId)], ['epsg', '4326']], MILAN_CSV);
    expect(geographic.msg).toBe(translate('en-US', 'graphGeo.import.geographicGrid'));

    const degrees = await importFile([['runId', String(bareRunId)], ['epsg', '32632']], ['1000,9.18,45.46', '1100,9.19,45.47'].join('\n'));
    expect(degrees.code).toBe(3);
    const degreeRows = (degrees.data as { fields: { message: string }[] }).fields.map((f) => f.message);
    expect(degreeRows).toEqual([1, 2].map((row) => translate('en-US', 'graphGeo.import.row', { row, problem: translate('en-US', 'graphGeo.import.problem.degrees') })));

    const backwards = ['chainage,easting,northing', '1000,514000,5034000', '1200,514200,5034000', '1100,514300,5034000', '1300,514400,5034000'].join('\n');
    for (const [lang, locale] of [['en_US', 'en-US'], ['it_IT', 'it-IT']] as const) {
      const refused = await importFile([['runId', String(bareRunId)], ['epsg', '32632']], backwards, { lang });
      expect(refused.code).toBe(3);
      const problem = translate(locale, 'graphGeo.import.problem.notMonotonic', { chainage: '1100.000', previous: '1200.000' });
      expect(refused.msg).toBe(translate(locale, 'graphGeo.import.row', { row: 4, problem }));
    }
    expect(translate('it-IT', 'graphGeo.import.row', { row: 4, problem: 'x' })).toContain('Riga 4');
    // Nothing was written and the grid was not saved.
    expect(await t.db.kysely.selectFrom('graph_alignment_points').select('seq').where('run_id', '=', bareRunId).execute()).toHaveLength(0);
    expect(await t.db.kysely.selectFrom('graph_settings').select('epsg').where('run_id', '=', bareRunId).executeTakeFirst()).toBeUndefined();

    const single = await importFile([['runId', String(bareRunId)], ['epsg', '32632']], '1000;514000;5034000');
    expect(single.msg).toBe(translate('en-US', 'graphGeo.import.tooFew'));
    const badCell = await importFile([['runId', String(bareRunId)], ['epsg', '32632']], '1000\t514000\t5034000\n1+10x\t514100\t5034000\n1200\t514200');
    expect((badCell.data as { fields: { message: string }[] }).fields.map((f) => f.message)).toEqual([
      translate('en-US', 'graphGeo.import.row', { row: 2, problem: translate('en-US', 'graphGeo.import.problem.chainage', { value: '1+10x' }) }),
      translate('en-US', 'graphGeo.import.row', { row: 3, problem: translate('en-US', 'graphGeo.import.problem.cells') }),
    ]);

    const big = Buffer.alloc(c.GRAPH_LIMITS.alignmentImportMaxBytes + 1024, '1000;514000;5034000\n');
    const tooBig = await importFile([['runId', String(bareRunId)], ['epsg', '32632']], big);
    expect(tooBig.code).toBe(3);
    expect(tooBig.msg).toBe(translate('en-US', 'graphGeo.import.tooLarge', { size: '4 MB' }));
  });

  it('GeoJSON points with chainage properties, across a station equation of the settings, in a typed proj4 grid', async () => {
    const orgId = (await t.db.kysely.selectFrom('runs').select('org_id').where('id', '=', runId).executeTakeFirstOrThrow()).org_id;
    const run = await buildRun(t.db, orgId);
    await t.db.kysely
      .insertInto('graph_settings')
      .values({ run_id: run, display: JSON.stringify(c.DEFAULT_DISPLAY_OPTIONS), profile: '{"ground":[],"axis":[],"geology":[]}', station_equations: JSON.stringify([{ back: 1200, ahead: 1150 }]), epsg: null, proj4: '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs', updated_by: null, updated_at: Date.now() })
      .execute();
    const point = (x: number, y: number, chainage: number | string | null) => ({ type: 'Feature', properties: chainage === null ? {} : { chainage }, geometry: { type: 'Point', coordinates: [x, y] } });
    // 1+200 is followed by 1+150: the overlap of the equation, allowed once, going on from its ahead chainage.
    const points = { type: 'FeatureCollection', features: [point(514000, 5034000, '1+000'), point(514200, 5034000, 1200), point(514200, 5034000.001, 1150), point(514300, 5034000, '1+250.000')] };
    const report = data<Report>(await importFile([['runId', String(run)]], JSON.stringify(points), { name: 'points.geojson' }));
    expect(report).toMatchObject({ points: 4, firstChainage: 1000, lastChainage: 1250, epsg: null });
    const map = data<MapData>(await post(c.mapQuery, { runId: run }));
    expect(map.definition).toContain('+zone=32');
    expect(map.alignment.map((v) => v.chainage)).toEqual([1000, 1200, 1150, 1250]);
    // A second drop back is no equation: refused at its point, and a point without chainage named too.
    const twice = { type: 'FeatureCollection', features: [...points.features, point(514400, 5034000, 1240), point(514500, 5034000, null)] };
    const refused = await importFile([['runId', String(run)]], JSON.stringify(twice), { name: 'points.geojson' });
    expect((refused.data as { fields: { message: string }[] }).fields.map((f) => f.message)).toEqual([
      translate('en-US', 'graphGeo.import.point', { row: 5, problem: translate('en-US', 'graphGeo.import.problem.notMonotonic', { chainage: '1240.000', previous: '1250.000' }) }),
      translate('en-US', 'graphGeo.import.point', { row: 6, problem: translate('en-US', 'graphGeo.import.problem.noChainage') }),
    ]);
    const broken = await importFile([['runId', String(run)]], '{"type": "FeatureCollection", "features": [', { name: 'broken.geojson' });
    expect(broken.msg).toBe(translate('en-US', 'graphGeo.import.badGeoJson'));
  });

  it('overlay of a long drive: the newest GRAPH_LIMITS.overlayRingsMax built rings, said to be truncated', async () => {
    const orgId = (await t.db.kysely.selectFrom('runs').select('org_id').where('id', '=', runId).executeTakeFirstOrThrow()).org_id;
    const run = await buildRun(t.db, orgId);
    const total = c.GRAPH_LIMITS.overlayRingsMax + 2;
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let from = 1; from <= total; from += 500) {
      const rows = Array.from({ length: Math.min(500, total - from + 1) }, (_, i) => ringRecord(run, from + i, start + (from + i) * 60_000, start + (from + i) * 60_000 + 50_000));
      await t.db.kysely.insertInto('rings').values(rows).execute();
    }
    const began = performance.now();
    const overlay = data<Overlay>(await get(c.overlay, run));
    console.log(`overlay of ${String(total)} rings: ${String(Math.round(performance.now() - began))} ms`);
    const built = overlay.rings.filter((r) => r.state === 'built');
    expect(overlay.ringsTruncated).toBe(true);
    expect(built).toHaveLength(c.GRAPH_LIMITS.overlayRingsMax);
    expect(built[0]?.ring).toBe(3);
    expect(built[built.length - 1]).toMatchObject({ ring: total, fromDistance: (total - 1) * 1.5, endChainage: 1000 + total * 1.5 });
    // The run ends at 2+500 (1000 rings of 1.5 m): nothing is planned beyond it.
    expect(overlay.rings.filter((r) => r.state === 'planned')).toEqual([]);
  }, 60_000);

  it("another tenant's run is refused on every call, and a reader may not import", async () => {
    for (const body of [await get(c.overlay, runId, stranger), await post(c.mapQuery, { runId }, stranger), await importFile([['runId', String(runId)], ['epsg', '32632']], MILAN_CSV, { token: stranger })]) {
      expect(body.code).toBe(2);
      expect(JSON.stringify(body)).not.toContain('514');
    }
    expect((await get(c.overlay, otherRunId, writer)).code).toBe(2);
    expect((await importFile([['runId', String(runId)]], MILAN_CSV, { token: reader })).code).toBe(2);
    // A form without its run is refused by field.
    const noRun = await importFile([], MILAN_CSV);
    expect(noRun.code).toBe(3);
    expect((noRun.data as { fields: { field: string }[] }).fields[0]?.field).toBe('runId');
  });
});
