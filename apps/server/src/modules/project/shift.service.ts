import { type Language, minutesToWallTime, shiftContract, wallTimeToMinutes, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { RunScope, ScopedRun } from './runScope.js';
import type { ShiftRepo, ShiftRow } from './shift.repo.js';

type Input<E> = EndpointArgs<E>;
type ShiftSet = shiftContract.ShiftSet;
type Shift = shiftContract.Shift;

const span = (shift: { start: string; end: string }) => `${shift.start}–${shift.end}`;

function presentShift(row: ShiftRow): Shift {
  const start = minutesToWallTime(row.start_min);
  const end = minutesToWallTime(row.end_min);
  return {
    shiftId: row.id,
    name: row.name,
    start,
    end,
    handoverTime: minutesToWallTime(row.handover_min),
    responsiblePerson: row.responsible_person,
    contact: row.contact,
    crossesMidnight: row.end_min <= row.start_min,
    durationMinutes: shiftContract.shiftMinutes(start, end),
  };
}

/**
 * Shift definitions of a run (spec §5): wall-clock times of the project's zone, where a shift may
 * run past midnight but never overlaps another. Until a run saves its own, it shows the two
 * 12-hour defaults in the caller's language.
 */
export class ShiftService {
  constructor(
    private readonly repo: ShiftRepo,
    private readonly runs: RunScope,
  ) {}

  private defaults(language: Language): Shift[] {
    return shiftContract.DEFAULT_SHIFT_TIMES.map((d) => ({
      shiftId: null,
      name: t(language, d.kind === 'day' ? 'project.shift.defaultDay' : 'project.shift.defaultNight'),
      start: d.start,
      end: d.end,
      handoverTime: d.handoverTime,
      responsiblePerson: null,
      contact: null,
      crossesMidnight: d.end <= d.start,
      durationMinutes: shiftContract.shiftMinutes(d.start, d.end),
    }));
  }

  private async view(run: ScopedRun, language: Language): Promise<ShiftSet> {
    const rows = await this.repo.ofRun(run.id);
    const shifts = rows.length > 0 ? rows.map(presentShift) : this.defaults(language);
    return { runId: run.id, timeZone: run.time_zone, isDefault: rows.length === 0, shifts };
  }

  async query(session: AuthSession, input: Input<typeof shiftContract.shiftQuery>, language: Language): Promise<ShiftSet> {
    const run = await this.runs.require(session, input.runId, 'project.shift.read');
    return this.view(run, language);
  }

  async save(session: AuthSession, input: Input<typeof shiftContract.shiftSave>, language: Language): Promise<ShiftSet> {
    const run = await this.runs.require(session, input.runId, 'project.shift.write');
    const overlap = shiftContract.findShiftOverlap(input.shifts);
    if (overlap) {
      const [first, second] = overlap;
      throw errors.business('project.shift.overlap', { first: first.name, firstTime: span(first), second: second.name, secondTime: span(second) });
    }
    await this.repo.transaction(async (repo) => {
      const saved = new Set((await repo.ofRun(run.id)).map((r) => r.id));
      // An id of another run's shift (or one deleted meanwhile) must not be written through.
      if (input.shifts.some((s) => s.shiftId && !saved.has(s.shiftId))) throw errors.business('project.shift.notFound');
      await repo.replace(
        run.id,
        input.shifts.map((s) => ({
          id: s.shiftId ?? null,
          name: s.name,
          startMin: wallTimeToMinutes(s.start) ?? 0,
          endMin: wallTimeToMinutes(s.end) ?? 0,
          handoverMin: wallTimeToMinutes(s.handoverTime) ?? 0,
          responsiblePerson: s.responsiblePerson,
          contact: s.contact,
        })),
      );
    });
    return this.view(run, language);
  }
}
