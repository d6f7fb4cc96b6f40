import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { type JobDefinition, JobRegistry } from './job.js';
import { JobRunner } from './jobRunner.js';
import { JobRunsRepo } from './jobRuns.repo.js';

const quiet = { info: () => undefined, warn: () => undefined };
const MINUTE = 60_000;

/**
 * The scheduler's promise (ARCHITECTURE.md §11): across instances one run per due time, a failed
 * run retried and never lost, a dead instance's run taken over, stop waiting for the pass. Two
 * instances are two runners on two connections to the same database (two pools on PostgreSQL).
 */
describe('job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Two instances of the server running the same job. */
  function twoInstances(job: JobDefinition) {
    const registry = new JobRegistry();
    registry.declare(job);
    const at = { now: 0 };
    const runner = (db: typeof t.db.kysely, owner: string) => new JobRunner({ registry, repo: new JobRunsRepo(db), log: quiet, now: () => at.now }, { owner, leaseMs: 5 * MINUTE });
    return { at, a: runner(t.app.platform.db, 'instance-a'), b: runner(t.db.kysely, 'instance-b') };
  }

  it('runs a job once per due time however many instances race for it', async () => {
    let runs = 0;
    const { a, b } = twoInstances({
      name: 'test.once',
      intervalMs: MINUTE,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 1;
      },
    });
    await new JobRunsRepo(t.db.kysely).ensure(['test.once']);
    const start = Date.UTC(2026, 10, 26, 8, 0);
    for (let slot = 0; slot < 20; slot += 1) {
      // Both instances see the same due time, at slightly different instants within it.
      const outcomes = await Promise.all([a.runDue('test.once', start + slot * MINUTE + 100), b.runDue('test.once', start + slot * MINUTE + 200)]);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    }
    expect(runs).toBe(20);
    // A due time already run is not run again, by either instance.
    expect(await a.runDue('test.once', start + 19 * MINUTE + 30_000)).toEqual({ ran: false });
    expect(await b.runDue('test.once', start + 19 * MINUTE + 50_000)).toEqual({ ran: false });
    expect(runs).toBe(20);
  });

  it('retries a failed run after its delay, on whichever instance looks first, and records the failure', async () => {
    let attempts = 0;
    const { a, b } = twoInstances({
      name: 'test.retry',
      intervalMs: 10 * MINUTE,
      retryMs: MINUTE,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database away');
        return 3;
      },
    });
    const repo = new JobRunsRepo(t.db.kysely);
    await repo.ensure(['test.retry']);
    const slot = Date.UTC(2026, 10, 26, 9, 0);
    const failed = await a.runDue('test.retry', slot + 1_000);
    expect(failed).toEqual({ ran: true, error: 'database away' });
    expect(await repo.find('test.retry')).toMatchObject({ state: 'failed', last_error: 'database away', attempts: 1 });
    // Not before the retry delay…
    expect(await b.runDue('test.retry', slot + 30_000)).toEqual({ ran: false });
    // …then once, by the other instance.
    expect(await b.runDue('test.retry', slot + 2 * MINUTE)).toEqual({ ran: true, count: 3 });
    expect(await a.runDue('test.retry', slot + 3 * MINUTE)).toEqual({ ran: false });
    expect(await repo.find('test.retry')).toMatchObject({ state: 'idle', last_error: null, last_count: 3 });
    expect(attempts).toBe(2);
  });

  it('takes over the run of an instance that died once its lease has run out', async () => {
    let runs = 0;
    const { b } = twoInstances({
      name: 'test.lease',
      intervalMs: 10 * MINUTE,
      run: async () => {
        runs += 1;
        return 0;
      },
    });
    const repo = new JobRunsRepo(t.db.kysely);
    await repo.ensure(['test.lease']);
    const slot = Date.UTC(2026, 10, 26, 10, 0);
    // Instance A claims the due time and is killed before it finishes (its lease: 5 minutes).
    expect(await repo.claim('test.lease', slot, 'instance-a', slot + 1_000, 5 * MINUTE)).toBe(true);
    expect(await b.runDue('test.lease', slot + 2 * MINUTE)).toEqual({ ran: false });
    expect(await b.runDue('test.lease', slot + 7 * MINUTE)).toEqual({ ran: true, count: 0 });
    expect(runs).toBe(1);
  });

  it('runs instance jobs on every instance, without a lease', async () => {
    let runs = 0;
    const { a, b } = twoInstances({
      name: 'test.local',
      intervalMs: MINUTE,
      scope: 'instance',
      run: async () => {
        runs += 1;
        return 0;
      },
    });
    const at = Date.UTC(2026, 10, 26, 11, 0);
    await Promise.all([a.runDue('test.local', at), b.runDue('test.local', at)]);
    expect(runs).toBe(2);
    expect(await new JobRunsRepo(t.db.kysely).find('test.local')).toBeUndefined();
  });

  it('on its own schedule: starts due jobs, and stop() aborts the pass, waits for it and starts nothing more', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    let aborted = false;
    const registry = new JobRegistry();
    registry.declare({
      name: 'test.schedule',
      intervalMs: 20,
      run: async ({ signal }) => {
        started += 1;
        await gate;
        aborted = signal.aborted;
        return 0;
      },
    });
    const runner = new JobRunner({ registry, repo: new JobRunsRepo(t.app.platform.db), log: quiet, now: Date.now }, { owner: 'scheduled', tickMs: 10 });
    await runner.start();
    await expect.poll(() => started, { timeout: 5_000 }).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toBe(1);
  });

  it('refuses a job declared twice or without an interval', () => {
    const registry = new JobRegistry();
    registry.declare({ name: 'test.dup', intervalMs: 1, run: async () => 0 });
    expect(() => registry.declare({ name: 'test.dup', intervalMs: 1, run: async () => 0 })).toThrow(/twice/);
    expect(() => registry.declare({ name: 'test.zero', intervalMs: 0, run: async () => 0 })).toThrow(/interval/);
  });
});
