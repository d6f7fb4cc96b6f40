import { endpointUrl, statisticContract as c } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { ringRecord } from '../report/ringReport.fixture.js';
import { CURVE_T0, curveDrive, rome, type StatWorld, statisticWorld, T1 } from './statistic.fixture.js';

const STROKE_A = 'thrust.strokeA';
/** The scripted thrust of ring 7 at `ms` since its start (see `curveDrive`). */
const thrustAt = (ms: number) => (ms < 600_000 ? 10000 + ms / 1000 : 5000);
const rowValues = (sheet: ExcelJS.Worksheet, row: number, columns: number) => Array.from({ length: columns }, (_, i) => sheet.getRow(row).getCell(i + 1).value);

describe('ring curves (/u/web/statistic/getRingGraphData/v1) and their export (/u/web/statistic/exportRingData/v1)', () => {
  let w: StatWorld;
  const curves = async (payload: object, lang = 'en_US') => envelope(await call(w.t.app, 'POST', endpointUrl(c.ringCurves), { token: w.reader, payload, lang }));
  const curvesOf = async (payload: object) => {
    const body = await curves({ runId: w.runId, ...payload });
    expect(body.code, body.msg).toBe(0);
    return body.data as c.RingCurves;
  };
  const exportOf = (payload: object, lang = 'en_US') => call(w.t.app, 'POST', endpointUrl(c.exportRingCurves), { token: w.reader, payload: { runId: w.runId, ...payload }, lang });

  beforeAll(async () => {
    w = await statisticWorld('10.93.0');
    await curveDrive(w, w.runId);
    // A ring recorded without frames (the machine's data of that day was lost).
    await w.t.db.kysely.insertInto('rings').values(ringRecord(w.runId, 3, rome(10, 19, 8), rome(10, 19, 12), { frames: 0 })).execute();
  });
  afterAll(() => w.t.close());

  it('draws a ring on its own time axis, at most maxPoints per curve, with its machine states as bands', async () => {
    const result = await curvesOf({ rings: [7], tags: [T1, STROKE_A], maxPoints: 100 });
    expect(result).toMatchObject({ axis: 'time', timeZone: 'Europe/Rome' });
    const ring = result.rings[0];
    expect(ring).toMatchObject({ ringNo: 7, start: CURVE_T0, end: CURVE_T0 + 900_000, frames: 900 });
    expect(ring?.bands).toEqual([
      { state: 'advance', from: 0, to: 600_000 },
      { state: 'ringBuild', from: 600_000, to: 900_000 },
    ]);
    const thrust = ring?.series[0];
    expect(thrust?.code).toBe(T1);
    expect(thrust?.points).toHaveLength(100);
    expect(thrust?.points[0]).toEqual([0, 10000]);
    expect(thrust?.points.at(-1)).toEqual([899_000, 5000]);
    for (const [x, y] of thrust?.points ?? []) expect(y).toBe(thrustAt(x));
    const xs = thrust?.points.map(([x]) => x) ?? [];
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(ring?.series[1]?.code).toBe(STROKE_A);
    expect(ring?.series[1]?.points.length).toBeLessThanOrEqual(100);
  });

  it('returns every frame when maxPoints allows, from the closed chunks and the open window alike', async () => {
    const ring = (await curvesOf({ rings: [7], tags: [T1], maxPoints: 2000 })).rings[0];
    expect(ring?.series[0]?.points).toEqual(Array.from({ length: 900 }, (_, s) => [s * 1000, thrustAt(s * 1000)]));
  });

  it('lays the advance on the mean stroke, leaving out the ring building', async () => {
    const result = await curvesOf({ rings: [7], tags: [T1, STROKE_A], axis: 'stroke', maxPoints: 50 });
    expect(result.axis).toBe('stroke');
    const ring = result.rings[0];
    expect(ring?.bands).toEqual([]);
    const thrust = ring?.series[0]?.points ?? [];
    expect(thrust).toHaveLength(50);
    // Strokes 100 to 1298 mm over the 600 s of advance; the thrust rose by 1 kN a second meanwhile.
    expect(thrust[0]).toEqual([100, 10000]);
    expect(thrust.at(-1)).toEqual([1298, 10599]);
    for (const [x, y] of thrust) expect(y).toBe(10000 + (x - 100) / 2);
    expect(thrust.map(([x]) => x)).toEqual([...thrust.map(([x]) => x)].sort((a, b) => a - b));
    // Group A reads the mean itself (B and C lie 4 mm either side).
    for (const [x, y] of ring?.series[1]?.points ?? []) expect(y).toBe(x);
  });

  it('overlays several rings in the order asked for; a ring without frames has no curve', async () => {
    const result = await curvesOf({ rings: [7, 3], tags: [T1], maxPoints: 10 });
    expect(result.rings.map((r) => [r.ringNo, r.frames, r.series[0]?.points.length])).toEqual([
      [7, 900, 10],
      [3, 0, 0],
    ]);
  });

  it('refuses a ring not completed and a tag the machine does not record, in the caller’s language', async () => {
    expect(await curves({ runId: w.runId, rings: [7, 8], tags: [T1] })).toMatchObject({ code: 3, msg: 'Ring 8 has not been completed' });
    expect(await curves({ runId: w.runId, rings: [8], tags: [T1] }, 'de_AT')).toMatchObject({ code: 3, msg: 'Ring 8 ist noch nicht fertiggestellt' });
    expect(await curves({ runId: w.runId, rings: [7], tags: ['thrust.noSuchTag'] })).toMatchObject({ code: 3, msg: 'This machine records no parameter thrust.noSuchTag' });
  });

  it('exports every stored frame of each ring on its own sheet, in German, on the Rome clock', async () => {
    const response = await exportOf({ rings: [7, 3], tags: [T1], maxPoints: 10 }, 'de_AT');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ring-curves_M4-L3_3-7.xlsx"; filename*=UTF-8''ring-curves_M4-L3_3-7.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Ring 7', 'Ring 3']);
    const sheet = book.getWorksheet('Ring 7');
    if (!sheet) throw new Error('no sheet');
    expect(rowValues(sheet, 1, 1)).toEqual(['Ringkurven']);
    expect(rowValues(sheet, 4, 2)).toEqual(['Ring', 7]);
    expect(rowValues(sheet, 7, 5)).toEqual(['Zeit', 'Seit Ringbeginn (s)', 'Mittlerer Hub (mm)', 'Maschinenzustand', 'Schild Gesamtvortriebskraft (kN)']);
    // Not the 10 points of the curve: all 900 frames, 10:09:00 to 10:23:59 in Rome (08:09–08:23 UTC).
    expect(rowValues(sheet, 8, 5)).toEqual(['20/10/2026 10:09:00', 0, 100, 'Vortrieb', 10000]);
    expect(rowValues(sheet, 8 + 599, 5)).toEqual(['20/10/2026 10:18:59', 599, 1298, 'Vortrieb', 10599]);
    expect(rowValues(sheet, 8 + 600, 5)).toEqual(['20/10/2026 10:19:00', 600, 50, 'Ringbau', 5000]);
    expect(rowValues(sheet, 907, 5)).toEqual(['20/10/2026 10:23:59', 899, 50, 'Ringbau', 5000]);
    expect(sheet.getRow(908).getCell(1).value).toBeNull();
    expect(rowValues(book.getWorksheet('Ring 3') ?? sheet, 8, 1)).toEqual([null]);
  });

  it('answers code 3 when the rings have no stored frame', async () => {
    expect(envelope(await exportOf({ rings: [3], tags: [T1] }))).toMatchObject({ code: 3, msg: 'No data can be exported now' });
    expect(envelope(await exportOf({ rings: [3], tags: [T1] }, 'it_IT')).code).toBe(3);
  });
});
