import type { ImportKind, importsContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ProgressState {
  phase: Exclude<importsContract.ImportPhase, 'unknown'>;
  done: number;
  total: number | null;
}

/** The progress rows of running imports (SQL only here). */
export class ImportProgressRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async save(userId: number, progressKey: string, kind: ImportKind, state: ProgressState, now: number): Promise<void> {
    const values = { phase: state.phase, done: state.done, total: state.total, updated_at: now };
    await this.db
      .insertInto('import_progress')
      .values({ user_id: userId, progress_key: progressKey, kind, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'progress_key']).doUpdateSet({ kind, ...values }))
      .execute();
  }

  async find(userId: number, progressKey: string): Promise<ProgressState | null> {
    const row = await this.db
      .selectFrom('import_progress')
      .select(['phase', 'done', 'total'])
      .where('user_id', '=', userId)
      .where('progress_key', '=', progressKey)
      .executeTakeFirst();
    if (!row) return null;
    const phase = PHASES.find((p) => p === row.phase);
    return phase ? { phase, done: Number(row.done), total: row.total === null ? null : Number(row.total) } : null;
  }

  async deleteBefore(cutoff: number): Promise<void> {
    await this.db.deleteFrom('import_progress').where('updated_at', '<', cutoff).execute();
  }
}

const PHASES = ['reading', 'checking', 'writing', 'done', 'failed'] as const;
