import type { Generated } from 'kysely';

/**
 * Where each running import stands, so the client that started it can poll its progress from any
 * instance (see `modules/imports/importProgress.repo.ts`). Rows are short-lived: an hour after
 * their last change they are deleted when the next import starts.
 */
export interface ImportProgressTable {
  id: Generated<number>;
  user_id: number;
  /** Chosen by the client (`ProgressKeySchema`); unique per user. */
  progress_key: string;
  kind: string;
  /** 'reading' | 'checking' | 'writing' | 'done' | 'failed' */
  phase: string;
  done: number;
  total: number | null;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    import_progress: ImportProgressTable;
  }
}
