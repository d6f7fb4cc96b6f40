import { segmentContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringRecord } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/testApp.js';
import { seedDemo } from '../../../demo/demoProjects.js';
import { gapBand, poseBand } from '../bands.js';
import { CURVE_RINGS, seedDemoSegments } from './demoSegments.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
const FIRST = 412;
const RINGS = 60;
/** Rings whose guidance tags the machine did not deliver (a gateway outage). */
const UNTAGGED = new Set([420, 421]);

/** The guidance tags of ring r at its end: a gentle left-right wave, gaps around 30 mm. */
const tags = (r: number) => ({
  tail_horizontal: 12 * Math.sin(r / 6),
  tail_vertical: -6 + 4 * Math.cos(r / 5),
  tail_gap_top: 33 + (r % 3),
  tail_gap_bottom: 27 - (r % 2),
  tail_gap_left: 30.4 + Math.sin(r) * 2,
  tail_gap_right: 30.6 - Math.sin(r) * 2,
});

describe('demo segment data', () => {
  let t: TestApp;
  let runId = 0;
  let seed = 0;
  let seeded: Awaited<ReturnType<typeof seedDemoSegments>>;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const [run] = await seedDemo(t.db.kysely, NOW, 2);
    if (!run) throw new Error('no demo run');
    runId = run.runId;
    seed = run.seed;
    const rows = Array.from({ length: RINGS }, (_, i) => {
      const r = FIRST + i;
      const end = NOW - (RINGS - i) * 2 * HOUR;
      return ringRecord(runId, r, end - 2 * HOUR, end, { end_chainage: 4219.833 + 1.5 * r, ...(UNTAGGED.has(r) ? {} : tags(r)) });
    });
    await t.db.kysely.insertInto('rings').values(rows).execute();
    // The newest ring went through ingest: the machine drafted its attitude and tail gap.
    const draft = { run_id: runId, ring_no: FIRST + RINGS - 1, state: 'draft', source: 'machine', remark: null, updated_by: null, updated_at: NOW - HOUR };
    await t.db.kysely.insertInto('seg_poses').values({ ...draft, chainage: null, horizontal_dev: 9, elevation_dev: -4, segment_type: null, ring_width: 1500, k_position: 'K2' }).execute();
    await t.db.kysely.insertInto('seg_tail_gaps').values({ ...draft, gap_up: 33, gap_down: 27, gap_left: 30, gap_right: 31 }).execute();
    seeded = await seedDemoSegments(t.db.kysely, run, NOW);
  }, 60_000);
  afterAll(() => t.close());

  const read = async () => {
    const db = t.db.kysely;
    const poses = await db.selectFrom('seg_poses').selectAll().where('run_id', '=', runId).orderBy('ring_no').execute();
    const gaps = await db.selectFrom('seg_tail_gaps').selectAll().where('run_id', '=', runId).orderBy('ring_no').execute();
    const clearances = await db.selectFrom('seg_tail_clearances').selectAll().where('run_id', '=', runId).orderBy('ring_no').execute();
    return { poses, gaps, clearances };
  };

  it('records attitude, tail gap and tail clearance for every built ring, confirmed, imported or typed by hand; the machine’s draft stays a draft', async () => {
    const { poses, gaps, clearances } = await read();
    expect(seeded).toMatchObject({ poses: RINGS - 1, gaps: RINGS - 1, clearances: RINGS });
    for (const rows of [poses, gaps, clearances]) expect(rows.map((r) => r.ring_no)).toEqual(Array.from({ length: RINGS }, (_, i) => FIRST + i));
    const surveyed = poses.filter((p) => p.ring_no < FIRST + RINGS - 1);
    expect(new Set(surveyed.map((p) => p.state))).toEqual(new Set(['confirmed']));
    expect(new Set(surveyed.map((p) => p.source))).toEqual(new Set(['import', 'manual']));
    expect(poses.at(-1)).toMatchObject({ state: 'draft', source: 'machine', horizontal_dev: 9, k_position: 'K2' });
    expect(gaps.at(-1)).toMatchObject({ state: 'draft', source: 'machine', gap_left: 30 });
    expect(surveyed.every((p) => /^K([1-9]|1[0-6])$/.test(p.k_position ?? '') && p.ring_width === 1500 && p.segment_type === 'Universal')).toBe(true);
    expect(poses.find((p) => p.ring_no === 430)?.chainage).toBeCloseTo(4219.833 + 1.5 * 430, 6);
    // The after-build clearance of the last two rings is not measured yet.
    expect(clearances.filter((c) => c.up_after === null).map((c) => c.ring_no)).toEqual([FIRST + RINGS - 2, FIRST + RINGS - 1]);
  });

  it('follows the guidance tags outside the curve: the tail deviation within the survey’s few mm, the ring-end gaps as measured', async () => {
    const { poses, gaps, clearances } = await read();
    const curve = seeded.curve ?? { first: 0, last: 0 };
    const straight = (r: number) => (r < curve.first || r > curve.last) && !UNTAGGED.has(r) && r < FIRST + RINGS - 1;
    for (const pose of poses.filter((p) => straight(p.ring_no))) {
      expect(Math.abs(pose.horizontal_dev - tags(pose.ring_no).tail_horizontal), `ring ${pose.ring_no}`).toBeLessThanOrEqual(3.5);
      expect(Math.abs(pose.elevation_dev - tags(pose.ring_no).tail_vertical), `ring ${pose.ring_no}`).toBeLessThanOrEqual(3.5);
    }
    for (const gap of gaps.filter((g) => straight(g.ring_no))) {
      const tag = tags(gap.ring_no);
      expect([gap.gap_up, gap.gap_down, gap.gap_left, gap.gap_right], `ring ${gap.ring_no}`).toEqual([tag.tail_gap_top, tag.tail_gap_bottom, tag.tail_gap_left, tag.tail_gap_right].map(Math.round));
    }
    // The clearance before the build is the tail gap at the ring's end.
    const surveyedGaps = gaps.filter((g) => g.source !== 'machine');
    expect(clearances.filter((c) => surveyedGaps.some((g) => g.ring_no === c.ring_no)).map((c) => [c.up_before, c.down_before, c.left_before, c.right_before])).toEqual(
      surveyedGaps.map((g) => [g.gap_up, g.gap_down, g.gap_left, g.gap_right]),
    );
  });

  it('has a curve of 15 rings tight on the left (below 20 mm, the right side opening as much), K turned right, some rings in warning and alarm', async () => {
    const { poses, gaps, clearances } = await read();
    const curve = seeded.curve ?? { first: 0, last: 0 };
    expect(curve.last - curve.first + 1).toBe(CURVE_RINGS);
    const inCurve = gaps.filter((g) => g.ring_no >= curve.first && g.ring_no <= curve.last);
    expect(inCurve.every((g) => g.gap_left < 20)).toBe(true);
    for (const g of inCurve) {
      const tag = tags(g.ring_no);
      // The lining sits left in the skin: the sum of left and right stays what the machine measured.
      expect(Math.abs(g.gap_left + g.gap_right - (tag.tail_gap_left + tag.tail_gap_right))).toBeLessThanOrEqual(1);
    }
    expect(gaps.filter((g) => g.ring_no < curve.first || g.ring_no > curve.last).every((g) => g.gap_left >= 20)).toBe(true);
    expect(poses.filter((p) => p.ring_no >= curve.first && p.ring_no <= curve.last).every((p) => ['K4', 'K5', 'K6'].includes(p.k_position ?? ''))).toBe(true);
    // The built ring opens the tight left side.
    expect(clearances.filter((c) => c.ring_no >= curve.first && c.ring_no <= curve.last && c.left_after !== null).every((c) => (c.left_after ?? 0) > c.left_before)).toBe(true);

    const tolerance = segmentContract.DEFAULT_TOLERANCE;
    const poseBands = poses.map((p) => poseBand({ horizontalDeviation: p.horizontal_dev, elevationDeviation: p.elevation_dev }, tolerance));
    const gapBands = gaps.map((g) => gapBand({ up: g.gap_up, down: g.gap_down, left: g.gap_left, right: g.gap_right }, tolerance));
    expect(poseBands.filter((b) => b === 'alarm')).toHaveLength(1);
    expect(poseBands.filter((b) => b === 'warning').length).toBeGreaterThanOrEqual(3);
    expect(gapBands.filter((b) => b !== 'ok').length).toBeGreaterThanOrEqual(CURVE_RINGS);
    expect(gapBands.filter((b) => b === 'ok').length).toBeGreaterThanOrEqual(RINGS - CURVE_RINGS - 2);
  });

  it('gives the run its universal ring for the advisor and leaves a seeded run as it is', async () => {
    const settings = await t.db.kysely.selectFrom('seg_settings').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ k_position_count: 16, taper_mm: 40, outer_diameter_mm: 6300, clearance_warn_mm: 20, deviation_alarm_mm: 100 });
    expect(await seedDemoSegments(t.db.kysely, { runId, seed }, NOW)).toEqual({ poses: 0, gaps: 0, clearances: 0, curve: null });
  });

  it('writes the same rows again from the same seed', async () => {
    const strip = <T extends { id: number }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);
    const first = await read();
    const db = t.db.kysely;
    for (const table of ['seg_poses', 'seg_tail_gaps', 'seg_tail_clearances'] as const) await db.deleteFrom(table).where('run_id', '=', runId).where('source', '<>', 'machine').execute();
    await seedDemoSegments(db, { runId, seed }, NOW);
    const again = await read();
    expect(strip(again.poses)).toEqual(strip(first.poses));
    expect(strip(again.gaps)).toEqual(strip(first.gaps));
    expect(strip(again.clearances)).toEqual(strip(first.clearances));
  });
});
