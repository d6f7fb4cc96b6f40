import { endpointUrl, KEY_TAGS, tagCatalogue, telemetryContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Series = { resolution: string; series: { code: string; points: [number, number][]; band: [number, number, number][] | null }[] };

/** A Monday 08:00 UTC, on a 10-minute boundary. */
const T0 = Date.UTC(2026, 10, 16, 8, 0, 0);
const SPEED = KEY_TAGS.advanceSpeed;
const THRUST = KEY_TAGS.totalThrust;
const thrustPlc = tagCatalogue('epb').find((t) => t.code === THRUST)?.plcVar ?? '';

const frame = (second: number) => ({ ts: T0 + second * 1000, values: { [SPEED]: 40 + (second % 7), [thrustPlc]: 12000 + second, 'gateway.noise': 1 } });

describe('machine data over HTTP: /ingest/frames/v1, /u/web/monitor/series/query/v1, ingest keys', () => {
  let t: TestApp;
  let sa: string;
  let runId = 0;
  let key = '';

  const ingest = async (payload: object, token = key) => envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token, payload }));
  const series = async (codes: string[], from: number, to: number, maxPoints = 2000) =>
    envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.seriesQuery), { token: sa, payload: { runId, tags: codes, from, to, maxPoints } }));

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.73.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id, { projectName: 'Ingest tunnel' });
    const rotated = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestKeyRotate), { token: sa, payload: { runId } }));
    key = (rotated.data as { key: string }).key;
  });
  afterAll(() => t.close());

  it('takes frames only with a machine key, and a machine key opens nothing else', async () => {
    expect((await ingest({ frames: [frame(0)] }, '')).code).toBe(1);
    expect((await ingest({ frames: [frame(0)] }, 'bk-this-is-not-a-known-key-000000000')).code).toBe(1);
    expect((await ingest({ frames: [frame(0)] }, sa)).code).toBe(1);
    expect(envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.seriesQuery), { token: key, payload: { runId, tags: [SPEED], from: T0, to: T0 + 1 } })).code).toBe(1);
    expect((await ingest({ frames: [] })).msg).toBe('Frames: This field is required');
  });

  it('stores frames across chunk windows, keyed by code or PLC variable, and reads exact values back', async () => {
    const first = await ingest({ batchId: 'gw-1', frames: Array.from({ length: 350 }, (_, s) => frame(s)) });
    expect(first).toMatchObject({ code: 0, data: { accepted: 350, duplicates: 0, replayed: false, unknownTags: ['gateway.noise'] } });
    const second = await ingest({ batchId: 'gw-2', frames: Array.from({ length: 350 }, (_, s) => frame(350 + s)) });
    expect(second.data).toMatchObject({ accepted: 350 });
    const read = (await series([SPEED, THRUST], T0, T0 + 699_000)).data as Series;
    expect(read.resolution).toBe('raw');
    const [speed, thrust] = read.series;
    expect(speed?.points).toHaveLength(700);
    expect(speed?.points[3]).toEqual([T0 + 3000, 43]);
    expect(thrust?.points[699]).toEqual([T0 + 699_000, 12699]);
    // The newest values for the live pages (through Redis on the at-scale pass); gaps are null, not zero.
    const latest = await t.app.platform.latest.get(runId);
    expect(latest?.ts).toBe(T0 + 699_000);
    expect(latest?.values[SPEED]).toBe(40 + (699 % 7));
    expect(latest?.values[KEY_TAGS.cutterTorque]).toBeNull();
  });

  it('acknowledges a resent batch without storing it twice', async () => {
    const again = await ingest({ batchId: 'gw-1', frames: Array.from({ length: 350 }, (_, s) => frame(s)) });
    expect(again.data).toMatchObject({ accepted: 0, replayed: true });
    const read = (await series([SPEED], T0, T0 + 699_000)).data as Series;
    expect(read.series[0]?.points).toHaveLength(700);
  });

  it('keeps late frames at their own time and leaves gaps empty, never zero', async () => {
    // 20 minutes later, then a frame from the first minute that was missing (second 800 is new, 30 is old).
    const later = await ingest({ frames: [frame(1500), frame(1501)] });
    expect(later.data).toMatchObject({ accepted: 2 });
    const late = await ingest({ frames: [{ ts: T0 + 10 * 60_000 + 500_000, values: { [SPEED]: 77 } }] });
    expect(late.data).toMatchObject({ accepted: 1, late: 1 });
    const read = (await series([SPEED], T0 + 700_000, T0 + 1_501_000)).data as Series;
    const points = read.series[0]?.points ?? [];
    expect(points).toEqual([
      [T0 + 1_100_000, 77],
      [T0 + 1_500_000, 40 + (1500 % 7)],
      [T0 + 1_501_000, 40 + (1501 % 7)],
    ]);
  });

  it('answers long ranges from rollups with min/max bands, at most maxPoints per series', async () => {
    const day = (await series([SPEED], T0 - 86_400_000, T0 + 86_400_000, 100)).data as Series;
    expect(day.resolution).toBe('minute');
    const [speed] = day.series;
    expect(speed?.points.length).toBeLessThanOrEqual(100);
    expect(speed?.points.length).toBeGreaterThan(0);
    expect(Math.min(...(speed?.band ?? []).map((b) => b[1]))).toBe(40);
    expect(Math.max(...(speed?.band ?? []).map((b) => b[2]))).toBe(77);
    const month = (await series([SPEED], T0 - 30 * 86_400_000, T0 + 86_400_000)).data as Series;
    expect(month.resolution).toBe('hour');
    expect(month.series[0]?.band?.[0]?.[1]).toBe(40);
    expect((await series([SPEED], T0 + 5, T0)).msg).toBe('To: The end must not be before the start');
  });

  it('reads a machine through its own data linker, checked against its catalogue', async () => {
    const save = (mappings: object[]) =>
      call(t.app, 'POST', endpointUrl(telemetryContract.tagMappingSave), { token: sa, payload: { runId, mappings } }).then(envelope);
    expect((await save([{ rawName: 'PLC1.VORTRIEB_V', tagCode: 'thrust.noSuch' }])).msg).toBe('Not a tag of this machine: thrust.noSuch');
    expect((await save([{ rawName: 'A', tagCode: SPEED }, { rawName: 'A', tagCode: THRUST }])).msg).toBe('Gateway variable: Each name may be used only once');
    const saved = await save([{ rawName: 'PLC1.VORTRIEB_V', tagCode: SPEED }]);
    expect(saved).toMatchObject({ code: 0, data: [{ rawName: 'PLC1.VORTRIEB_V', tagCode: SPEED }] });
    const ts = T0 + 2 * 3_600_000;
    const result = await ingest({ frames: [{ ts, values: { 'PLC1.VORTRIEB_V': 33.3 } }] });
    expect(result.data).toMatchObject({ accepted: 1, unknownTags: [] });
    const read = (await series([SPEED], ts - 1000, ts + 1000)).data as Series;
    expect(read.series[0]?.points).toEqual([[ts, 33.3]]);
    const listed = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.tagMappingQuery), { token: sa, payload: { runId } }));
    expect(listed.data).toEqual([{ rawName: 'PLC1.VORTRIEB_V', tagCode: SPEED }]);
  });

  it('recomputes states from stored frames, and refuses a time without frames', async () => {
    const recompute = (from: number) => call(t.app, 'POST', endpointUrl(telemetryContract.cycleRecompute), { token: sa, payload: { runId, from } }).then(envelope);
    expect((await recompute(T0 - 30 * 86_400_000)).msg).toBe('No machine data is stored from that time on, so nothing can be recomputed');
    const done = await recompute(T0);
    expect(done).toMatchObject({ code: 0, data: { from: T0, rings: 0 } });
    expect((done.data as { frames: number }).frames).toBe(704);
  });
});
