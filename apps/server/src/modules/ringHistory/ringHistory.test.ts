import { adminContract, endpointUrl, importsContract, KEY_TAGS, ringHistoryContract as c, statisticContract, telemetryContract } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { workbook } from '../../../test/spreadsheets.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { CycleRepo } from '../../telemetry/store/cycle.repo.js';
import { TEMPLATE_ROWS } from '../imports/index.js';

const TZ = 'Europe/Rome';
const H = 3_600_000;
const M = 60_000;
/** A wall-clock time of Rome as an instant (CET before 29 March 2026, CEST from then on). */
const rome = (y: number, mo: number, d: number, h: number, mi = 0) => {
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const summer = utc >= Date.UTC(2026, 2, 29, 1) && utc < Date.UTC(2026, 9, 25, 1);
  return utc - (summer ? 2 : 1) * H;
};
const pad = (n: number) => String(n).padStart(2, '0');

const HEADER = [
  'Ring number',
  'Start time',
  'End time',
  'Start chainage',
  'End chainage',
  'Advance (min)',
  'Ring building (min)',
  'Waiting (min)',
  'Mean thrust (kN)',
  'Mean torque (kN·m)',
  'Mean advance speed (mm/min)',
];

/** Ring r of the history: every 6 hours from Monday 2 March 2026 06:00 (Rome), 4 hours long, 1.5 m, bored towards rising chainage. */
function historyRow(ring: number): ExcelJS.CellValue[] {
  const start = new Date(Date.UTC(2026, 2, 2, 6 + (ring - 1) * 6));
  const end = new Date(start.getTime() + 4 * H);
  const text = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const metres = (m: number) => `${Math.floor(m / 1000)}+${(m % 1000).toFixed(3).padStart(7, '0')}`;
  // Odd rings as Excel dates (wall clock in the cells), even ones as text; chainage in both formats.
  const times = ring % 2 === 1 ? [start, end] : [text(start), text(end)];
  const chainage = ring % 2 === 1 ? [metres(1000 + 1.5 * (ring - 1)), metres(1000 + 1.5 * ring)] : [1000 + 1.5 * (ring - 1), 1000 + 1.5 * ring];
  return [ring, ...times, ...chainage, 100, 50, 20, 18_000 + ring, 3_100, 40.5];
}

/** A multipart form as a browser sends it: fields in order, the file under `file`. */
async function form(parts: [string, string | Buffer][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), 'history.xlsx');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

type Report = { imported: number; refused: { row: number; column: string | null; message: string }[] };

describe('ring history: import of the rings built before the console, summary, backfill', () => {
  let t: TestApp;
  let sa: string;
  /** Holds the ring-history codes and statistic.read in the run's organization. */
  let admin: string;
  /** Holds project.ringHistory.read only. */
  let reader: string;
  /** In the organization, without any of the codes. */
  let plain: string;
  let runId = 0;
  let liveRunId = 0;
  let otherRunId = 0;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token = admin, lang = 'en_US') =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const upload = async (run: number, file: Buffer, options: { token?: string; lang?: string; mode?: 'all' | 'validOnly' } = {}) => {
    const body = await form([['runId', String(run)], ...(options.mode ? [['mode', options.mode] as [string, string]] : []), ['file', file]]);
    const token = options.token ?? admin;
    return envelope(
      await t.app.inject({ method: 'POST', url: endpointUrl(c.ringHistoryImport), payload: body.payload, headers: { ...body.headers, lang: options.lang ?? 'en_US', ...(token ? { authorization: token } : {}) } }),
    );
  };
  const data = <T>(body: { code: number; msg: string; data: unknown }): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.95.0.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5', timeZone: TZ });
    liveRunId = await buildRun(t.db, group, { projectName: 'Metro M5 south', timeZone: TZ });
    otherRunId = await buildRun(t.db, other, { timeZone: TZ });
    const codes = ['project.ringHistory.read', 'project.ringHistory.write', 'statistic.read'];
    for (const orgId of [group, other]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const admins = await ok(adminContract.roleAdd, { name: 'History admins', kind: 'custom', orgId: group, sort: 1 });
    await ok(adminContract.roleResourcesUpdate, { roleId: admins, codes });
    const readers = await ok(adminContract.roleAdd, { name: 'History readers', kind: 'custom', orgId: group, sort: 2 });
    await ok(adminContract.roleResourcesUpdate, { roleId: readers, codes: ['project.ringHistory.read'] });
    const userIn = async (roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: group }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return signIn(t.app, user.phone, user.password, { ip });
    };
    admin = await userIn([admins], '10.95.0.2');
    reader = await userIn([readers], '10.95.0.3');
    plain = await userIn([], '10.95.0.4');
  });
  afterAll(() => t.close());

  it('imports a history of 200 rings: the progress chart starts at ring 1 and every figure counts 200 rings built', async () => {
    const file = await workbook([HEADER, ...Array.from({ length: 200 }, (_, i) => historyRow(i + 1))]);
    expect(await upload(runId, file)).toMatchObject({ code: 0, data: { imported: 200, refused: [] } });

    const summary = data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId }));
    expect(summary).toMatchObject({
      timeZone: TZ,
      startRing: 1,
      builtRings: 200,
      imported: { count: 200, firstRing: 1, lastRing: 200, firstStart: rome(2026, 3, 2, 6) },
      live: { count: 0, firstRing: null },
    });

    // Days of Rome: three rings end on 2 March (10:00, 16:00, 22:00), four a day after; nothing before.
    const progress = data<statisticContract.ProgressList>(await post(statisticContract.progressList, { runId, unit: 'day', from: '2026-03-01', to: '2026-03-04' }));
    expect(progress.rows.map((r) => [r.period, r.rings, r.cumulativeRings])).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 3, 3],
      ['2026-03-03', 4, 7],
      ['2026-03-04', 4, 11],
    ]);
    expect(progress.summary).toMatchObject({ builtRings: 200, builtMetres: 300 });
    const rings = data<statisticContract.RingList>(await call(t.app, 'GET', `${endpointUrl(statisticContract.ringList)}?runId=${runId}`, { token: admin }).then(envelope));
    expect(rings.rings[0]).toEqual({ ringNo: 1, start: rome(2026, 3, 2, 6), end: rome(2026, 3, 2, 10), startChainage: 1000, endChainage: 1001.5 });
    // Ring 110 starts on 29 March at 12:00, after the clocks went forward: read on summer time.
    const page = data<{ total: number; records: c.ImportedRing[] }>(await post(c.ringHistoryQuery, { runId, page: 6, pageSize: 20 }));
    expect(page.total).toBe(200);
    expect(page.records.find((r) => r.ringNo === 110)).toEqual({
      ringNo: 110,
      start: rome(2026, 3, 29, 12),
      end: rome(2026, 3, 29, 16),
      startChainage: 1163.5,
      endChainage: 1165,
      advanceMinutes: 100,
      ringBuildMinutes: 50,
      waitingMinutes: 20,
      thrustAvg: 18_110,
      torqueAvg: 3_100,
      speedAvg: 40.5,
    });
    // The durations became state intervals: the machine's counters over the first day include them.
    const states = await t.db.kysely.selectFrom('tbm_states').select(['state', 'start_ts', 'end_ts']).where('run_id', '=', runId).where('ring_no', '=', 1).orderBy('start_ts').execute();
    expect(states.map((s) => [s.state, Number(s.start_ts), Number(s.end_ts)])).toEqual([
      ['advance', rome(2026, 3, 2, 6), rome(2026, 3, 2, 7, 40)],
      ['ringBuild', rome(2026, 3, 2, 7, 40), rome(2026, 3, 2, 8, 30)],
      ['waiting', rome(2026, 3, 2, 8, 30), rome(2026, 3, 2, 8, 50)],
    ]);
  });

  it('keeps imported rings through a recomputation of live data; a ring derived under the same number replaces one', async () => {
    const cycle = new CycleRepo(t.db.kysely);
    await cycle.clearFrom(runId, 0);
    expect(data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId })).imported.count).toBe(200);
    const derived = { ...ringRecord(runId, 200, rome(2026, 4, 20, 0), rome(2026, 4, 20, 3)) };
    await t.db.kysely.transaction().execute(async (trx) => {
      await new CycleRepo(trx).upsertRings([
        { runId, ringNo: 200, start: derived.start_ts, end: derived.end_ts, startChainage: null, endChainage: null, advanceMs: 3 * H, ringBuildMs: 0, waitingMs: 0, thrustAvg: null, thrustMax: null, torqueAvg: null, torqueMax: null, speedAvg: null, speedMax: null, cutterSpeedAvg: null, penetrationAvg: null, facePressureAvg: null, groutVolume: null, groutPressureAvg: null, foamVolume: null, bentoniteVolume: null, headHorizontal: null, headVertical: null, tailHorizontal: null, tailVertical: null, tailGapTop: null, tailGapBottom: null, tailGapLeft: null, tailGapRight: null, frames: 10 },
      ]);
    });
    const summary = data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId }));
    expect(summary).toMatchObject({ builtRings: 200, imported: { count: 199, lastRing: 199 }, live: { count: 1, firstRing: 200 } });
    const left = await t.db.kysely.selectFrom('tbm_states').select('state').where('run_id', '=', runId).where('ring_no', '=', 200).execute();
    expect(left).toEqual([]);
  });

  describe('refusals', () => {
    const LIVE_START = rome(2026, 5, 4, 8);

    beforeAll(async () => {
      // Rings 50 to 52 recorded from the machine, 4 May 08:00 to 14:00, with a waiting time before them.
      await t.db.kysely
        .insertInto('rings')
        .values([50, 51, 52].map((n, i) => ringRecord(liveRunId, n, LIVE_START + i * 2 * H, LIVE_START + (i + 1) * 2 * H)))
        .execute();
      await t.db.kysely.insertInto('tbm_states').values({ run_id: liveRunId, state: 'waiting', start_ts: LIVE_START - 3 * H, end_ts: LIVE_START, ring_no: 50 }).execute();
    });

    const rows = () =>
      workbook([
        HEADER,
        [1, '2026-05-01 08:00', '2026-05-01 12:00', null, null, null, null, null, null, null, null],
        [2, '2026-05-01 12:00', '2026-05-01 11:00', null, null, null, null, null, null, null, null],
        [3, 'yesterday', '2026-05-01 20:00', null, null, null, null, null, null, null, null],
        [4, '2026-05-01 11:00', '2026-05-01 15:00', null, null, null, null, null, null, null, null],
        [5, '2026-05-04 10:30', '2026-05-04 11:00', null, null, null, null, null, null, null, null],
        [6, '2026-05-04 06:00', '2026-05-04 07:00', null, null, null, null, null, null, null, null],
        [51, '2026-05-02 06:00', '2026-05-02 07:00', null, null, null, null, null, null, null, null],
        [7, '2026-05-02 08:00', '2026-05-02 09:00', '0+010', null, 20, 30, null, null, null, null],
        [8, '2026-05-02 10:00', '2026-05-02 11:00', null, null, 30, 40, 0, -5, null, null],
        [1, '2026-05-03 08:00', '2026-05-03 09:00', null, null, null, null, null, null, null, null],
        [9, '2026-05-03 10:00', '2026-05-03 12:00', null, null, 60, 30, 10, 17_500, null, null],
      ]);

    it('refuses the whole file in mode all, every problem named with its row, in English', async () => {
      const report = data<Report>(await upload(liveRunId, await rows()));
      expect(report.imported).toBe(0);
      expect(report.refused).toEqual([
        { row: 3, column: null, message: 'The end time must be after the start time' },
        { row: 4, column: 'Start time', message: 'Please enter a date and time like 2026-03-02 07:40' },
        { row: 5, column: null, message: 'Overlaps ring 1 on row 2' },
        { row: 6, column: null, message: "Overlaps ring 51 recorded from the machine's data (04/05/2026 10:00 – 04/05/2026 12:00)" },
        { row: 7, column: null, message: 'Overlaps machine data already recorded (04/05/2026 05:00 – 04/05/2026 08:00)' },
        { row: 8, column: 'Ring number', message: "Ring 51 is already recorded from the machine's data" },
        { row: 9, column: null, message: 'Give both chainages or neither' },
        { row: 10, column: 'Mean thrust (kN)', message: 'Please enter a number greater than 0' },
        { row: 11, column: 'Ring number', message: '1 already appears on row 2' },
      ]);
      expect(data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId: liveRunId })).imported.count).toBe(0);
    });

    it('says the same in German, and in mode validOnly writes the valid rings and reports the others', async () => {
      const german = data<Report>(await upload(liveRunId, await rows(), { lang: 'de_AT' }));
      expect(german.refused.find((r) => r.row === 6)?.message).toBe('Überschneidet sich mit Ring 51 aus den Maschinendaten (04/05/2026 10:00 – 04/05/2026 12:00)');
      expect(german.refused.find((r) => r.row === 8)).toEqual({ row: 8, column: 'Ringnummer', message: 'Ring 51 ist bereits aus den Maschinendaten erfasst' });

      const partial = data<Report>(await upload(liveRunId, await rows(), { mode: 'validOnly' }));
      expect(partial.imported).toBe(2);
      const page = data<{ records: c.ImportedRing[] }>(await post(c.ringHistoryQuery, { runId: liveRunId, page: 1, pageSize: 20 }));
      expect(page.records.map((r) => r.ringNo)).toEqual([1, 9]);
      // Imported again: ring 1 replaces its import of before; ring 9 now overlaps nothing new either.
      const again = data<Report>(await upload(liveRunId, await workbook([HEADER, [1, '2026-05-01 07:00', '2026-05-01 11:30']])));
      expect(again).toEqual({ imported: 1, refused: [] });
      const overlapping = data<Report>(await upload(liveRunId, await workbook([HEADER, [10, '2026-05-03 11:00', '2026-05-03 13:00']])));
      expect(overlapping.refused).toEqual([{ row: 2, column: null, message: 'Overlaps ring 9 imported before (03/05/2026 10:00 – 03/05/2026 12:00)' }]);
      // Removing the import leaves the machine's own rings.
      expect(data<{ deleted: number }>(await post(c.ringHistoryDelete, { runId: liveRunId }))).toEqual({ deleted: 2 });
      expect(data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId: liveRunId }))).toMatchObject({ imported: { count: 0 }, live: { count: 3, firstRing: 50, lastRing: 52 } });
    });
  });

  it('counts the backfill: late frames received over HTTP and a recomputation with the rings it rebuilt', async () => {
    const key = (data<{ key: string }>(await post(telemetryContract.ingestKeyRotate, { runId: liveRunId }, sa))).key;
    const T0 = Math.floor(Date.now() / (10 * M)) * 10 * M;
    const frame = (ts: number) => ({ ts, values: { [KEY_TAGS.advanceSpeed]: 40 } });
    const ingest = async (frames: object[]) => envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, payload: { frames } }));
    expect((await ingest([frame(T0), frame(T0 + 1000)])).data).toMatchObject({ accepted: 2, late: 0 });
    expect((await ingest([frame(T0 - H), frame(T0 - H + 1000), frame(T0 - H + 2000)])).data).toMatchObject({ late: 3 });
    // A later batch adds to the hour's count; the earliest time stays the first batch's.
    expect((await ingest([frame(T0 - H + 30_000)])).data).toMatchObject({ late: 1 });
    const recomputed = await post(telemetryContract.cycleRecompute, { runId: liveRunId, from: T0 - H }, sa);
    expect(recomputed.code, recomputed.msg).toBe(0);
    const summary = data<c.RingHistorySummary>(await post(c.ringHistorySummary, { runId: liveRunId }, reader));
    expect(summary.backfill).toMatchObject({ hours: 24, lateFrames: 4, earliestLateTs: T0 - H, recomputes: 1, ringsRebuilt: (recomputed.data as { rings: number }).rings });
    expect(summary.backfill.lastLateAt).toBeGreaterThan(0);
  });

  it('fills in the Italian template: its example row is skipped, the rings under it are imported', async () => {
    const response = await call(t.app, 'GET', endpointUrl(importsContract.templateRinghist), { token: admin, lang: 'it_IT' });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(TEMPLATE_ROWS.header).getCell(2).value).toBe('Ora di inizio *');
    sheet.addRow([7, '2026-06-01 06:00', '2026-06-01 09:00', '0+009.000', '0+010.500', 90, 40, 10, 17_000, 3_000, 38]);
    sheet.addRow([8, '01/06/2026 09:00', '01/06/2026 12:00']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const run = await buildRun(t.db, (await t.db.kysely.selectFrom('runs').select('org_id').where('id', '=', runId).executeTakeFirstOrThrow()).org_id, { timeZone: TZ });
    const report = data<Report & { notices?: string[] }>(await upload(run, file, { lang: 'it_IT' }));
    expect(report).toMatchObject({ imported: 2, refused: [] });
    expect(report.notices).toContain(`La riga ${TEMPLATE_ROWS.example} è l'esempio del modello ed è stata saltata`);
  });

  it('answers code 1 without a session, code 2 without the resource, for a write with the read code only, and for a run of another organization as for a missing one', async () => {
    const file = await workbook([HEADER, historyRow(1)]);
    expect((await upload(runId, file, { token: '' })).code).toBe(1);
    expect((await upload(runId, file, { token: plain })).code).toBe(2);
    expect((await upload(runId, file, { token: reader })).code).toBe(2);
    const foreign = await upload(otherRunId, file);
    const missing = await upload(999_999, file);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
    for (const [endpoint, extra] of [
      [c.ringHistorySummary, {}],
      [c.ringHistoryQuery, { page: 1, pageSize: 20 }],
      [c.ringHistoryDelete, {}],
    ] as const) {
      expect((await post(endpoint, { runId, ...extra }, '')).code, endpoint.id).toBe(1);
      expect((await post(endpoint, { runId, ...extra }, plain)).code, endpoint.id).toBe(2);
      expect(await post(endpoint, { runId: otherRunId, ...extra })).toEqual(await post(endpoint, { runId: 999_999, ...extra }));
      expect((await post(endpoint, { runId: otherRunId, ...extra })).code, endpoint.id).toBe(2);
    }
    expect((await post(c.ringHistorySummary, { runId }, reader)).code).toBe(0);
    expect((await post(c.ringHistoryDelete, { runId }, reader)).code).toBe(2);
    // A form without the run is refused at its field.
    const noRun = await form([['file', file]]);
    const body = envelope(await t.app.inject({ method: 'POST', url: endpointUrl(c.ringHistoryImport), payload: noRun.payload, headers: { ...noRun.headers, authorization: admin } }));
    expect(body).toMatchObject({ code: 3, data: { fields: [{ field: 'runId' }] } });
  });
});
