import type { dictionaryContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ShiftRepo } from '../modules/project/index.js';
import { clipStates, languageOfCountry, type RecordDraft, recordRow, recordsFromStates, shiftDefinitions, ShiftReportRepo, type SlotSpan, slotsEndingIn, type StateInterval } from '../modules/report/index.js';
import { mix32, type RingRow, Rng } from '../telemetry/index.js';

type StopReason = dictionaryContract.StopReason;

export interface DemoShiftFigures {
  runId: number;
  reports: number;
  records: number;
  stops: number;
  explainedStops: number;
  ms: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Shift leaders of the demo sites (fictional), four crews each in a 2-shift, 4-crew rotation. */
const LEADERS: Readonly<Record<string, readonly string[]>> = {
  IT: ['Marco Bellini', 'Giulia Ferraro', 'Stefano Colombo', 'Davide Marchetti'],
  TR: ['Mehmet Aydın', 'Emre Kaya', 'Selin Yıldız', 'Burak Demir'],
  PT: ['João Ferreira', 'Rui Carvalho', 'Ana Sousa', 'Tiago Almeida'],
  CN: ['王建国', '李志强', '张伟', '陈立新'],
};
const OTHER_LEADERS = ['Alex Morgan', 'Sam Carter', 'Chris Walker', 'Jordan Blake'];

/**
 * How often crews name each reason for a standby of up to three hours (DOMAIN.md: logistics,
 * maintenance, cutter changes, breakdowns); logistics dominate short stops.
 */
const SHORT_STOPS: readonly [StopReason, number][] = [
  ['segmentSupply', 22],
  ['muckRemoval', 14],
  ['groutSupply', 10],
  ['guidanceSurvey', 9],
  ['serviceExtension', 8],
  ['plannedMaintenance', 8],
  ['cutterChange', 6],
  ['mechanicalBreakdown', 6],
  ['hydraulicBreakdown', 3],
  ['electricalBreakdown', 3],
  ['groundConditions', 3],
  ['powerFailure', 1],
  ['other', 3],
];
/** Standbys longer than three hours are mostly cutter changes, maintenance shifts and breakdowns. */
const LONG_STOPS: readonly [StopReason, number][] = [
  ['cutterChange', 30],
  ['plannedMaintenance', 28],
  ['mechanicalBreakdown', 18],
  ['hydraulicBreakdown', 6],
  ['electricalBreakdown', 6],
  ['serviceExtension', 5],
  ['groundConditions', 4],
  ['waitingForPermits', 3],
];
const REMARKS: Readonly<Partial<Record<StopReason, readonly string[]>>> = {
  cutterChange: ['Cutter change in the chamber, disc cutters replaced', 'Hyperbaric intervention for cutter inspection'],
  plannedMaintenance: ['Weekly maintenance: greasing, filters, belt inspection', 'Main bearing seal grease checked'],
  mechanicalBreakdown: ['Screw conveyor gate repaired', 'Erector gripper fault, fixed by the fitters'],
  segmentSupply: ['Segment train late from the yard', 'Segments delivered with damaged gaskets, replaced'],
  muckRemoval: ['Muck cars queueing at the shaft', 'Belt conveyor stopped at the portal'],
};
const GENERAL_REMARKS = ['Good progress, no incidents', 'Grout lines flushed at shift end', 'Survey check of the machine position'];
/** Share of generated stops crews leave unexplained. */
const UNEXPLAINED = 0.1;

function pick<T>(rng: Rng, weighted: readonly [T, number][]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r < 0) return value;
  }
  const last = weighted.at(-1);
  if (last === undefined) throw new RangeError('nothing to pick from');
  return last[0];
}

function pickOne<T>(rng: Rng, items: readonly T[]): T | null {
  return items[Math.floor(rng.next() * items.length)] ?? null;
}

/** The reason a crew gives a generated stop, or null for one left unexplained. */
function reasonFor(stop: RecordDraft, span: SlotSpan, rng: Rng): StopReason | null {
  if (rng.next() < UNEXPLAINED) return null;
  const duration = stop.end - stop.start;
  // A short standby right at the start of a shift is mostly the handover.
  if (stop.start === span.start && duration <= 45 * MINUTE && rng.next() < 0.6) return 'shiftChange';
  return pick(rng, duration > 3 * HOUR ? LONG_STOPS : SHORT_STOPS);
}

/** A shift as its crew completed it: the machine's records, reasons for most stops, the main part. */
function completedShift(span: SlotSpan, states: readonly StateInterval[], rings: readonly RingRow[], crew: { leaders: readonly string[]; index: number }, rng: Rng) {
  const records = recordsFromStates(states, span.start, span.end).map((r) => (r.kind === 'stop' ? { ...r, stopReason: reasonFor(r, span, rng) } : r));
  const inShift = rings.filter((r) => r.end_ts >= span.start && r.end_ts < span.end);
  const status = states.filter((s) => s.start < span.end).at(-1)?.state ?? null;
  const longest = records.filter((r) => r.stopReason !== null).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  const about = longest?.stopReason ? REMARKS[longest.stopReason] : undefined;
  const remark = rng.next() < 0.3 ? pickOne(rng, about ?? GENERAL_REMARKS) : null;
  return {
    records,
    main: {
      leader: crew.leaders[crew.index % crew.leaders.length] ?? null,
      headcount: 8 + Math.floor(rng.next() * 7),
      ring_start: inShift[0]?.ring_no ?? null,
      ring_end: inShift.at(-1)?.ring_no ?? null,
      machine_status: status,
      remark,
    },
  };
}

/**
 * Shift reports for a demo run's history, as if the scheduler had generated every ended shift and
 * the crews had completed them: leader, headcount, sometimes a remark, and reasons for most
 * stops. Deterministic for the run's simulator seed. Shifts already reported are left alone, and
 * a shift whose machine data does not yet reach its end is left to the scheduler.
 */
export async function seedDemoShiftReports(db: Kysely<Database>, runId: number, options: { seed: number; from: number; now: number }): Promise<DemoShiftFigures> {
  const started = performance.now();
  const run = await db.selectFrom('runs').select(['time_zone', 'country']).where('id', '=', runId).executeTakeFirstOrThrow();
  const definitions = shiftDefinitions(await new ShiftRepo(db).ofRun(runId), languageOfCountry(run.country));
  const reports = new ShiftReportRepo(db);
  const [states, rings] = await Promise.all([reports.machine.states(runId, options.from, options.now), reports.machine.ringsEndingIn(runId, options.from, options.now)]);
  const reached = states.reduce((max, s) => Math.max(max, s.end), 0);
  const slots = slotsEndingIn(definitions, run.time_zone, options.from, options.now).filter((s) => s.start >= options.from && s.end <= reached);
  const leaders = LEADERS[run.country ?? ''] ?? OTHER_LEADERS;
  const rng = new Rng(mix32(options.seed ^ 0x5e1f7));
  const figures: DemoShiftFigures = { runId, reports: 0, records: 0, stops: 0, explainedStops: 0, ms: 0 };

  await db.transaction().execute(async (trx) => {
    const existing = new Set(
      (await trx.selectFrom('shift_reports').select('start_ts').where('run_id', '=', runId).where('start_ts', '>=', options.from).execute()).map((r) => r.start_ts),
    );
    const shifts = slots
      .filter((span) => !existing.has(span.start))
      .map((span) => {
        // Four crews: each works a week of days or nights, then rotates.
        const week = Math.floor((span.start - options.from) / (7 * 24 * HOUR));
        const shift = completedShift(span, clipStates(states, span.start, span.end), rings, { leaders, index: week * 2 + span.shiftNo - 1 }, rng);
        return { span, ...shift };
      })
      .filter((s) => s.records.length > 0);
    const ids = new Map<number, number>();
    for (let i = 0; i < shifts.length; i += 100) {
      const rows = shifts.slice(i, i + 100).map(({ span, main }) => {
        const generatedAt = Math.min(options.now, span.end + 5 * MINUTE);
        return {
          run_id: runId, date: span.date, shift_no: span.shiftNo, shift_id: span.shiftId, shift_name: span.shiftName, start_ts: span.start, end_ts: span.end,
          ...main, handover: null, generated_at: generatedAt, created_by: null, updated_by: null, created_at: generatedAt,
          // Crews complete the report in the hour after the shift.
          updated_at: Math.min(options.now, span.end + 40 * MINUTE),
        };
      });
      for (const row of await trx.insertInto('shift_reports').values(rows).returning(['id', 'start_ts']).execute()) ids.set(row.start_ts, row.id);
    }
    const records = shifts.flatMap(({ span, records }) => {
      const reportId = ids.get(span.start);
      if (reportId === undefined) throw new Error(`demo shift report at ${span.start} was not stored`);
      // A generated stop that only gained its reason is still the machine's span.
      return records.map((r) => recordRow(reportId, { ...r, generated: true, remark: null }));
    });
    for (let i = 0; i < records.length; i += 500) await trx.insertInto('shift_records').values(records.slice(i, i + 500)).execute();
    figures.reports = shifts.length;
    figures.records = records.length;
    figures.stops = records.filter((r) => r.kind === 'stop').length;
    figures.explainedStops = records.filter((r) => r.kind === 'stop' && r.stop_reason !== null).length;
  });
  figures.ms = Math.round(performance.now() - started);
  return figures;
}
