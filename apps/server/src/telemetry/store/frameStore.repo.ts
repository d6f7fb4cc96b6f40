import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ChunkRow {
  layout_id: number;
  start_ts: number;
  end_ts: number;
  data: Uint8Array;
}

export interface PendingRow {
  id: number;
  layout_id: number;
  window_ts: number;
  data: Uint8Array;
}

/** Drivers want Buffers for binary parameters; a Uint8Array view is wrapped without copying. */
const bytes = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** SQL of the frame store: layouts, pending frames, chunks, hourly rollups and batch ids. */
export class FrameStoreRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: FrameStoreRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new FrameStoreRepo(trx)));
  }

  /** The id of this exact layout for the run, created when new. */
  async layoutId(runId: number, codes: readonly string[], now: number): Promise<number> {
    const json = JSON.stringify(codes);
    const found = await this.db.selectFrom('tele_layouts').select('id').where('run_id', '=', runId).where('codes', '=', json).executeTakeFirst();
    if (found) return found.id;
    const row = await this.db.insertInto('tele_layouts').values({ run_id: runId, codes: json, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async layouts(runId: number): Promise<Map<number, string[]>> {
    const rows = await this.db.selectFrom('tele_layouts').select(['id', 'codes']).where('run_id', '=', runId).execute();
    const result = new Map<number, string[]>();
    for (const row of rows) {
      const parsed: unknown = JSON.parse(row.codes);
      result.set(row.id, Array.isArray(parsed) ? parsed.map(String) : []);
    }
    return result;
  }

  async insertPending(runId: number, layoutId: number, windowTs: number, frames: number, data: Uint8Array): Promise<void> {
    await this.db.insertInto('tele_pending').values({ run_id: runId, layout_id: layoutId, window_ts: windowTs, frames, data: bytes(data) }).execute();
  }

  /** Pending frames of a run, oldest window first (recovery and reads of the open window). */
  pending(runId: number, from = 0, to = Number.MAX_SAFE_INTEGER): Promise<PendingRow[]> {
    return this.db
      .selectFrom('tele_pending')
      .select(['id', 'layout_id', 'window_ts', 'data'])
      .where('run_id', '=', runId)
      .where('window_ts', '<=', to)
      .where('window_ts', '>=', from)
      .orderBy('id')
      .execute();
  }

  /** Writes a chunk and drops the pending rows it replaces (same transaction as the caller's). */
  async insertChunk(runId: number, chunk: { layoutId: number; startTs: number; endTs: number; frames: number; data: Uint8Array; minutes: Uint8Array }, pendingWindow: number | null): Promise<void> {
    await this.db
      .insertInto('tele_chunks')
      .values({ run_id: runId, layout_id: chunk.layoutId, start_ts: chunk.startTs, end_ts: chunk.endTs, frames: chunk.frames, data: bytes(chunk.data), minutes: bytes(chunk.minutes) })
      .execute();
    if (pendingWindow !== null) await this.db.deleteFrom('tele_pending').where('run_id', '=', runId).where('window_ts', '=', pendingWindow).execute();
  }

  /** Chunks overlapping [from, to], in time order, with their frames. */
  chunks(runId: number, from: number, to: number): Promise<ChunkRow[]> {
    return this.db
      .selectFrom('tele_chunks')
      .select(['layout_id', 'start_ts', 'end_ts', 'data'])
      .where('run_id', '=', runId)
      .where('start_ts', '<=', to)
      .where('end_ts', '>=', from)
      .orderBy('start_ts')
      .execute();
  }

  /** The per-minute rollups of the chunks overlapping [from, to] (the frames stay on disk). */
  chunkMinutes(runId: number, from: number, to: number): Promise<{ layout_id: number; minutes: Uint8Array }[]> {
    return this.db
      .selectFrom('tele_chunks')
      .select(['layout_id', 'minutes'])
      .where('run_id', '=', runId)
      .where('start_ts', '<=', to)
      .where('end_ts', '>=', from)
      .orderBy('start_ts')
      .execute();
  }

  async hourly(runId: number, layoutId: number, dayTs: number): Promise<Uint8Array | null> {
    const row = await this.db
      .selectFrom('tele_hourly')
      .select('data')
      .where('run_id', '=', runId)
      .where('layout_id', '=', layoutId)
      .where('day_ts', '=', dayTs)
      .executeTakeFirst();
    return row?.data ?? null;
  }

  hourlyRange(runId: number, from: number, to: number) {
    return this.db
      .selectFrom('tele_hourly')
      .select(['layout_id', 'day_ts', 'data'])
      .where('run_id', '=', runId)
      .where('day_ts', '<=', to)
      .where('day_ts', '>=', from)
      .orderBy('day_ts')
      .execute();
  }

  async putHourly(runId: number, layoutId: number, dayTs: number, data: Uint8Array): Promise<void> {
    await this.db
      .insertInto('tele_hourly')
      .values({ run_id: runId, layout_id: layoutId, day_ts: dayTs, data: bytes(data) })
      .onConflict((oc) => oc.columns(['run_id', 'layout_id', 'day_ts']).doUpdateSet({ data: bytes(data) }))
      .execute();
  }

  async batchKnown(runId: number, batchId: string): Promise<boolean> {
    const row = await this.db.selectFrom('ingest_batches').select('frames').where('run_id', '=', runId).where('batch_id', '=', batchId).executeTakeFirst();
    return row !== undefined;
  }

  /** Records a batch id in the transaction that stores its frames (a second claim fails the transaction). */
  async claimBatch(runId: number, batchId: string, frames: number, now: number): Promise<void> {
    await this.db.insertInto('ingest_batches').values({ run_id: runId, batch_id: batchId, frames, received_at: now }).execute();
  }

  /** Bytes of stored chunks and frames they hold (storage figures). */
  async storedSize(runId: number): Promise<{ bytes: number; frames: number }> {
    const rows = await this.db.selectFrom('tele_chunks').select(['data', 'frames']).where('run_id', '=', runId).execute();
    return rows.reduce((acc, r) => ({ bytes: acc.bytes + r.data.byteLength, frames: acc.frames + r.frames }), { bytes: 0, frames: 0 });
  }
}
