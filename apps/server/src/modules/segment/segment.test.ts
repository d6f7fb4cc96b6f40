import { RESULT_CODE, segmentContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringRecord } from '../../../test/factories.js';
import { type Endpoint, fieldSays, segmentWorld, type SegmentWorld } from './segment.fixture.js';
import { SegmentService } from './segment.service.js';

type Pose = c.SegmentPose;
type Gap = c.TailGap;
type Clearance = c.TailClearance;
type Page<T> = { total: number; records: T[] };

describe('segment data: attitude, tail gap, tail clearance records, tolerance, pickers', () => {
  let w: SegmentWorld;
  let runId = 0;
  /** The read API of the module, on the same database (no caller check). */
  let service: SegmentService;

  const pose = (ringNo: number, overrides: object = {}) => ({ runId, ringNo, chainage: 151.5, horizontalDeviation: -12, elevationDeviation: 8, remark: null, segmentType: 'Standard ring', ringWidth: 1500, kPosition: 'K3', ...overrides });
  const gap = (ringNo: number, overrides: object = {}) => ({ runId, ringNo, up: 45, down: 38, left: 41, right: 43, remark: null, ...overrides });
  const clearance = (ringNo: number, overrides: object = {}) => ({ runId, ringNo, upBefore: 52, downBefore: 31, leftBefore: 44, rightBefore: 40, ...overrides });

  beforeAll(async () => {
    w = await segmentWorld('10.96.0');
    runId = w.runId;
    service = new SegmentService({ db: w.t.db.kysely, runs: undefined as never, machine: undefined as never, now: Date.now });
  });
  afterAll(() => w.t.close());

  it('adds, edits, lists and deletes attitude records; a ring already confirmed is refused, naming the ring, in two languages', async () => {
    const added = await w.ok<Pose>(c.segmentAdd, pose(100, { remark: 'Checked by survey' }));
    expect(added).toMatchObject({ runId, ringNo: 100, horizontalDeviation: -12, elevationDeviation: 8, kPosition: 'K3', ringWidth: 1500, state: 'confirmed', source: 'manual', band: 'ok', remark: 'Checked by survey', updatedBy: { id: w.writerId, name: 'Sara Surveyor' } });
    await w.ok(c.segmentAdd, pose(101, { horizontalDeviation: 75 }));
    await w.ok(c.segmentAdd, pose(102, { elevationDeviation: -130 }));

    expect(await w.api(c.segmentAdd, pose(100))).toMatchObject({ code: RESULT_CODE.business, msg: 'Ring 100 already has a confirmed record: edit that one instead' });
    expect(await w.api(c.segmentAdd, pose(100), w.writer, 'zh_CN')).toMatchObject({ code: RESULT_CODE.business, msg: '第 100 环已有已确认的记录，请编辑该记录' });

    // Newest ring first, each coloured by its band; filters by band and ring range.
    const page = await w.ok<Page<Pose>>(c.segmentList, { runId });
    expect(page.records.map((r) => [r.ringNo, r.band])).toEqual([[102, 'alarm'], [101, 'warning'], [100, 'ok']]);
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId, band: 'warning' })).records.map((r) => r.ringNo)).toEqual([101]);
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId, ringStart: 101, ringEnd: 102, pageSize: 1, page: 2 })).records.map((r) => r.ringNo)).toEqual([101]);
    expect(await w.api(c.segmentList, { runId, ringStart: 102, ringEnd: 101 })).toMatchObject({ code: RESULT_CODE.business, msg: fieldSays('en-US', 'ringEnd', 'validation.rangeOrder') });

    // Edit: values change; moving onto a confirmed ring is refused.
    const edited = await w.ok<Pose>(c.segmentEdit, { ...pose(100, { horizontalDeviation: 60, kPosition: 'K7' }), id: added.id });
    expect(edited).toMatchObject({ id: added.id, horizontalDeviation: 60, kPosition: 'K7', band: 'warning', remark: null });
    expect(await w.api(c.segmentEdit, { ...pose(101), id: added.id })).toMatchObject({ code: RESULT_CODE.business, msg: 'Ring 101 already has a confirmed record: edit that one instead' });
    expect(await w.ok(c.segmentDelete, { runId, id: added.id })).toEqual({ deleted: 1 });
    expect(await w.api(c.segmentDelete, { runId, id: added.id })).toMatchObject({ code: RESULT_CODE.business, msg: 'This record does not exist in this project' });
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId })).total).toBe(2);
  });

  it('a machine draft is replaced by the first record a person saves for its ring, never by another draft; confirm keeps its values', async () => {
    expect(await service.saveDraft(runId, 'pose', 200, { chainage: null, horizontalDeviation: 5, elevationDeviation: -4, remark: null, segmentType: null, ringWidth: 1500, kPosition: 'K2' })).toBe(true);
    // A second draft for the ring, or a draft over a confirmed ring, changes nothing.
    expect(await service.saveDraft(runId, 'pose', 200, { chainage: null, horizontalDeviation: 99, elevationDeviation: 99, remark: null, segmentType: null, ringWidth: null, kPosition: null })).toBe(false);
    expect(await service.saveDraft(runId, 'pose', 101, { chainage: null, horizontalDeviation: 0, elevationDeviation: 0, remark: null, segmentType: null, ringWidth: null, kPosition: null })).toBe(false);
    expect((await service.posesInRange(runId, 101, 101))[0]).toMatchObject({ horizontalDeviation: 75, state: 'confirmed' });
    const [draft] = (await w.ok<Page<Pose>>(c.segmentList, { runId, state: 'draft' })).records;
    expect(draft).toMatchObject({ ringNo: 200, state: 'draft', source: 'machine', horizontalDeviation: 5, updatedBy: null });

    // Adding on the draft's ring replaces it: the same record, confirmed, by hand.
    const replaced = await w.ok<Pose>(c.segmentAdd, pose(200, { horizontalDeviation: 7 }));
    expect(replaced).toMatchObject({ id: draft?.id, ringNo: 200, state: 'confirmed', source: 'manual', horizontalDeviation: 7 });

    // Drafts of the tail datasets, confirmed as they are.
    expect(await service.saveDraft(runId, 'tail', 200, { up: 25, down: 50, left: 40, right: 40, remark: null })).toBe(true);
    expect(await service.saveDraft(runId, 'clearance', 200, { upBefore: 30, downBefore: 50, leftBefore: 40, rightBefore: 40, upAfter: null, downAfter: null, leftAfter: null, rightAfter: null, remark: null })).toBe(true);
    const [tailDraft] = (await w.ok<Page<Gap>>(c.tailList, { runId, state: 'draft' })).records;
    const [clearanceDraft] = (await w.ok<Page<Clearance>>(c.clearanceQueryAll, { runId, state: 'draft' })).records;
    expect(await w.ok(c.tailConfirm, { runId, ids: [tailDraft?.id] })).toEqual({ confirmed: 1 });
    expect(await w.ok(c.clearanceConfirm, { runId, ids: [clearanceDraft?.id] })).toEqual({ confirmed: 1 });
    // Confirming again changes nothing.
    expect(await w.ok(c.tailConfirm, { runId, ids: [tailDraft?.id] })).toEqual({ confirmed: 0 });
    expect((await service.tailGapsInRange(runId, 200, 200))[0]).toMatchObject({ state: 'confirmed', source: 'machine', up: 25, down: 50, band: 'warning' });
    expect(await service.saveDraft(runId, 'pose', 201, { chainage: null, horizontalDeviation: 1, elevationDeviation: 1, remark: null, segmentType: null, ringWidth: null, kPosition: null })).toBe(true);
    const [poseDraft] = (await w.ok<Page<Pose>>(c.segmentList, { runId, state: 'draft' })).records;
    expect(await w.ok(c.segmentConfirm, { runId, ids: [poseDraft?.id] })).toEqual({ confirmed: 1 });
    expect((await service.posesInRange(runId, 201, 201))[0]).toMatchObject({ state: 'confirmed', horizontalDeviation: 1 });
  });

  it('tail gap and tail clearance: add, edit, list, delete; the after-build set whole or not at all', async () => {
    const g = await w.ok<Gap>(c.tailAdd, gap(300));
    expect(g).toMatchObject({ ringNo: 300, up: 45, down: 38, left: 41, right: 43, band: 'ok', state: 'confirmed' });
    // Left 12 mm: below the alarm limit.
    expect(await w.ok<Gap>(c.tailEdit, { ...gap(300, { left: 12 }), id: g.id })).toMatchObject({ left: 12, band: 'alarm' });
    expect(await w.api(c.tailAdd, gap(300))).toMatchObject({ code: RESULT_CODE.business, msg: 'Ring 300 already has a confirmed record: edit that one instead' });

    const cl = await w.ok<Clearance>(c.clearanceAdd, clearance(300));
    // Up 52 and down 31 differ by 21 mm: above the 20 mm warning limit.
    expect(cl).toMatchObject({ upBefore: 52, upAfter: null, band: 'warning' });
    const afterOnlyUp = await w.api(c.clearanceEdit, { ...clearance(300, { upAfter: 40 }), id: cl.id });
    expect(afterOnlyUp).toMatchObject({ code: RESULT_CODE.business, msg: fieldSays('en-US', 'upAfter', 'imports.rowRule.afterAllOrNone') });
    const full = await w.ok<Clearance>(c.clearanceEdit, { ...clearance(300, { downBefore: 45, upAfter: 42, downAfter: 40, leftAfter: 41, rightAfter: 43 }), id: cl.id });
    expect(full).toMatchObject({ upBefore: 52, downBefore: 45, upAfter: 42, downAfter: 40, leftAfter: 41, rightAfter: 43, band: 'ok' });
    expect((await w.ok<Page<Clearance>>(c.clearanceQueryAll, { runId, ringStart: 300, ringEnd: 300 })).records.map((r) => r.id)).toEqual([cl.id]);
    expect(await w.ok(c.clearanceDelete, { runId, id: cl.id })).toEqual({ deleted: 1 });
    expect(await w.ok(c.tailDelete, { runId, id: g.id })).toEqual({ deleted: 1 });
  });

  it('holds the rules of spec §5 in English and Chinese: ring numbers, clearances, deviations, tolerances', async () => {
    for (const [locale, lang] of [['en-US', 'en_US'], ['zh-CN', 'zh_CN']] as const) {
      for (const ringNo of [-1, 1.5, 'abc']) {
        expect((await w.api(c.segmentAdd, pose(0, { ringNo }), w.writer, lang)).msg, String(ringNo)).toBe(fieldSays(locale, 'ringNo', 'validation.nonNegativeInteger'));
        expect((await w.api(c.tailAdd, gap(0, { ringNo }), w.writer, lang)).msg).toBe(fieldSays(locale, 'ringNo', 'validation.nonNegativeInteger'));
        expect((await w.api(c.clearanceAdd, clearance(0, { ringNo }), w.writer, lang)).msg).toBe(fieldSays(locale, 'ringNo', 'validation.nonNegativeInteger'));
      }
      expect((await w.api(c.tailAdd, gap(0, { up: -3 }), w.writer, lang)).msg).toBe(fieldSays(locale, 'up', 'validation.nonNegativeInteger'));
      expect((await w.api(c.tailAdd, gap(0, { right: 2.5 }), w.writer, lang)).msg).toBe(fieldSays(locale, 'right', 'validation.nonNegativeInteger'));
      expect((await w.api(c.clearanceAdd, clearance(0, { leftBefore: -3 }), w.writer, lang)).msg).toBe(fieldSays(locale, 'leftBefore', 'validation.nonNegativeInteger'));
      expect((await w.api(c.segmentAdd, pose(0, { horizontalDeviation: 2001 }), w.writer, lang)).msg).toBe(fieldSays(locale, 'horizontalDeviation', 'validation.maxValue', { max: 2000 }));
      expect((await w.api(c.segmentAdd, pose(0, { elevationDeviation: -2001 }), w.writer, lang)).msg).toBe(fieldSays(locale, 'elevationDeviation', 'validation.minValue', { min: -2000 }));
      expect((await w.api(c.segmentAdd, pose(0, { horizontalDeviation: undefined }), w.writer, lang)).msg).toBe(fieldSays(locale, 'horizontalDeviation', 'validation.required'));
      const tolerance = { runId, deviationWarnMm: 120, deviationAlarmMm: 100, clearanceWarnMm: 20, clearanceAlarmMm: 15, imbalanceWarnMm: 20, imbalanceAlarmMm: 30 };
      expect((await w.api(c.toleranceEdit, tolerance, w.writer, lang)).msg).toBe(fieldSays(locale, 'deviationAlarmMm', 'segment.refused.warnAboveAlarm'));
      expect((await w.api(c.toleranceEdit, { ...tolerance, deviationWarnMm: 50, clearanceAlarmMm: 25 }, w.writer, lang)).msg).toBe(fieldSays(locale, 'clearanceAlarmMm', 'segment.refused.clearanceAlarmAboveWarn'));
    }
    // The limits themselves pass: ring 0, ±2000 mm, clearance 0. The sign is kept.
    const edge = await w.ok<Pose>(c.segmentAdd, pose(0, { horizontalDeviation: -2000, elevationDeviation: 2000 }));
    expect(edge).toMatchObject({ ringNo: 0, horizontalDeviation: -2000, elevationDeviation: 2000, band: 'alarm' });
    expect(await w.ok<Gap>(c.tailAdd, gap(0, { up: 0 }))).toMatchObject({ ringNo: 0, up: 0 });
  });

  it('keeps the default tolerance until set; a new tolerance recolours every record', async () => {
    expect(await w.ok(c.toleranceQuery, { runId }, w.reader)).toEqual(c.DEFAULT_TOLERANCE);
    // Ring 101 (+75 mm) is a warning under ±50/±100.
    const band101 = async () => (await w.ok<Page<Pose>>(c.segmentList, { runId, ringStart: 101, ringEnd: 101 })).records[0]?.band;
    expect(await band101()).toBe('warning');
    const set = await w.ok<c.Tolerance>(c.toleranceEdit, { runId, deviationWarnMm: 30, deviationAlarmMm: 70, clearanceWarnMm: 25, clearanceAlarmMm: 10, imbalanceWarnMm: 15, imbalanceAlarmMm: 25, raiseAlarms: false, taperMm: 40, outerDiameterMm: 6200, kPositionCount: 8 });
    expect(set).toEqual({ deviationWarnMm: 30, deviationAlarmMm: 70, clearanceWarnMm: 25, clearanceAlarmMm: 10, imbalanceWarnMm: 15, imbalanceAlarmMm: 25, raiseAlarms: false, taperMm: 40, outerDiameterMm: 6200, kPositionCount: 8 });
    expect(await w.ok(c.toleranceQuery, { runId })).toEqual(set);
    expect(await service.tolerance(runId)).toEqual(set);
    expect(await band101()).toBe('alarm');
    // The K positions follow the geometry: 8 positions, then others the records use.
    expect(await w.ok(c.kPosList, { runId }, w.reader)).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8']);
    await w.ok(c.segmentAdd, pose(400, { kPosition: 'K12', ringWidth: 1200 }));
    expect(await w.ok(c.kPosList, { runId })).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K12']);
    // The run's design width first (buildRun: 1500 mm), then the others in use.
    expect(await w.ok(c.ringWidthList, { runId }, w.reader)).toEqual([1500, 1200]);
    await w.ok(c.toleranceEdit, { runId, ...c.DEFAULT_TOLERANCE });
    expect(await band101()).toBe('warning');
    // Back to the 16 positions assumed without a geometry (K12 is one of them).
    expect(await w.ok(c.kPosList, { runId })).toEqual(Array.from({ length: 16 }, (_, i) => `K${String(i + 1)}`));
  });

  it('batch deletes take an id list, all or none: an id of another run refuses the batch', async () => {
    const ids: number[] = [];
    for (const ring of [500, 501, 502]) ids.push((await w.ok<Gap>(c.tailAdd, gap(ring))).id);
    const theirs = await w.ok<Gap>(c.tailAdd, { ...gap(500), runId: w.otherRunId }, w.stranger);
    const refused = await w.api(c.tailDeleteBatch, { runId, ids: [ids[0], theirs.id] });
    expect(refused).toMatchObject({ code: RESULT_CODE.business, msg: 'This record does not exist in this project' });
    expect((await w.ok<Page<Gap>>(c.tailList, { runId, ringStart: 500, ringEnd: 502 })).total).toBe(3);
    expect((await w.ok<Page<Gap>>(c.tailList, { runId: w.otherRunId }, w.stranger)).total).toBe(1);
    // The comma form and the repeated form both read as a list.
    expect(await w.ok(c.tailDeleteBatch, { runId, ids: `${String(ids[0])},${String(ids[1])}` })).toEqual({ deleted: 2 });
    expect(await w.ok(c.tailDeleteBatch, { runId, ids: [ids[2]] })).toEqual({ deleted: 1 });
    expect(await w.api(c.tailDeleteBatch, { runId, ids: '' })).toMatchObject({ code: RESULT_CODE.business, msg: fieldSays('en-US', 'ids', 'validation.required') });
    // The same for the other datasets.
    const p = await w.ok<Pose>(c.segmentAdd, pose(500));
    const thatPose = await w.ok<Pose>(c.segmentAdd, { ...pose(500), runId: w.otherRunId }, w.stranger);
    expect((await w.api(c.segmentDeleteBatch, { runId, ids: [p.id, thatPose.id] })).code).toBe(RESULT_CODE.business);
    expect(await w.ok(c.segmentDeleteBatch, { runId, ids: [p.id] })).toEqual({ deleted: 1 });
    const cl = await w.ok<Clearance>(c.clearanceAdd, clearance(500));
    const thatClearance = await w.ok<Clearance>(c.clearanceAdd, { ...clearance(500), runId: w.otherRunId }, w.stranger);
    expect((await w.api(c.clearanceDeleteBatch, { runId, ids: [cl.id, thatClearance.id] })).code).toBe(RESULT_CODE.business);
    expect(await w.ok(c.clearanceDeleteBatch, { runId, ids: [cl.id] })).toEqual({ deleted: 1 });
  });

  it("refuses another tenant's run and ids: answered as a missing id is, nothing changed", async () => {
    const mine = await w.ok<Pose>(c.segmentAdd, pose(600));
    const theirs = await w.ok<Pose>(c.segmentAdd, { ...pose(600), runId: w.otherRunId }, w.stranger);
    const theirGap = await w.ok<Gap>(c.tailAdd, { ...gap(600), runId: w.otherRunId }, w.stranger);
    const theirClearance = await w.ok<Clearance>(c.clearanceAdd, { ...clearance(600), runId: w.otherRunId }, w.stranger);
    // Their run, with our codes: no permission.
    for (const [endpoint, input] of [
      [c.segmentList, { runId: w.otherRunId }],
      [c.segmentAdd, { ...pose(601), runId: w.otherRunId }],
      [c.segmentDelete, { runId: w.otherRunId, id: theirs.id }],
      [c.tailList, { runId: w.otherRunId }],
      [c.clearanceQueryAll, { runId: w.otherRunId }],
      [c.toleranceQuery, { runId: w.otherRunId }],
      [c.kPosList, { runId: w.otherRunId }],
    ] as [Endpoint, object][]) {
      expect((await w.api(endpoint, input)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    }
    // Their ids through our run: the same answer as an id that does not exist.
    const missing = await w.api(c.segmentDelete, { runId, id: 99_999_999 });
    for (const [endpoint, input] of [
      [c.segmentDelete, { runId, id: theirs.id }],
      [c.segmentEdit, { ...pose(602), id: theirs.id }],
      [c.segmentConfirm, { runId, ids: [theirs.id] }],
      [c.tailDelete, { runId, id: theirGap.id }],
      [c.tailEdit, { ...gap(602), id: theirGap.id }],
      [c.clearanceDelete, { runId, id: theirClearance.id }],
      [c.clearanceEdit, { ...clearance(602), id: theirClearance.id }],
    ] as [Endpoint, object][]) {
      expect(await w.api(endpoint, input), endpoint.path).toEqual(missing);
    }
    // The stranger cannot touch ours either.
    expect((await w.api(c.segmentDelete, { runId, id: mine.id }, w.stranger)).code).toBe(RESULT_CODE.forbidden);
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId: w.otherRunId }, w.stranger)).records.find((r) => r.id === theirs.id)).toMatchObject({ ringNo: 600, horizontalDeviation: -12 });
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId, ringStart: 600, ringEnd: 600 })).records.map((r) => r.id)).toEqual([mine.id]);
  });

  it('refuses every call without its code, and every change with the read code only', async () => {
    const p = await w.ok<Pose>(c.segmentAdd, pose(700));
    const reads: [Endpoint, object][] = [
      [c.segmentList, { runId }],
      [c.tailList, { runId }],
      [c.clearanceQueryAll, { runId }],
      [c.ringWidthList, { runId }],
      [c.kPosList, { runId }],
      [c.toleranceQuery, { runId }],
      [c.segmentExport, { runId }],
      [c.tailExport, { runId }],
      [c.clearanceExport, { runId }],
    ];
    const writes: [Endpoint, object][] = [
      [c.segmentAdd, pose(701)],
      [c.segmentEdit, { ...pose(700), id: p.id }],
      [c.segmentDelete, { runId, id: p.id }],
      [c.segmentDeleteBatch, { runId, ids: [p.id] }],
      [c.segmentConfirm, { runId, ids: [p.id] }],
      [c.tailAdd, gap(701)],
      [c.tailEdit, { ...gap(700), id: p.id }],
      [c.tailDelete, { runId, id: p.id }],
      [c.tailDeleteBatch, { runId, ids: [p.id] }],
      [c.tailConfirm, { runId, ids: [p.id] }],
      [c.clearanceAdd, clearance(701)],
      [c.clearanceEdit, { ...clearance(700), id: p.id }],
      [c.clearanceDelete, { runId, id: p.id }],
      [c.clearanceDeleteBatch, { runId, ids: [p.id] }],
      [c.clearanceConfirm, { runId, ids: [p.id] }],
      [c.toleranceEdit, { runId, ...c.DEFAULT_TOLERANCE }],
    ];
    for (const [endpoint, input] of [...reads, ...writes]) {
      expect((await w.api(endpoint, input, w.plain)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    }
    for (const [endpoint, input] of writes) expect((await w.api(endpoint, input, w.reader)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    for (const [endpoint, input] of reads.slice(0, 6)) expect((await w.api(endpoint, input, w.reader)).code, endpoint.path).toBe(RESULT_CODE.ok);
    // The record is untouched.
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId, ringStart: 700, ringEnd: 700 })).records[0]).toMatchObject({ id: p.id, horizontalDeviation: -12 });
  });

  it("takes an attitude's chainage from the ring the machine recorded when none is given, and keeps a given one", async () => {
    const end = Date.now() - 3_600_000;
    await w.t.db.kysely.insertInto('rings').values(ringRecord(runId, 640, end - 3_000_000, end, { start_chainage: 1958.5, end_chainage: 1960 })).execute();
    expect(await w.ok<Pose>(c.segmentAdd, pose(640, { chainage: null }))).toMatchObject({ ringNo: 640, chainage: 1960 });
    expect(await w.ok<Pose>(c.segmentAdd, pose(641, { chainage: null }))).toMatchObject({ ringNo: 641, chainage: null });
    expect(await w.ok<Pose>(c.segmentAdd, pose(642, { chainage: 1963.1 }))).toMatchObject({ ringNo: 642, chainage: 1963.1 });
  });
});
