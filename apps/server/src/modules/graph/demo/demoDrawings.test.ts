import { epsgDefinition, graphContract } from '@boreline/contracts';
import proj4 from 'proj4';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/testApp.js';
import { seedDemoDrawings } from './demoDrawings.js';

/** The demo's four drives (DEMO_PROJECTS): country, chainages, and the city their drawings show. */
const DRIVES = [
  { country: 'IT', start: 4219.833, end: 6919.833, epsg: 32632, centre: [9.19, 45.4642], drawings: 3 },
  { country: 'TR', start: 12450, end: 8850, epsg: 5254, centre: [28.9784, 41.0082], drawings: 2 },
  { country: 'PT', start: 2100.5, end: 4060.5, epsg: 3763, centre: [-9.1393, 38.7223], drawings: 3 },
  { country: 'CN', start: 7300, end: 10500, epsg: 4547, centre: [114.3055, 30.5928], drawings: 2 },
] as const;

/** Great-circle distance (m) between two [lng, lat]. */
function metresBetween(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('demo drawings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws each demo city a calibrated plan and section as PNGs, writes its settings and a GIS alignment in the city; seeding again adds nothing', async () => {
    const db = t.db.kysely;
    const files = t.app.platform.services.get('files');
    const org = await db.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const drive of DRIVES) {
      const runId = await buildRun(t.db, org.id);
      await db.updateTable('runs').set({ country: drive.country, start_chainage: drive.start, end_chainage: drive.end }).where('id', '=', runId).execute();
      const started = performance.now();
      const seeded = await seedDemoDrawings(db, files, runId, Date.now());
      const seconds = (performance.now() - started) / 1000;
      expect(seeded.drawings).toBe(drive.drawings);
      console.info(`demo drawings ${drive.country}: ${seconds.toFixed(2)} s`);

      const rows = await db.selectFrom('graph_drawings').selectAll().where('run_id', '=', runId).orderBy('id').execute();
      expect(rows.map((r) => `${r.name}/${r.lang}/${r.variant}`).filter((k) => k === 'plan//default' || k === 'section//default')).toEqual(['plan//default', 'section//default']);
      for (const row of rows) {
        // The stored picture is a PNG of the size the row says, owned by the row.
        const [file] = await files.filesOf({ kind: 'drawing', id: row.id }, 'drawing');
        expect(file?.id).toBe(row.file_id);
        if (!file) throw new Error('no picture');
        const chunks: Buffer[] = [];
        for await (const chunk of files.open(file).body) chunks.push(Buffer.from(chunk as Uint8Array));
        const png = Buffer.concat(chunks);
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(png.length).toBeLessThan(400 * 1024);
        expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: row.width, height: row.height });

        const calibration = graphContract.CalibrationSchema.parse(JSON.parse(row.calibration ?? 'null'));
        if (row.name === 'plan') {
          if (calibration.kind !== 'alignment') throw new Error('plan without alignment marks');
          expect(calibration.points.length).toBeGreaterThanOrEqual(5);
          // The marks run from the drive's start to its end, inside the picture.
          expect(calibration.points[0]?.chainage).toBe(drive.start);
          expect(calibration.points.at(-1)?.chainage).toBe(drive.end);
          for (const p of calibration.points) {
            expect(p.x).toBeGreaterThan(0);
            expect(p.x).toBeLessThan(row.width);
            expect(p.y).toBeGreaterThan(0);
            expect(p.y).toBeLessThan(row.height);
          }
        } else {
          if (calibration.kind !== 'axes') throw new Error('section without axes');
          // The chainage axis covers the drive; levels grow upwards.
          const [lo, hi] = [Math.min(drive.start, drive.end), Math.max(drive.start, drive.end)];
          expect(Math.min(calibration.chainage.a.value, calibration.chainage.b.value)).toBeLessThanOrEqual(lo);
          expect(Math.max(calibration.chainage.a.value, calibration.chainage.b.value)).toBeGreaterThanOrEqual(hi);
          expect(Math.max(calibration.chainage.a.pixel, calibration.chainage.b.pixel)).toBeLessThan(row.width);
          const top = calibration.level.a.pixel < calibration.level.b.pixel ? calibration.level.a : calibration.level.b;
          const bottom = top === calibration.level.a ? calibration.level.b : calibration.level.a;
          expect(top.value).toBeGreaterThan(bottom.value);
        }
      }

      const settings = await db.selectFrom('graph_settings').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
      expect(settings.epsg).toBe(drive.epsg);
      const profile = graphContract.SectionProfileSchema.parse(JSON.parse(settings.profile));
      expect(profile.ground.length).toBeGreaterThan(10);
      expect(profile.geology.length).toBeGreaterThan(0);
      const equations = JSON.parse(settings.station_equations) as { back: number; ahead: number }[];
      expect(equations.length).toBe(drive.country === 'CN' ? 1 : 0);

      const points = await db.selectFrom('graph_alignment_points').selectAll().where('run_id', '=', runId).orderBy('seq').execute();
      expect(points.length).toBeGreaterThanOrEqual(2);
      expect(points[0]?.chainage).toBe(drive.start);
      expect(points.at(-1)?.chainage).toBe(drive.end);
      const dir = Math.sign(drive.end - drive.start);
      points.slice(1).forEach((p, i) => expect((p.chainage - (points[i]?.chainage ?? 0)) * dir).toBeGreaterThan(0));
      const grid = proj4(epsgDefinition(drive.epsg) ?? '');
      for (const p of [points[0], points.at(-1)]) {
        const [lng, lat] = grid.inverse([p?.easting ?? 0, p?.northing ?? 0]) as [number, number];
        expect(metresBetween([lng, lat], drive.centre)).toBeLessThan(20_000);
      }

      // Seeding again adds nothing.
      expect(await seedDemoDrawings(db, files, runId, Date.now())).toEqual({ drawings: 0, alignmentPoints: 0 });
      expect((await db.selectFrom('graph_drawings').select('id').where('run_id', '=', runId).execute()).length).toBe(drive.drawings);
      expect((await db.selectFrom('graph_alignment_points').select('seq').where('run_id', '=', runId).execute()).length).toBe(points.length);
    }

    // The fallbacks have something to show: Milan's plan also in English, Lisbon's also narrow for the H5 view.
    const variants = await db.selectFrom('graph_drawings').select(['name', 'lang', 'variant', 'width', 'height']).where((eb) => eb.or([eb('lang', '!=', ''), eb('variant', '!=', 'default')])).execute();
    expect(variants).toEqual(
      expect.arrayContaining([
        { name: 'plan', lang: 'en_US', variant: 'default', width: 2400, height: 1400 },
        { name: 'plan', lang: '', variant: 'mobile', width: 1000, height: 1600 },
      ]),
    );
  });
});
