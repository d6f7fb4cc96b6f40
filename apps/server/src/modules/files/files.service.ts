import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FileKind, type FilePurpose, filesContract, LIMITS, type ResourceCode } from '@boreline/contracts';

const { FILE_KINDS, FILE_PURPOSES } = filesContract;
import type { AuthSession } from '../../core/auth.js';
import { AppError, errors } from '../../core/errors.js';
import { type FileRow, type FilesRepo, type Owner } from './files.repo.js';
import { checkImage } from './image.js';
import { ContentSniffer, displayName } from './sniff.js';

export type { FileRow, Owner } from './files.repo.js';

/** Chunk size of stored files: big enough for few rows, small enough to read a Range's first bytes cheaply. */
export const CHUNK_BYTES = 256 * 1024;
/** An upload whose last chunk is older than this is dead (its client or its instance went away). */
export const PARTIAL_STALE_MS = 10 * 60_000;
const SWEEP_BATCH = 100;

/** The run check of the project module (`runScope.require`), as the file service needs it. */
export interface RunAccess {
  require(session: AuthSession, runId: number, code: ResourceCode): Promise<unknown>;
}

export interface PutMeta {
  purpose: FilePurpose;
  /** The run of a run's purpose, already checked by the caller against the uploader's write code. */
  runId?: number;
  uploaderId: number;
  /** The name the client gave; kept, cleaned, for display only. */
  name: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface OpenFile {
  file: FileRow;
  range: ByteRange;
  body: Readable;
}

/**
 * A source stream failing (a broken or aborted multipart body) is the client's fault: 4xx, never
 * 500. `cause` is the stream's error, which the caller turns into what the client sees.
 */
export class UploadReadError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'upload stream failed');
  }
}

export function formatSize(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= 2 * mb && bytes % mb === 0 ? `${bytes / mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** What an image that fails its check answers. */
const IMAGE_REFUSALS = { type: 'common.upload.notImage', decode: 'files.upload.notDecodable', trailing: 'files.upload.trailingData' } as const;

const newId = (): string => randomBytes(16).toString('base64url');

/**
 * The one file service of the product (ARCHITECTURE.md §11): files stored in the database in
 * chunks, checked while they stream in, attached to the objects they belong to, read back in
 * ranges, removed with their objects or after a day unattached.
 *
 * Why a `partial` row and short transactions instead of one transaction around the whole upload:
 * on SQLite the application shares one connection, and a transaction holds it (and the writer
 * lock) for its whole life — a 100 MB upload over a slow link would stop every other request.
 * So each chunk commits on its own, the row stays `partial` (nothing reads partial rows), and one
 * short transaction at the end checks the object's limits and flips it to `complete`. An upload
 * that fails is removed at once; one whose process died (kill -9) is removed by the start-up sweep
 * and by the orphan job. Readers never see half a file either way.
 */
export class FilesService {
  constructor(
    private readonly repo: FilesRepo,
    private readonly runs: RunAccess,
    private readonly now: () => number = Date.now,
  ) {}

  /** Streams a file in, chunk by chunk, refusing it as soon as it breaks a rule of its purpose. */
  async put(source: AsyncIterable<Uint8Array>, meta: PutMeta): Promise<FileRow> {
    const rule = FILE_PURPOSES[meta.purpose];
    const id = newId();
    const startedAt = this.now();
    await this.repo.insertPartial({
      id,
      purpose: meta.purpose,
      state: 'partial',
      run_id: rule.run ? (meta.runId ?? null) : null,
      owner_kind: null,
      owner_id: null,
      attached_at: null,
      uploader_id: meta.uploaderId,
      name: '',
      kind: '',
      content_type: '',
      size: 0,
      sha256: null,
      chunk_bytes: CHUNK_BYTES,
      parent_id: null,
      created_at: startedAt,
      updated_at: startedAt,
    });
    try {
      return await this.streamIn(id, source, meta, rule);
    } catch (error) {
      await this.repo.remove([id]);
      throw error;
    }
  }

  private async streamIn(id: string, source: AsyncIterable<Uint8Array>, meta: PutMeta, rule: (typeof FILE_PURPOSES)[FilePurpose]): Promise<FileRow> {
    const wrongType = () => (rule.image ? errors.business('common.upload.notImage') : errors.business('files.upload.wrongType', { types: rule.kinds.join(', ') }));
    const sniffer = new ContentSniffer();
    const hash = createHash('sha256');
    // Images are decoded whole at the end (at most their purpose's size: 10 MB); nothing else is kept.
    const imageParts: Buffer[] = [];
    // One chunk buffer, filled and written again and again: a 100 MB upload makes no garbage per chunk.
    const block = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    let size = 0;
    let seq = 0;
    const flush = async () => {
      await this.repo.addChunk(id, seq, block.subarray(0, filled), this.now());
      seq += 1;
      filled = 0;
    };
    const iterator = source[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        // The multipart reader already says what is wrong with the form (code 3); other sources are wrapped.
        throw error instanceof AppError ? error : new UploadReadError(error);
      }
      if (next.done) break;
      const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      size += piece.length;
      if (size > rule.maxBytes) {
        await iterator.return?.();
        throw errors.business('common.upload.tooLarge', { size: formatSize(rule.maxBytes) });
      }
      if (sniffer.feed(piece, rule.kinds) === 'refused') {
        await iterator.return?.();
        throw wrongType();
      }
      hash.update(piece);
      if (rule.image) imageParts.push(piece);
      for (let at = 0; at < piece.length; ) {
        const copied = piece.copy(block, filled, at);
        filled += copied;
        at += copied;
        if (filled === CHUNK_BYTES) await flush();
      }
    }
    if (size === 0) throw errors.business('files.upload.empty');
    if (filled > 0) await flush();
    const kind = sniffer.result();
    if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind)) throw wrongType();

    let thumb: Buffer | null = null;
    let sha256 = hash.digest('hex');
    if (rule.image) {
      const whole = Buffer.concat(imageParts);
      const checked = await checkImage(whole, kind);
      if (!checked.ok) throw errors.business(IMAGE_REFUSALS[checked.reason]);
      thumb = checked.thumbnail;
      if (checked.keepBytes < size) {
        // A motion photo: only its still picture is stored.
        const still = whole.subarray(0, checked.keepBytes);
        const blocks: Buffer[] = [];
        for (let at = 0; at < still.length; at += CHUNK_BYTES) blocks.push(still.subarray(at, at + CHUNK_BYTES));
        await this.repo.replaceChunks(id, blocks, this.now());
        size = still.length;
        sha256 = createHash('sha256').update(still).digest('hex');
      }
    }
    const now = this.now();
    const fields = { name: displayName(meta.name, FILE_KINDS[kind].extension, LIMITS.fileNameMaxLength), kind, content_type: FILE_KINDS[kind].contentType, size, sha256 };
    const derived = thumb
      ? {
          row: {
            ...fields,
            id: newId(),
            purpose: meta.purpose,
            state: 'complete',
            run_id: rule.run ? (meta.runId ?? null) : null,
            owner_kind: null,
            owner_id: null,
            attached_at: null,
            uploader_id: meta.uploaderId,
            name: `${fields.name.replace(/\.[^.]*$/, '')}.webp`,
            kind: 'webp',
            content_type: FILE_KINDS.webp.contentType,
            size: thumb.length,
            sha256: createHash('sha256').update(thumb).digest('hex'),
            chunk_bytes: Math.max(CHUNK_BYTES, thumb.length),
            parent_id: id,
            created_at: now,
            updated_at: now,
          },
          data: thumb,
        }
      : null;
    if (!(await this.repo.complete(id, fields, now, derived))) throw errors.business('files.upload.interrupted');
    const row = await this.repo.find(id);
    if (!row) throw errors.business('files.upload.interrupted');
    return row;
  }

  /**
   * Attaches uploads to the object they were sent for: each must be complete, of a purpose whose
   * owner kind is `owner.kind`, of the same run, uploaded by `by` when given, and not attached to
   * another object; the object keeps within its purpose's count (the 7th risk picture is refused).
   * `replace` drops the object's earlier files of the purpose (a new avatar).
   */
  async attach(ids: readonly string[], owner: Owner, options: { runId?: number; by?: number; replace?: boolean } = {}): Promise<FileRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const files = await this.repo.findMany(unique);
    const purposes = new Set(files.map((f) => f.purpose));
    const [purpose] = purposes;
    if (files.length !== unique.length || purposes.size !== 1 || purpose === undefined || !isPurpose(purpose)) throw errors.business('files.attach.invalid');
    const rule = FILE_PURPOSES[purpose];
    for (const file of files) {
      const sameOwner = file.owner_kind === owner.kind && file.owner_id === String(owner.id);
      if (file.parent_id !== null || rule.ownerKind !== owner.kind || (file.owner_kind !== null && !sameOwner)) throw errors.business('files.attach.invalid');
      if ((options.runId ?? null) !== file.run_id) throw errors.business('files.attach.invalid');
      if (options.by !== undefined && file.uploader_id !== options.by && !sameOwner) throw errors.business('files.attach.invalid');
    }
    const count = await this.repo.attach(unique, owner, purpose, rule.perOwnerMax, options.replace ?? false, this.now());
    if (count === null) throw errors.business('files.attach.tooMany', { max: rule.perOwnerMax ?? 0 });
    return this.repo.findMany(unique);
  }

  /** Removes every file of an object (call it when the object is deleted). */
  async detachAllOf(owner: Owner): Promise<number> {
    const files = await this.repo.ownedBy(owner);
    return this.repo.remove(files.map((f) => f.id));
  }

  /** The files of an object, oldest first. */
  filesOf(owner: Owner, purpose?: FilePurpose): Promise<FileRow[]> {
    return this.repo.ownedBy(owner, purpose);
  }

  async remove(ids: readonly string[]): Promise<number> {
    return this.repo.remove(ids);
  }

  find(id: string): Promise<FileRow | undefined> {
    return this.repo.find(id);
  }

  /** The thumbnail of an image file. */
  thumbnailOf(file: FileRow): Promise<FileRow | undefined> {
    return this.repo.derivedOf(file.id);
  }

  /** Reads a file, or the bytes `range` names, straight from its chunks (only the chunks needed). */
  open(file: FileRow, range: ByteRange | null = null): OpenFile {
    const span = range ?? { start: 0, end: file.size - 1 };
    const chunk = file.chunk_bytes;
    const from = Math.floor(span.start / chunk);
    const to = Math.floor(span.end / chunk);
    const chunks = this.repo.chunks(file.id, from, to);
    async function* slices(): AsyncGenerator<Uint8Array> {
      let seq = from;
      for await (const data of chunks) {
        const offset = seq * chunk;
        const first = Math.max(0, span.start - offset);
        const last = Math.min(data.length, span.end - offset + 1);
        yield data.subarray(first, last);
        seq += 1;
      }
    }
    return { file, range: span, body: Readable.from(slices(), { objectMode: false }) };
  }

  /**
   * Whether the caller may read a file, by the object it belongs to: an unattached upload is its
   * uploader's alone; a run's file needs the purpose's read code at that run; an avatar is its
   * user's (and a super administrator's); other user files are their uploader's. Anything else —
   * another tenant's file, a missing one — answers the same code 2.
   */
  async requireReadable(session: AuthSession, id: string): Promise<FileRow> {
    const file = await this.repo.find(id);
    if (!file || file.parent_id !== null || !isPurpose(file.purpose)) throw errors.noPermission();
    const rule = FILE_PURPOSES[file.purpose];
    // A run-scoped session (H5 link, tool page) reads only files of a run, checked below against its run and codes.
    if (session.runId !== null && (!rule.run || file.owner_kind === null)) throw errors.noPermission();
    if (file.owner_kind === null) {
      if (file.uploader_id !== session.userId) throw errors.noPermission();
      return file;
    }
    if (rule.run) {
      if (file.run_id === null) throw errors.noPermission();
      await this.runs.require(session, file.run_id, rule.run.read);
      return file;
    }
    const own = rule.ownerKind === 'user' ? file.owner_id === String(session.userId) : file.uploader_id === session.userId;
    if (!own && !session.sa) throw errors.noPermission();
    return file;
  }

  /** Unattached uploads older than a day and dead partial uploads; answers how many went. */
  async sweep(signal?: AbortSignal): Promise<number> {
    let removed = 0;
    const now = this.now();
    for (const find of [() => this.repo.orphans(now - LIMITS.fileOrphanAfterMs, SWEEP_BATCH), () => this.repo.stalePartials(now - PARTIAL_STALE_MS, SWEEP_BATCH)]) {
      for (;;) {
        if (signal?.aborted) return removed;
        const ids = await find();
        if (ids.length === 0) break;
        removed += await this.repo.remove(ids);
      }
    }
    return removed;
  }

  /**
   * At start-up: partial uploads whose writer is gone, those last touched before `before`. On
   * SQLite the database belongs to this one process, so that is every row touched before it
   * started; on PostgreSQL other instances may be streaming, so only rows idle for PARTIAL_STALE_MS.
   */
  async sweepDeadUploads(before: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.repo.stalePartials(before, SWEEP_BATCH);
      if (ids.length === 0) return removed;
      removed += await this.repo.remove(ids);
    }
  }
}

export const isPurpose = (value: string): value is FilePurpose => Object.hasOwn(FILE_PURPOSES, value);

/** The write code a caller needs at the run to upload for a purpose (null: a user's own file). */
export const writeCodeOf = (purpose: FilePurpose): ResourceCode | null => FILE_PURPOSES[purpose].run?.write ?? null;
