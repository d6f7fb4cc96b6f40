import { endpointUrl, periodReportContract } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { HOUR, octoberDrive, reportWorld, type ReportWorld, rome } from './ringReport.fixture.js';

type PeriodReport = periodReportContract.PeriodReport;
const MINUTE = 60_000;

interface Seeded {
  point: string;
  level: 'warning' | 'alarm';
  start: number;
  minutes: number | null;
  direction?: 'high' | 'low';
  value?: number;
  limit?: number;
  ring?: number;
  chattering?: boolean;
  kind?: string;
}

describe('notable alarms of the period reports', () => {
  let w: ReportWorld;
  const clock = { now: Date.UTC(2026, 10, 23, 12) };
  let number = 0;

  const seed = async (runId: number, alarms: readonly Seeded[]) => {
    for (const a of alarms) {
      number += 1;
      await w.t.db.kysely
        .insertInto('alarms')
        .values({
          run_id: runId,
          number,
          kind: a.kind ?? 'point',
          point: a.point,
          subsystem: a.point.split('.')[0] ?? null,
          level: a.level,
          direction: a.direction ?? (a.kind === 'longStop' ? null : 'high'),
          start_ts: a.start,
          end_ts: a.minutes === null ? null : a.start + a.minutes * MINUTE,
          fault_ts: a.start,
          start_value: a.value ?? null,
          peak_value: a.value ?? null,
          limit_value: a.limit ?? null,
          ring_no: a.ring ?? null,
          shift_date: '2026-10-14',
          shift_no: 1,
          start_chainage: null,
          end_chainage: null,
          escalated_to_alarm_at: null,
          chattering: a.chattering ? 1 : 0,
          end_reason: a.minutes === null ? null : 'normal',
          acked_at: null,
          acked_by: null,
          ack_comment: null,
          assigned_to: null,
          escalated_at: null,
          created_at: a.start,
        })
        .execute();
    }
  };

  beforeAll(async () => {
    w = await reportWorld('10.83.0', { projectName: 'Metro M4', tbmCode: 'M4-L3' }, clock);
    await octoberDrive(w);
    const torque = { point: 'cutterhead.torque', level: 'warning' as const, value: 3700, limit: 3680 };
    await seed(w.runId, [
      { point: 'cutterhead.gearOilTemperature', level: 'alarm', start: rome(10, 14, 9, 12), minutes: 95, value: 66.2, limit: 65, ring: 101 },
      { ...torque, start: rome(10, 14, 8), minutes: 3, ring: 101 },
      { ...torque, start: rome(10, 14, 11), minutes: 2, ring: 102 },
      { ...torque, start: rome(10, 14, 15), minutes: 4, ring: 103 },
      { point: 'earthPressure.chamberTop', level: 'warning', direction: 'low', value: 1.02, limit: 1.05, start: rome(10, 14, 12), minutes: 6, chattering: true, ring: 102 },
      { point: 'state.longStop', kind: 'longStop', level: 'alarm', start: rome(10, 14, 20), minutes: 180 },
      // The day before and the day after, and another run's: not the 14th's.
      { ...torque, start: rome(10, 13, 23, 50), minutes: 5 },
      { ...torque, start: rome(10, 15, 0, 5), minutes: 5 },
    ]);
    await seed(w.otherRunId, [{ ...torque, level: 'alarm', start: rome(10, 14, 10), minutes: 5 }]);
  });
  afterAll(() => w.t.close());

  const periodOf = async (unit: string, date: string, lang = 'en_US') => {
    const body = envelope(await call(w.t.app, 'POST', endpointUrl(periodReportContract.periodReport), { token: w.reader, payload: { runId: w.runId, unit, date }, lang }));
    expect(body.code, body.msg).toBe(0);
    return body.data as PeriodReport;
  };

  it("the daily report counts the day's alarms by level and lists those of level alarm with start, duration, ring and what happened", async () => {
    const day = await periodOf('day', '2026-10-14');
    const notable = day.notableAlarms;
    expect(notable).not.toBeNull();
    if (!notable) return;
    expect(notable.total).toBe(6);
    expect(notable.byLevel).toEqual({ warning: 4, alarm: 2 });
    expect(notable.alarms.map((a) => [a.point, a.startTs, a.durationMs, a.ringNo])).toEqual([
      ['cutterhead.gearOilTemperature', rome(10, 14, 9, 12), 95 * MINUTE, 101],
      ['state.longStop', rome(10, 14, 20), 3 * HOUR, null],
    ]);
    expect(notable.alarms[0]?.content).toMatch(/66\.2 °C above the alarm limit 65 °C$/);
    expect(notable.alarms[1]?.name).toBe('Long stop');
    expect(notable.moreAlarms).toBe(0);
    // The longest first; the top points with their share; the face pressure chattered.
    expect(notable.longest[0]?.point).toBe('state.longStop');
    expect(notable.top[0]).toMatchObject({ point: 'cutterhead.torque', count: 3, percent: 50 });
    expect(notable.chattering.map((c) => [c.point, c.count])).toEqual([['earthPressure.chamberTop', 1]]);
    const chamber = notable.longest.find((a) => a.point === 'earthPressure.chamberTop');
    expect(chamber?.content).toMatch(/1\.02 bar below the warning limit 1\.05 bar$/);
  });

  it("names points and says what happened in the reader's language; the week counts every day's alarms", async () => {
    const chinese = await periodOf('day', '2026-10-14', 'zh_CN');
    expect(chinese.notableAlarms?.alarms[0]?.content).toContain('高于报警上限');
    expect(chinese.notableAlarms?.alarms[1]?.name).toBe('长时间停机');
    const week = await periodOf('week', '2026-10-14');
    expect(week.notableAlarms?.total).toBe(8);
    expect(week.notableAlarms?.top[0]).toMatchObject({ point: 'cutterhead.torque', count: 5 });
    const quiet = await periodOf('day', '2026-10-20');
    expect(quiet.notableAlarms).toMatchObject({ total: 0, alarms: [], top: [] });
  });

  it('the Excel export of the daily report has the notable alarms on a sheet of their own', async () => {
    const response = await call(w.t.app, 'POST', endpointUrl(periodReportContract.reportExport), { token: w.reader, payload: { report: 'day', runId: w.runId, date: '2026-10-14' }, lang: 'en_US' });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    const sheet = book.getWorksheet('Alarms');
    expect(sheet, book.worksheets.map((s) => s.name).join(', ')).toBeDefined();
    if (!sheet) return;
    const text: string[] = [];
    const labels = new Map<string, unknown>();
    sheet.eachRow((row) => {
      row.eachCell((cell) => text.push(String(cell.value)));
      const label = row.getCell(1).value;
      if (typeof label === 'string') labels.set(label, row.getCell(2).value);
    });
    expect(labels.get('All alarms')).toBe(6);
    expect(labels.get('Warnings')).toBe(4);
    expect(labels.get('Alarms')).toBe(2);
    expect(text).toContain('Alarms of level alarm');
    expect(text).toContain('Points that raised most');
    expect(text.some((s) => /66\.2 °C above the alarm limit 65 °C$/.test(s))).toBe(true);
    expect(text).toContain('Chattering points');
    const german = await call(w.t.app, 'POST', endpointUrl(periodReportContract.reportExport), { token: w.reader, payload: { report: 'day', runId: w.runId, date: '2026-10-14' }, lang: 'de_AT' });
    const deBook = new ExcelJS.Workbook();
    await deBook.xlsx.load(new Uint8Array(german.rawPayload).buffer);
    expect(deBook.getWorksheet('Alarme')).toBeDefined();
  });
});
