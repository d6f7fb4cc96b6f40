import { connectionContract } from '@boreline/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

const { REFUSALS_KEPT } = connectionContract;

export interface RefusalRow {
  id: number;
  at: number;
  source: string;
  reason: string;
  excerpt: string;
}

export interface ConnectionRow {
  key_issued_at: number | null;
  refused_total: number;
  last_frame_at: number | null;
  last_source: string | null;
}

/** The connection rows of runs and their refused payloads (the newest REFUSALS_KEPT per run). */
export class ConnectionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async of(runId: number): Promise<ConnectionRow | null> {
    const row = await this.db
      .selectFrom('ingest_connections')
      .select(['key_issued_at', 'refused_total', 'last_frame_at', 'last_source'])
      .where('run_id', '=', runId)
      .executeTakeFirst();
    return row ? { ...row, refused_total: Number(row.refused_total) } : null;
  }

  async keyIssued(runId: number, at: number): Promise<void> {
    await this.db
      .insertInto('ingest_connections')
      .values({ run_id: runId, key_issued_at: at, last_frame_at: null, last_source: null })
      .onConflict((oc) => oc.column('run_id').doUpdateSet({ key_issued_at: at }))
      .execute();
  }

  async lastFrame(runId: number, at: number, source: string): Promise<void> {
    await this.db
      .insertInto('ingest_connections')
      .values({ run_id: runId, key_issued_at: null, last_frame_at: at, last_source: source })
      .onConflict((oc) => oc.column('run_id').doUpdateSet({ last_frame_at: at, last_source: source }))
      .execute();
  }

  /**
   * Writes a refusal, counts it (with `uncounted` earlier ones that were not written), and drops the
   * run's refusals older than the newest REFUSALS_KEPT.
   */
  async refuse(runId: number, refusal: Omit<RefusalRow, 'id'>, uncounted = 0): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('ingest_refusals').values({ run_id: runId, ...refusal }).execute();
      await trx
        .insertInto('ingest_connections')
        .values({ run_id: runId, key_issued_at: null, refused_total: 1 + uncounted, last_frame_at: null, last_source: null })
        .onConflict((oc) => oc.column('run_id').doUpdateSet({ refused_total: sql<number>`ingest_connections.refused_total + ${1 + uncounted}` }))
        .execute();
      const cut = await trx
        .selectFrom('ingest_refusals')
        .select('id')
        .where('run_id', '=', runId)
        .orderBy('id', 'desc')
        .offset(REFUSALS_KEPT)
        .limit(1)
        .executeTakeFirst();
      if (cut) await trx.deleteFrom('ingest_refusals').where('run_id', '=', runId).where('id', '<=', cut.id).execute();
    });
  }

  /** The newest refusals of a run, newest first. */
  refusals(runId: number): Promise<RefusalRow[]> {
    return this.db
      .selectFrom('ingest_refusals')
      .select(['id', 'at', 'source', 'reason', 'excerpt'])
      .where('run_id', '=', runId)
      .orderBy('id', 'desc')
      .limit(REFUSALS_KEPT)
      .execute();
  }
}
