import { adminContract, alarmContract, endpointUrl, segmentContract as c } from '@boreline/contracts';
import { type Locale, type MessageKey, translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { BAND_FILL } from './segmentAnalysis.js';

type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

const fieldSays = (locale: Locale, field: string, key: MessageKey) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key) });

const M = 60_000;

describe('segment statistics, export, advisor, machine drafts and tolerance alarms', () => {
  let t: TestApp;
  const clock = { now: Date.now() };
  /** statistic.read, segment data and alarm reading in the run's organization. */
  let analyst = '';
  /** In the organization without any of those codes. */
  let plain = '';
  /** Every code, in another organization. */
  let stranger = '';
  let runId = 0;
  let machineRunId = 0;
  let otherRunId = 0;

  const api = async (endpoint: Endpoint, input: object, token = analyst, lang = 'en_US'): Promise<Body> => {
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${query}`, { token, lang }));
    }
    return envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload: input, lang }));
  };
  const ok = async <T>(endpoint: Endpoint, input: object, token = analyst): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const meta = (run: number, ring: number, state = 'confirmed') => ({ run_id: run, ring_no: ring, state, source: state === 'draft' ? 'machine' : 'manual', remark: null, updated_by: null, updated_at: clock.now });
  const pose = (run: number, ring: number, h: number, e: number, k: string | null = null) =>
    t.db.kysely.insertInto('seg_poses').values({ ...meta(run, ring), chainage: 1000 + ring * 1.5, horizontal_dev: h, elevation_dev: e, segment_type: 'Universal', ring_width: 1500, k_position: k }).execute();
  const gap = (run: number, ring: number, up: number, down: number, left: number, right: number, state = 'confirmed') =>
    t.db.kysely.insertInto('seg_tail_gaps').values({ ...meta(run, ring, state), gap_up: up, gap_down: down, gap_left: left, gap_right: right }).execute();
  const clearance = (run: number, ring: number, before: number[], after: number[] | null) =>
    t.db.kysely
      .insertInto('seg_tail_clearances')
      .values({
        ...meta(run, ring),
        up_before: before[0] ?? 0,
        down_before: before[1] ?? 0,
        left_before: before[2] ?? 0,
        right_before: before[3] ?? 0,
        up_after: after?.[0] ?? null,
        down_after: after?.[1] ?? null,
        left_after: after?.[2] ?? null,
        right_after: after?.[3] ?? null,
      })
      .execute();
  const service = () => t.app.platform.services.get('segmentAnalysis');
  const segmentAlarms = async (run: number) => {
    const page = await ok<{ total: number; records: alarmContract.Alarm[] }>(alarmContract.alarmHistoryQuery, { runId: run, kind: 'segment', pageNum: 1, pageSize: 50 });
    return page.records;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock.now });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.96.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = (envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5', tbmCode: 'TBM-M5' });
    machineRunId = await buildRun(t.db, group, { projectName: 'Metro M5', tbmCode: 'TBM-M5B' });
    otherRunId = await buildRun(t.db, other);
    const codes = ['statistic.read', 'segment.data.read', 'segment.data.write', 'alarm.record.read'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes });
      return id;
    };
    const analysts = await role(group, 'Surveyors');
    const strangers = await role(other, 'Other surveyors');
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return signIn(t.app, user.phone, user.password, { ip });
    };
    analyst = await userIn(group, [analysts], '10.96.0.2');
    plain = await userIn(group, [], '10.96.0.3');
    stranger = await userIn(other, [strangers], '10.96.0.4');

    // Attitude: 10 ok, 11 warning (60 > 50), 13 alarm (|−120| > 100), 14 ok; 12 and 15 missing.
    await pose(runId, 10, 10, -20, 'K1');
    await pose(runId, 11, 60, 5, 'K5');
    await pose(runId, 13, -120, 30, 'K9');
    await pose(runId, 14, 0, 0, 'K3');
    // Tail gap: 10 ok, 11 alarm (left 10 < 15), 12 warning (left 18 < 20, imbalance 24 > 20).
    await gap(runId, 10, 40, 50, 45, 45);
    await gap(runId, 11, 30, 30, 10, 60);
    await gap(runId, 12, 30, 30, 18, 42, 'draft');
    // Clearance: 10 ok with after-build, 11 ok before only, 12 alarm after the build (left 10).
    await clearance(runId, 10, [30, 30, 30, 30], [25, 35, 28, 32]);
    await clearance(runId, 11, [40, 40, 40, 40], null);
    await clearance(runId, 12, [20, 20, 20, 20], [21, 19, 10, 30]);
    await pose(otherRunId, 10, 1, 1);
  });
  afterAll(() => t.close());

  const range = { ringStart: 10, ringEnd: 15 };

  it('refuses the statistics without a session, without statistic.read and for another tenant’s run, on all five calls', async () => {
    const calls: [Endpoint, object][] = [
      [c.segStatistics, { runId, ...range }],
      [c.tailStatistics, { runId, ...range }],
      [c.clearanceStatistics, { runId, ...range }],
      [c.statisticsExport, { runId, ...range, view: 'tail' }],
      [c.advisor, { runId }],
    ];
    for (const [endpoint, input] of calls) {
      expect((await api(endpoint, input, '')).code).toBe(1);
      expect((await api(endpoint, input, plain)).code).toBe(2);
      const foreign = await api(endpoint, input, stranger);
      expect(foreign).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
      expect(JSON.stringify(foreign.data ?? null)).not.toContain('Universal');
    }
    // The stranger reads his own run.
    expect((await api(c.segStatistics, { runId: otherRunId, ...range }, stranger)).code).toBe(0);
  });

  it('refuses an end ring before the start and more than 200 rings, in the caller’s language', async () => {
    for (const endpoint of [c.segStatistics, c.tailStatistics, c.clearanceStatistics]) {
      expect(await api(endpoint, { runId, ringStart: 20, ringEnd: 10 })).toMatchObject({ code: 3, msg: fieldSays('en-US', 'ringEnd', 'validation.rangeOrder') });
      expect(await api(endpoint, { runId, ringStart: 20, ringEnd: 10 }, analyst, 'it_IT')).toMatchObject({ code: 3, msg: fieldSays('it-IT', 'ringEnd', 'validation.rangeOrder') });
      expect(await api(endpoint, { runId, ringStart: 0, ringEnd: 200 })).toMatchObject({ code: 3, msg: fieldSays('en-US', 'ringEnd', 'validation.tooMany') });
      expect(await api(endpoint, { runId, ringStart: 0, ringEnd: 200 }, analyst, 'zh_CN')).toMatchObject({ code: 3, msg: fieldSays('zh-CN', 'ringEnd', 'validation.tooMany') });
      // 200 rings exactly are fine.
      expect((await api(endpoint, { runId, ringStart: 0, ringEnd: 199 })).code).toBe(0);
    }
    expect(await api(c.statisticsExport, { runId, ringStart: 0, ringEnd: 200, view: 'segment' }, analyst, 'de_AT')).toMatchObject({ code: 3, msg: fieldSays('de-AT', 'ringEnd', 'validation.tooMany') });
  });

  it('segment attitude: bands, missing rings, shares within tolerance and figures as computed by hand', async () => {
    const s = c.SegmentStatisticsSchema.parse(await ok(c.segStatistics, { runId, ...range }));
    expect(s.tolerance).toEqual(c.DEFAULT_TOLERANCE);
    expect(s.rings.map((r) => [r.ringNo, r.band, r.kPosition])).toEqual([
      [10, 'ok', 'K1'],
      [11, 'warning', 'K5'],
      [13, 'alarm', 'K9'],
      [14, 'ok', 'K3'],
    ]);
    expect(s.missingRings).toEqual([12, 15]);
    expect(s.bands).toEqual({ ok: 2, warning: 1, alarm: 1 });
    expect(s.withinTolerance).toEqual({ last10: 0.5, last50: 0.5, all: 0.5 });
    // Horizontal 10, 60, −120, 0: mean −12.5; population variance (22.5² + 72.5² + 107.5² + 12.5²)/4 = 4,368.75, sd 66.10.
    expect(s.horizontal).toEqual({ mean: -12.5, min: -120, max: 60, sd: 66.1 });
    // Elevation −20, 5, 30, 0: mean 3.75; variance 1,268.75/4 = 317.19, sd 17.81.
    expect(s.elevation).toEqual({ mean: 3.75, min: -20, max: 30, sd: 17.81 });

    // Stricter bands of the run: the warning ring turns to an alarm, shares follow.
    await t.db.kysely
      .insertInto('seg_settings')
      .values({ run_id: runId, deviation_warn_mm: 5, deviation_alarm_mm: 50, clearance_warn_mm: 20, clearance_alarm_mm: 15, imbalance_warn_mm: 20, imbalance_alarm_mm: 30, raise_alarms: 0, taper_mm: 40, outer_diameter_mm: 6000, k_position_count: 16, updated_by: null, updated_at: clock.now })
      .execute();
    const strict = c.SegmentStatisticsSchema.parse(await ok(c.segStatistics, { runId, ringStart: 13, ringEnd: 14 }));
    expect(strict.rings.map((r) => r.band)).toEqual(['alarm', 'ok']);
    expect(strict.withinTolerance.all).toBe(0.5);
    expect(strict.missingRings).toEqual([]);
    await t.db.kysely.deleteFrom('seg_settings').where('run_id', '=', runId).execute();
  });

  it('tail gap: imbalances, bands (draft or confirmed), figures per side', async () => {
    const s = c.TailStatisticsSchema.parse(await ok(c.tailStatistics, { runId, ...range }));
    expect(s.rings.map((r) => [r.ringNo, r.horizontalImbalance, r.verticalImbalance, r.band, r.state])).toEqual([
      [10, 0, -10, 'ok', 'confirmed'],
      [11, -50, 0, 'alarm', 'confirmed'],
      [12, -24, 0, 'warning', 'draft'],
    ]);
    expect(s.missingRings).toEqual([13, 14, 15]);
    expect(s.bands).toEqual({ ok: 1, warning: 1, alarm: 1 });
    expect(s.withinTolerance).toEqual({ last10: 1 / 3, last50: 1 / 3, all: 1 / 3 });
    // Up 40, 30, 30: mean 33.33; left 45, 10, 18: mean 24.33.
    expect(s.up).toEqual({ mean: 33.33, min: 30, max: 40 });
    expect(s.left).toEqual({ mean: 24.33, min: 10, max: 45 });
    expect(s.right).toEqual({ mean: 49, min: 42, max: 60 });
  });

  it('tail clearance: before and after, bands and the mean change per side over the rings with both', async () => {
    const s = c.ClearanceStatisticsSchema.parse(await ok(c.clearanceStatistics, { runId, ...range }));
    expect(s.rings.map((r) => [r.ringNo, r.after === null, r.band])).toEqual([
      [10, false, 'ok'],
      [11, true, 'ok'],
      [12, false, 'alarm'],
    ]);
    // Ring 10: −5, +5, −2, +2; ring 12: +1, −1, −10, +10 (ring 11 has no after-build values).
    expect(s.meanChange).toEqual({ up: -2, down: 2, left: -6, right: 6 });
    expect(s.withinTolerance.last10).toBeCloseTo(2 / 3);
    expect(s.missingRings).toEqual([13, 14, 15]);
  });

  it('exports a view in the caller’s language with the rings coloured by band; nothing recorded is refused', async () => {
    const response = await call(t.app, 'GET', `${endpointUrl(c.statisticsExport)}?runId=${runId}&ringStart=10&ringEnd=15&view=tail`, { token: analyst, lang: 'zh_CN' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('盾尾间隙统计');
    expect(sheet?.getCell('A3').value).toBe('环号 10 – 15');
    expect(sheet?.getCell('A6').value).toBe('环号');
    const rows = [7, 8, 9].map((n) => sheet?.getRow(n));
    expect(rows.map((r) => [r?.getCell(1).value, r?.getCell(8).value])).toEqual([
      [10, '正常'],
      [11, '报警'],
      [12, '预警'],
    ]);
    const fill = (n: number) => (sheet?.getRow(n).getCell(2).fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb;
    expect([fill(7), fill(8), fill(9)]).toEqual([BAND_FILL.ok, BAND_FILL.alarm, BAND_FILL.warning]);
    expect(sheet?.getCell('A11').value).toBe('无记录的环（3）');
    expect(sheet?.getCell('B11').value).toBe('13, 14, 15');

    const english = await call(t.app, 'GET', `${endpointUrl(c.statisticsExport)}?runId=${runId}&ringStart=10&ringEnd=15&view=segment`, { token: analyst, lang: 'en_US' });
    const en = new ExcelJS.Workbook();
    await en.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(en.worksheets[0]?.getCell('A1').value).toBe('Segment attitude statistics');
    expect(en.worksheets[0]?.getCell('A4').value).toBe('Within tolerance: last 10 rings 50 %, last 50 rings 50 %, all 50 %');

    expect(await api(c.statisticsExport, { runId, ringStart: 500, ringEnd: 510, view: 'clearance' })).toMatchObject({ code: 3, msg: 'There are no records to export in the chosen rings' });
    expect(await api(c.statisticsExport, { runId, ringStart: 500, ringEnd: 510, view: 'clearance' }, analyst, 'tr_TR')).toMatchObject({ code: 3, msg: 'Seçilen halkalarda dışa aktarılacak kayıt yok' });
  });

  it('raises one alarm per ring and dataset in the alarm band, visible in the alarm history; a re-save raises none, raise_alarms off raises none', async () => {
    const since = clock.now;
    expect(await service().alarms.check(runId, since)).toBe(3);
    const alarms = await segmentAlarms(runId);
    expect(alarms.map((a) => [a.ringNo, a.point, a.kind, a.level]).sort()).toEqual([
      [11, 'tolerance.tailGap', 'segment', 'alarm'],
      [12, 'tolerance.clearance', 'segment', 'alarm'],
      [13, 'tolerance.pose', 'segment', 'alarm'],
    ]);
    const poseAlarm = alarms.find((a) => a.ringNo === 13);
    expect(poseAlarm).toMatchObject({ name: 'Segment attitude out of tolerance', content: 'Ring 13: Segment attitude out of tolerance, -120 mm (alarm limit 100 mm)', state: 'clearedUnacked', value: -120, limit: 100 });
    expect(poseAlarm?.repairSuggestion).toContain('key position');
    expect(alarms.find((a) => a.ringNo === 11)).toMatchObject({ content: 'Ring 11: Tail gap out of tolerance, 10 mm (alarm limit 15 mm)', direction: 'low' });

    // The same ring saved again, still out of band: no second alarm.
    clock.now += M;
    await t.db.kysely.updateTable('seg_poses').set({ horizontal_dev: -130, updated_at: clock.now }).where('run_id', '=', runId).where('ring_no', '=', 13).execute();
    expect(await service().alarms.check(runId, clock.now)).toBe(0);
    expect(await segmentAlarms(runId)).toHaveLength(3);

    // The run does not raise alarms: a new ring out of band raises none.
    await t.db.kysely
      .insertInto('seg_settings')
      .values({ run_id: runId, deviation_warn_mm: 50, deviation_alarm_mm: 100, clearance_warn_mm: 20, clearance_alarm_mm: 15, imbalance_warn_mm: 20, imbalance_alarm_mm: 30, raise_alarms: 0, taper_mm: null, outer_diameter_mm: null, k_position_count: null, updated_by: null, updated_at: clock.now })
      .execute();
    await pose(runId, 16, 150, 0);
    expect(await service().alarms.check(runId, clock.now)).toBe(0);
    expect(await segmentAlarms(runId)).toHaveLength(3);
    // Switched on again, the same ring raises its alarm once.
    await t.db.kysely.updateTable('seg_settings').set({ raise_alarms: 1 }).where('run_id', '=', runId).execute();
    expect(await service().alarms.check(runId, clock.now)).toBe(1);
    expect(await service().alarms.check(runId, clock.now)).toBe(0);
    expect((await segmentAlarms(runId)).map((a) => a.ringNo)).toContain(16);
    // Another tenant's run sees none of them.
    expect(await api(alarmContract.alarmHistoryQuery, { runId, kind: 'segment', pageNum: 1, pageSize: 50 }, stranger)).toMatchObject({ code: 2 });
  });

  it('raises the alarm of a ring saved out of band through the record calls once the write is committed', async () => {
    const saved = await api(c.tailAdd, { runId: runId, ringNo: 900, up: 40, down: 40, left: 8, right: 70 });
    expect(saved.code, saved.msg).toBe(0);
    await service().settled();
    const raised = (await segmentAlarms(runId)).filter((a) => a.ringNo === 900);
    expect(raised.map((a) => [a.point, a.level])).toEqual([['tolerance.tailGap', 'alarm']]);
    // Edited, still out of band: the ring keeps its one alarm.
    const id = (saved.data as { id: number }).id;
    clock.now += M;
    expect((await api(c.tailEdit, { runId: runId, id, ringNo: 900, up: 40, down: 40, left: 9, right: 70 })).code).toBe(0);
    await service().settled();
    expect((await segmentAlarms(runId)).filter((a) => a.ringNo === 900)).toHaveLength(1);
  });

  it('drafts the attitude and tail gap of a ring from the machine at its end, K position from the guidance, once; a draft out of band raises its alarm', async () => {
    const ingest = t.app.platform.ingest;
    const layout = await ingest.open({ runId: machineRunId, machineType: 'epb', ringWidthMm: 1500, endChainage: 2500 });
    const end = clock.now - 5 * M;
    const frame = (ts: number, values: Record<string, number>) => {
      const v = layout.emptyValues();
      for (const [code, value] of Object.entries(values)) {
        const i = layout.indexOf(code);
        expect(i, code).toBeGreaterThanOrEqual(0);
        v[i] = value;
      }
      return { runId: machineRunId, ts, values: v };
    };
    await ingest.ingest(machineRunId, [
      frame(end - 20 * M, { 'guidance.keyPosition': 2, 'thrust.strokeA': 1500, 'thrust.strokeB': 1500, 'thrust.strokeC': 1500, 'thrust.strokeD': 1500 }),
      frame(end - 2 * M, { 'guidance.keyPosition': 5, 'thrust.strokeA': 1800, 'thrust.strokeB': 1800, 'thrust.strokeC': 1800, 'thrust.strokeD': 1840 }),
    ]);
    const ring = { ringNo: 7, end, endChainage: 1010.5, tailHorizontal: 12.4, tailVertical: -8.2, tailGapTop: 35, tailGapBottom: 35, tailGapLeft: 10.2, tailGapRight: 59.8 };
    await t.db.kysely
      .insertInto('rings')
      .values(ringRecord(machineRunId, 7, end - 60 * M, end, { end_chainage: 1010.5, tail_horizontal: 12.4, tail_vertical: -8.2, tail_gap_top: 35, tail_gap_bottom: 35, tail_gap_left: 10.2, tail_gap_right: 59.8 }))
      .execute();
    t.app.platform.events.emit('ringCompleted', { runId: machineRunId, ring: ring as never });
    await service().settled();

    const poses = c.SegmentStatisticsSchema.parse(await ok(c.segStatistics, { runId: machineRunId, ringStart: 7, ringEnd: 7 }));
    expect(poses.rings).toEqual([{ ringNo: 7, chainage: 1010.5, horizontalDeviation: 12, elevationDeviation: -8, kPosition: 'K5', segmentType: null, band: 'ok', state: 'draft' }]);
    const stored = await t.db.kysely.selectFrom('seg_poses').select(['source', 'ring_width']).where('run_id', '=', machineRunId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'machine', ring_width: 1500 });
    const tail = c.TailStatisticsSchema.parse(await ok(c.tailStatistics, { runId: machineRunId, ringStart: 7, ringEnd: 7 }));
    expect(tail.rings).toEqual([{ ringNo: 7, up: 35, down: 35, left: 10, right: 60, horizontalImbalance: -50, verticalImbalance: 0, band: 'alarm', state: 'draft' }]);
    expect((await segmentAlarms(machineRunId)).map((a) => [a.ringNo, a.point])).toEqual([[7, 'tolerance.tailGap']]);

    // The advisor starts from the draft tail gap and the strokes at the ring's end: the left is tight, the left stroke long.
    const advice = c.AdvisorSchema.parse(await ok(c.advisor, { runId: machineRunId }));
    expect(advice.ringNo).toBe(8);
    expect(advice.basis).toEqual({ ringNo: 7, clearance: { up: 35, down: 35, left: 10, right: 60 }, strokes: { a: 1800, b: 1800, c: 1800, d: 1840 }, source: 'tailGap' });
    expect(advice.geometry).toMatchObject({ outerDiameterMm: 6000, ringWidthMm: 1500, taperMm: 40, assumed: true });
    expect(advice.options).toHaveLength(16);
    // K5 (right, wide side left): left 10 → 20, right 60 → 50; strokes D 1820, B 1820: spread 20. Score 30 + 0.5 × 20.
    expect(advice.options[0]).toMatchObject({ kPosition: 'K5', kAngleDeg: 90, expected: { up: 35, right: 50, down: 35, left: 20 }, expectedStrokeSpread: 20, score: 40 });
    expect(advice.options[0]?.reasons).toEqual(['Left: clearance opens by 10 mm', 'Clearance imbalance from 50 mm to 30 mm', 'Stroke spread from 40 mm to 20 mm']);
    expect(advice.disclaimer).toContain('beside the guidance system');
    const italian = await api(c.advisor, { runId: machineRunId }, analyst, 'it_IT');
    expect((italian.data as { disclaimer: string }).disclaimer).toContain('sistema di guida');

    // A person confirms the attitude with other values; the ring completed again drafts nothing over it.
    await t.db.kysely.updateTable('seg_poses').set({ state: 'confirmed', source: 'manual', horizontal_dev: 15 }).where('run_id', '=', machineRunId).execute();
    expect(await service().drafts.draft(machineRunId, ring)).toEqual({ pose: false, tailGap: false });
    const again = c.SegmentStatisticsSchema.parse(await ok(c.segStatistics, { runId: machineRunId, ringStart: 7, ringEnd: 7 }));
    expect(again.rings.map((r) => [r.horizontalDeviation, r.state])).toEqual([[15, 'confirmed']]);
    expect(await segmentAlarms(machineRunId)).toHaveLength(1);

    // A ring whose guidance has no tail values drafts nothing.
    expect(await service().drafts.draft(machineRunId, { ...ring, ringNo: 8, tailHorizontal: null, tailGapTop: null })).toEqual({ pose: false, tailGap: false });
  });

  it('the advisor without any clearance answers no options, with the disclaimer', async () => {
    const advice = c.AdvisorSchema.parse(await ok(c.advisor, { runId: otherRunId }, stranger));
    expect(advice).toMatchObject({ ringNo: null, basis: null, options: [] });
    expect(advice.disclaimer.length).toBeGreaterThan(20);
    expect(z.array(z.string()).parse(advice.geometry.kPositions)).toHaveLength(16);
  });
});
