import { basicInfoContract, boardContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../test/testApp.js';
import { type DemoRun, seedDemo } from './demoProjects.js';

describe('demo projects', () => {
  let t: TestApp;
  let sa: string;
  let runs: DemoRun[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.77.0.1' });
    runs = await seedDemo(t.db.kysely, Date.UTC(2026, 10, 18, 12), 21);
  });
  afterAll(() => t.close());

  const get = async <T>(endpoint: { base: 'main' | 'project'; path: string }, runId: number): Promise<T> => {
    const body = envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?runId=${runId}`, { token: sa }));
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  it('plans every drive in basic info as a site engineer would, and the home shows that plan', async () => {
    expect(runs).toHaveLength(4);
    for (const run of runs) {
      const info = await get<{ plannedRingsPerDay: number | null; plannedLengthPerDay: number | null; plannedStart: string | null; plannedCompletion: string | null; ringWidthMm: number }>(
        basicInfoContract.basicInfoProject,
        run.runId,
      );
      // DOMAIN.md: 8–15 rings a day for a metro EPB drive, 10 ± 3 in the demo data.
      expect(info.plannedRingsPerDay).toBeGreaterThanOrEqual(7);
      expect(info.plannedRingsPerDay).toBeLessThanOrEqual(13);
      expect(info.plannedLengthPerDay).toBeCloseTo(((info.plannedRingsPerDay ?? 0) * info.ringWidthMm) / 1000, 6);
      expect(info.plannedStart !== null && info.plannedCompletion !== null && info.plannedStart < info.plannedCompletion).toBe(true);
      const home = await get<boardContract.IndexPageData>(boardContract.indexPageData, run.runId);
      expect(home.planned.ringsPerDay).toBe(info.plannedRingsPerDay);
    }
  });
});
