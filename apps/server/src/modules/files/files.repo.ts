import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FileTable } from '../../db/schema/files.js';

export type FileRow = Selectable<FileTable>;
export interface Owner {
  kind: string;
  id: string | number;
}

/** Chunks read per query while streaming a file out: 1 MB at 256 KB chunks, whatever the file's size. */
const READ_BATCH = 4;

/** The only SQL of the file service (dialect-neutral). */
export class FilesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async insertPartial(row: Insertable<FileTable>): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  /**
   * One chunk of an upload in progress, with the row's heartbeat, in a short transaction of its
   * own: the writer lock is held for one chunk, never for the whole upload.
   */
  async addChunk(fileId: string, seq: number, data: Uint8Array, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('file_chunks').values({ file_id: fileId, seq, data }).execute();
      await tx.updateTable('files').set({ updated_at: now }).where('id', '=', fileId).execute();
    });
  }

  /** Replaces every chunk of an upload in progress with `blocks` (an image cut to its still picture). */
  async replaceChunks(fileId: string, blocks: readonly Uint8Array[], now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('file_chunks').where('file_id', '=', fileId).execute();
      for (const [seq, data] of blocks.entries()) await tx.insertInto('file_chunks').values({ file_id: fileId, seq, data }).execute();
      await tx.updateTable('files').set({ updated_at: now }).where('id', '=', fileId).execute();
    });
  }

  /**
   * Makes an upload visible, with its derived files (already complete), in one transaction.
   * False when the row is gone (a sweep took it for dead): the upload then failed.
   */
  async complete(
    id: string,
    fields: { name: string; kind: string; content_type: string; size: number; sha256: string },
    now: number,
    derived: { row: Insertable<FileTable>; data: Uint8Array } | null,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const done = await tx.updateTable('files').set({ ...fields, state: 'complete', updated_at: now }).where('id', '=', id).where('state', '=', 'partial').executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      if (derived) {
        await tx.insertInto('files').values(derived.row).execute();
        await tx.insertInto('file_chunks').values({ file_id: String(derived.row.id), seq: 0, data: derived.data }).execute();
      }
      return true;
    });
  }

  /** Removes files, their derived files and every chunk of them. */
  async remove(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.db.transaction().execute(async (tx) => {
      const derived = await tx.selectFrom('files').select('id').where('parent_id', 'in', ids).execute();
      const all = [...ids, ...derived.map((r) => r.id)];
      await tx.deleteFrom('file_chunks').where('file_id', 'in', all).execute();
      await tx.deleteFrom('files').where('parent_id', 'in', ids).execute();
      const removed = await tx.deleteFrom('files').where('id', 'in', ids).executeTakeFirst();
      return Number(removed.numDeletedRows);
    });
  }

  /** A complete file (partial rows are never visible). */
  async find(id: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).where('state', '=', 'complete').executeTakeFirst();
  }

  async findMany(ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('files').selectAll().where('id', 'in', ids).where('state', '=', 'complete').execute();
  }

  async derivedOf(parentId: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('parent_id', '=', parentId).where('state', '=', 'complete').executeTakeFirst();
  }

  /** Files attached to an object (derived files excluded), oldest first. */
  async ownedBy(owner: Owner, purpose?: string): Promise<FileRow[]> {
    let query = this.db
      .selectFrom('files')
      .selectAll()
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', String(owner.id))
      .where('parent_id', 'is', null);
    if (purpose) query = query.where('purpose', '=', purpose);
    return query.orderBy('attached_at').orderBy('id').execute();
  }

  /**
   * Attaches files to an object after checking, inside the same transaction, that the object keeps
   * within `max` files of the purpose; `replace` first removes the object's files of the purpose.
   * Answers the count after attaching, or null when `max` would be passed (nothing changed).
   */
  async attach(ids: readonly string[], owner: Owner, purpose: string, max: number | null, replace: boolean, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (tx) => {
      // Two attaches to one object at once must not both pass the count: on PostgreSQL they queue
      // on a lock of the object for the transaction; SQLite runs one writing transaction at a time.
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`files:${owner.kind}:${owner.id}`}))`.execute(tx);
      const existing = await tx
        .selectFrom('files')
        .select('id')
        .where('owner_kind', '=', owner.kind)
        .where('owner_id', '=', String(owner.id))
        .where('purpose', '=', purpose)
        .where('parent_id', 'is', null)
        .execute();
      const others = existing.map((r) => r.id).filter((id) => !ids.includes(id));
      const count = (replace ? 0 : others.length) + ids.length;
      if (max !== null && count > max) return null;
      if (replace && others.length > 0) {
        const derived = await tx.selectFrom('files').select('id').where('parent_id', 'in', others).execute();
        const all = [...others, ...derived.map((r) => r.id)];
        await tx.deleteFrom('file_chunks').where('file_id', 'in', all).execute();
        await tx.deleteFrom('files').where('parent_id', 'in', others).execute();
        await tx.deleteFrom('files').where('id', 'in', others).execute();
      }
      await tx
        .updateTable('files')
        .set({ owner_kind: owner.kind, owner_id: String(owner.id), attached_at: now })
        .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
        .execute();
      return count;
    });
  }

  /** Unattached uploads older than `before` (derived files go with their parent). */
  async orphans(before: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('state', '=', 'complete')
      .where('attached_at', 'is', null)
      .where('parent_id', 'is', null)
      .where('created_at', '<', before)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Uploads in progress whose last chunk came before `before`: their writer is gone. */
  async stalePartials(before: number, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('files').select('id').where('state', '=', 'partial').where('updated_at', '<', before).limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** Chunks `from`..`to` (inclusive) of a file, a few per query, in order. */
  async *chunks(fileId: string, from: number, to: number): AsyncGenerator<Uint8Array> {
    for (let first = from; first <= to; first += READ_BATCH) {
      const rows = await this.db
        .selectFrom('file_chunks')
        .select(['seq', 'data'])
        .where('file_id', '=', fileId)
        .where('seq', '>=', first)
        .where('seq', '<=', Math.min(to, first + READ_BATCH - 1))
        .orderBy('seq')
        .execute();
      if (rows.length !== Math.min(to, first + READ_BATCH - 1) - first + 1) throw new Error(`file ${fileId}: chunks missing from ${first}`);
      for (const row of rows) yield row.data;
    }
  }
}
