import { shiftReportContract as c } from '@boreline/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bar, fieldsOf, H, iso, M, rome, shiftReportSuite } from './shiftReport.fixture.js';

describe('shift report records', () => {
  const s = shiftReportSuite();
  const { clock, ids, tokens } = s;
  const { send, ok, report, query } = s;
  /** The day shift of 23 Nov 2026 as generated from the machine data. */
  let day = 0;

  beforeAll(async () => {
    clock.now = rome('2026-11-23T19:30');
    day = (await report(c.autoGenShiftRecord, { runId: ids.run, date: '2026-11-23', shiftNo: 1 })).main.shiftRecId;
  });

  describe('POST save/v1 (records)', () => {
    it('keeps primary processes locked, refuses unknown records, records outside the shift and overlaps, and writes nothing then', async () => {
      clock.now = rome('2026-11-23T20:30');
      const current = await query(day);
      const stops = current.records.filter((r) => !r.primary).map((r) => ({ recordId: r.recordId, kind: 'stop', stopReason: 'segmentSupply', start: r.start, end: r.end }));
      const advance = current.records.find((r) => r.process === 'advance');
      const save = (records: object[], lang = 'en_US') => send(c.saveShiftRecords, { runId: ids.run, shiftRecId: day, records }, tokens.engineer, lang);

      expect(await save([...stops, { recordId: advance?.recordId, kind: 'process', process: 'advance', start: advance?.start, end: advance?.end }])).toMatchObject({
        code: 3,
        msg: 'A primary process cannot be edited or deleted',
      });
      expect(await save([...stops, { recordId: 987_654, kind: 'process', process: 'survey', start: rome('2026-11-23T18:00'), end: rome('2026-11-23T18:30') }])).toMatchObject({
        code: 3,
        msg: 'A record was changed or deleted meanwhile; please reload the report',
      });
      expect(await save([...stops, { kind: 'process', process: 'survey', start: rome('2026-11-23T18:30'), end: rome('2026-11-23T19:30') }])).toMatchObject({
        code: 3,
        msg: 'Process times must lie within the shift (07:00 – 19:00)',
      });
      const survey = { kind: 'process', process: 'survey', start: rome('2026-11-23T08:45'), end: rome('2026-11-23T09:15') };
      expect(await save([...stops, survey])).toMatchObject({ code: 3, msg: 'Records must not overlap: Advance (07:30–09:00) and Survey (08:45–09:15)' });
      const italian = await save([...stops, survey], 'it_IT');
      expect(italian.msg).toContain('Avanzamento (07:30–09:00)');
      expect(italian.msg).toContain('Rilievo topografico (08:45–09:15)');
      const clash = await save([...stops.slice(0, 2), { ...stops[2], start: rome('2026-11-23T13:40'), end: rome('2026-11-23T15:00') }, { kind: 'stop', stopReason: 'muckRemoval', start: rome('2026-11-23T14:30'), end: rome('2026-11-23T16:00') }]);
      expect(clash.msg).toBe('Records must not overlap: Segment supply (13:40–15:00) and Muck removal (14:30–16:00)');
      expect((await query(day)).records).toEqual(current.records);
    });

    it('checks every stop has its reason and every process its code, and that records end after they start', async () => {
      clock.now = rome('2026-11-23T20:30');
      const save = (records: object[]) => send(c.saveShiftRecords, { runId: ids.run, shiftRecId: day, records });
      const noReason = await save([{ kind: 'stop', start: rome('2026-11-23T18:00'), end: rome('2026-11-23T18:30') }]);
      expect(noReason).toMatchObject({ code: 3, msg: 'Stop reason: Please choose the reason for this stop' });
      expect(fieldsOf(noReason)).toEqual(['stopReason']);
      expect(fieldsOf(await save([{ kind: 'process', start: rome('2026-11-23T18:00'), end: rome('2026-11-23T18:30') }]))).toEqual(['process']);
      const backwards = await save([{ kind: 'process', process: 'survey', start: rome('2026-11-23T18:30'), end: rome('2026-11-23T18:00') }]);
      expect(backwards.msg).toContain('The end time must be after the start time');
    });

    it('splits a generated stop, gives reasons, adds a process and keeps the primary processes', async () => {
      clock.now = rome('2026-11-23T20:30');
      const current = await query(day);
      const [early, middle, late] = current.records.filter((r) => !r.primary);
      const saved = await report(c.saveShiftRecords, {
        runId: ids.run,
        shiftRecId: day,
        records: [
          { recordId: early?.recordId, kind: 'stop', stopReason: 'shiftChange', start: early?.start, end: early?.end },
          { recordId: middle?.recordId, kind: 'stop', stopReason: 'segmentSupply', start: rome('2026-11-23T09:45'), end: rome('2026-11-23T10:15') },
          { kind: 'stop', stopReason: 'muckRemoval', start: rome('2026-11-23T10:15'), end: rome('2026-11-23T11:00'), remark: 'Conveyor belt torn' },
          { recordId: late?.recordId, kind: 'stop', stopReason: 'groutSupply', start: rome('2026-11-23T13:40'), end: rome('2026-11-23T18:00') },
          { kind: 'process', process: 'survey', start: rome('2026-11-23T18:00'), end: rome('2026-11-23T18:30') },
        ],
      });
      expect(bar(saved.records)).toEqual([
        ['stop:shiftChange', false, iso('2026-11-23T07:00'), iso('2026-11-23T07:30')],
        ['advance', true, iso('2026-11-23T07:30'), iso('2026-11-23T09:00')],
        ['ringBuild', true, iso('2026-11-23T09:00'), iso('2026-11-23T09:45')],
        ['stop:segmentSupply', false, iso('2026-11-23T09:45'), iso('2026-11-23T10:15')],
        ['stop:muckRemoval', false, iso('2026-11-23T10:15'), iso('2026-11-23T11:00')],
        ['advance', true, iso('2026-11-23T11:00'), iso('2026-11-23T13:00')],
        ['ringBuild', true, iso('2026-11-23T13:00'), iso('2026-11-23T13:40')],
        ['stop:groutSupply', false, iso('2026-11-23T13:40'), iso('2026-11-23T18:00')],
        ['survey', false, iso('2026-11-23T18:00'), iso('2026-11-23T18:30')],
      ]);
      expect(saved.records.filter((r) => r.primary).map((r) => r.recordId)).toEqual(current.records.filter((r) => r.primary).map((r) => r.recordId));
      expect(saved.records.find((r) => r.stopReason === 'shiftChange')).toMatchObject({ recordId: early?.recordId, generated: true });
      expect(saved.records.find((r) => r.stopReason === 'segmentSupply')).toMatchObject({ recordId: middle?.recordId, generated: false });
      expect(saved.records.find((r) => r.stopReason === 'muckRemoval')?.remark).toBe('Conveyor belt torn');
      expect(saved.stats).toMatchObject({ unexplainedStops: 0, unrecordedMs: 30 * M });
      expect(saved.main.updatedBy).toBe('Shift engineer');

      const stats = c.ShiftStatsSchema.parse(await ok(c.listShiftStatData, { runId: ids.run, shiftRecId: day }, tokens.reader));
      expect(stats.lines.find((l) => l.code === 'advance')).toMatchObject({ durationMs: 3.5 * H, count: 2 });
      expect(stats.lines.find((l) => l.code === 'survey')).toMatchObject({ kind: 'process', durationMs: 30 * M, share: 0.5 / 12 });

      // An empty list removes every editable record; primary processes stay.
      const emptied = await report(c.saveShiftRecords, { runId: ids.run, shiftRecId: day, records: [] });
      expect(emptied.records.map((r) => r.process)).toEqual(['advance', 'ringBuild', 'advance', 'ringBuild']);
    });
  });
});
