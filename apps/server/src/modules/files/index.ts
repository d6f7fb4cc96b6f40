import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../core/db.js';
import { migration } from '../../db/migrations/20261126T1000_files.js';
import type { Database } from '../../db/schema.js';
import type { JobDefinition } from '../../jobs/job.js';
import { FilesRepo } from './files.repo.js';
import { FilesService, PARTIAL_STALE_MS, type RunAccess } from './files.service.js';

export { FilesService, type FileRow, type Owner, type RunAccess } from './files.service.js';
export { presentFile, receiveUploads } from './files.http.js';

declare module '../../core/services.js' {
  interface Services {
    /** The one file service: `put`, `attach`, `detachAllOf`, `open`, `requireReadable`. */
    files: FilesService;
  }
}

export const FILES_MIGRATIONS = { '20261126T1000_files': migration } as const;

const HOUR_MS = 3_600_000;

/** Unattached uploads older than a day and uploads whose writer died go once an hour. */
export const filesOrphanJob = (files: FilesService): JobDefinition => ({
  name: 'files.orphans',
  intervalMs: HOUR_MS,
  run: ({ signal }) => files.sweep(signal),
});

export interface FilesSetUp {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => number;
  runs: RunAccess;
  log: FastifyBaseLogger;
}

/**
 * Builds the file service and sweeps the uploads a previous process left half-written. It runs
 * before this server serves anything, so on SQLite (one process owns the database) every partial
 * row is dead; on PostgreSQL other instances may be streaming, so only idle ones go.
 */
export async function createFiles(ctx: FilesSetUp): Promise<FilesService> {
  const files = new FilesService(new FilesRepo(ctx.db), ctx.runs, ctx.now);
  const swept = await files.sweepDeadUploads(ctx.dialect === 'sqlite' ? ctx.now() + 1 : ctx.now() - PARTIAL_STALE_MS);
  if (swept > 0) ctx.log.info({ swept }, 'files: removed uploads left unfinished by a previous run');
  return files;
}

export { registerFilesRoutes } from './files.routes.js';
