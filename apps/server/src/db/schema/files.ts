/**
 * Stored files (modules/files): one row per file and its bytes in chunks, in the database so every
 * instance sees every file. A row is `partial` while its upload streams in and becomes `complete`
 * in one short transaction at the end; nothing reads a partial row, and the sweeps remove those
 * whose upload died (see the file service in modules/files).
 */
export interface FileTable {
  /** 128 random bits, base64url: never guessable, never enumerable. */
  id: string;
  /** A FILE_PURPOSES key of the contracts. */
  purpose: string;
  /** 'partial' | 'complete' */
  state: string;
  /** The run of a run's purpose (checked at upload, and at read through the run's scope). */
  run_id: number | null;
  /** The object the file belongs to once attached (e.g. 'riskPoint', '42'); null while unattached. */
  owner_kind: string | null;
  owner_id: string | null;
  attached_at: number | null;
  uploader_id: number;
  /** The original name cleaned for display; never used to name anything stored. */
  name: string;
  /** A FILE_KINDS key, told by content. */
  kind: string;
  content_type: string;
  size: number;
  sha256: string | null;
  chunk_bytes: number;
  /** A derived file (a thumbnail) names the file it was made from; it lives and dies with it. */
  parent_id: string | null;
  created_at: number;
  /** Touched by every chunk of an upload in progress: a partial row not touched for a while is dead. */
  updated_at: number;
}

export interface FileChunkTable {
  file_id: string;
  seq: number;
  data: Uint8Array;
}

declare module '../schema.js' {
  interface Database {
    files: FileTable;
    file_chunks: FileChunkTable;
  }
}
