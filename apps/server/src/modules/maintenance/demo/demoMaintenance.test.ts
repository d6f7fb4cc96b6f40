import { endpointUrl, mtcePlanContract as plan, mtceRecordContract as record } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';
import { seedDemo } from '../../../demo/demoProjects.js';
import { DEMO_PLANS, seedDemoMaintenance } from './demoMaintenance.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('demo maintenance', () => {
  let t: TestApp;
  let sa = '';
  let runId = 0;
  let seeded = { plans: 0, records: 0 };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const [run] = await seedDemo(t.db.kysely, NOW, 2);
    if (!run) throw new Error('no demo run');
    runId = run.runId;
    seeded = await seedDemoMaintenance(t.db.kysely, run, NOW);
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.94.0.1' });
  }, 60_000);
  afterAll(() => t.close());

  const ok = async <T>(endpoint: { base: 'main' | 'project'; path: string; method: string }, input: Record<string, unknown>): Promise<T> => {
    const response =
      endpoint.method === 'GET'
        ? await call(t.app, 'GET', `${endpointUrl(endpoint)}?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { token: sa })
        : await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload: input });
    const body = envelope(response);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  it('gives a machine about forty plans, three weeks of records with some late and some abnormal, two plans overdue today', async () => {
    expect(seeded.plans).toBe(DEMO_PLANS.length);
    expect(DEMO_PLANS.length).toBeGreaterThanOrEqual(38);
    const overdue = await ok<plan.MaintenancePlan[]>(plan.mtcePlanOverdue, { runId });
    expect(overdue.map((p) => p.title).sort()).toEqual(['Belt conveyor drive', 'Belt conveyor walk']);
    const dashboard = await ok<{ records: number; abnormal: number; late: number }>(record.mtceRecordDashboard, { runId });
    expect(dashboard.records).toBe(seeded.records);
    expect(dashboard.records).toBeGreaterThan(150);
    expect(dashboard.abnormal).toBeGreaterThan(0);
    expect(dashboard.late).toBeGreaterThan(0);
    const board = await ok<plan.PlanDashboard>(plan.mtcePlanDashboard, { runId });
    expect(board.compliance).toBeGreaterThan(70);
    expect(board.compliance).toBeLessThan(100);
    // Seeding again leaves the run as it is.
    expect(await seedDemoMaintenance(t.db.kysely, { runId, seed: 1 }, NOW)).toEqual({ plans: 0, records: 0 });
  });
});
