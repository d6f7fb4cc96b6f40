import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildRun, ringRecord } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/testApp.js';
import { seedDemoRiskPoints } from './demoRiskPoints.js';

describe('demo risk zones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('places five zones from where the machine is, one of them approaching a few rings ahead, with generated pictures; seeding again adds none', async () => {
    const org = await t.db.kysely.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow();
    const runId = await buildRun(t.db, org.id);
    // 60 rings bored from 1+000 towards rising chainage: the machine is at 1+090.
    const rings = Array.from({ length: 60 }, (_, i) => ringRecord(runId, i + 1, 1_000_000 + i * 7_200_000, 1_000_000 + i * 7_200_000 + 3_600_000, { start_chainage: 1000 + 1.5 * i, end_chainage: 1000 + 1.5 * (i + 1) }));
    await t.db.kysely.insertInto('rings').values(rings).execute();
    const services = t.app.platform.services;
    expect(await seedDemoRiskPoints(t.db.kysely, services.get('files'), services.get('risk'), runId, Date.now())).toBe(5);
    expect(await seedDemoRiskPoints(t.db.kysely, services.get('files'), services.get('risk'), runId, Date.now())).toBe(0);

    const zones = await t.db.kysely.selectFrom('risk_points').selectAll().where('run_id', '=', runId).orderBy('start_chainage').execute();
    expect(zones.map((z) => z.name)).toEqual([
      'Gas main and sewer crossing',
      'Underpass of a residential building',
      'River crossing',
      'Fault zone',
      'Crossing under an existing metro line',
    ]);
    // The building: 4 rings (6 m) ahead of 1+090, 18 rings long.
    expect(zones[1]).toMatchObject({ start_chainage: 1096, end_chainage: 1123, settlement_level: 'high', vibration_level: 'high' });

    const risk = services.get('risk');
    const run = await t.db.kysely.selectFrom('runs').select(['id', 'start_chainage', 'end_chainage', 'start_ring', 'ring_width_mm']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(await risk.position(run)).toEqual({ ring: 61, chainage: 1090, direction: 1 });
    const sent = await risk.evaluate(runId);
    // Only the building is approaching (the gas main is passed, the rest lie further ahead): announced once.
    expect(sent).toBe(1);
    const states = await t.db.kysely.selectFrom('risk_points').select(['code', 'notified_state']).where('run_id', '=', runId).orderBy('code').execute();
    expect(states).toEqual([
      { code: 'R-01', notified_state: null },
      { code: 'R-02', notified_state: 'approaching' },
      { code: 'R-03', notified_state: null },
      { code: 'R-04', notified_state: null },
      { code: 'R-05', notified_state: null },
    ]);

    // Each zone holds its pictures, real images: the first a JPEG, the second a PNG.
    const files = services.get('files');
    const pictures = await files.filesOf({ kind: 'riskPoint', id: zones[1]?.id ?? 0 }, 'riskPicture');
    expect(pictures.map((p) => p.content_type).sort()).toEqual(['image/jpeg', 'image/png']);
    const jpeg = pictures.find((p) => p.content_type === 'image/jpeg');
    if (!jpeg) throw new Error('no JPEG picture');
    const chunks: Buffer[] = [];
    for await (const chunk of files.open(jpeg).body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 420 });
  });
});
