import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ShiftTable } from '../../db/schema/project.js';

export type ShiftRow = Selectable<ShiftTable>;

/** A shift to save: minutes after local midnight; `id` names the saved shift it replaces. */
export interface ShiftValues {
  id: number | null;
  name: string;
  startMin: number;
  endMin: number;
  handoverMin: number;
  responsiblePerson: string | null;
  contact: string | null;
}

/** SQL of a run's shift definitions. */
export class ShiftRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: ShiftRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new ShiftRepo(trx)));
  }

  ofRun(runId: number): Promise<ShiftRow[]> {
    return this.db.selectFrom('shifts').selectAll().where('run_id', '=', runId).orderBy('sort').orderBy('id').execute();
  }

  /**
   * Makes `shifts` the run's whole set, in this order: saved shifts named by id are updated in
   * place (reports refer to them), the others of the run are deleted, new ones are inserted.
   */
  async replace(runId: number, shifts: readonly ShiftValues[]): Promise<void> {
    const kept = shifts.flatMap((s) => (s.id === null ? [] : [s.id]));
    let removal = this.db.deleteFrom('shifts').where('run_id', '=', runId);
    if (kept.length > 0) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    for (const [index, shift] of shifts.entries()) {
      const row = {
        name: shift.name,
        start_min: shift.startMin,
        end_min: shift.endMin,
        handover_min: shift.handoverMin,
        responsible_person: shift.responsiblePerson,
        contact: shift.contact,
        sort: index + 1,
      };
      if (shift.id === null) await this.db.insertInto('shifts').values({ run_id: runId, ...row }).execute();
      else await this.db.updateTable('shifts').set(row).where('id', '=', shift.id).where('run_id', '=', runId).execute();
    }
  }
}
