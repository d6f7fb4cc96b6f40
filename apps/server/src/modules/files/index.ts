import { migration } from '../../db/migrations/20261126T1000_files.js';
import { migration as ticketsMigration } from '../../db/migrations/20261205T1000_fileTickets.js';
import { defineModule } from '../../platform/module.js';
import { FileTicketRepo } from './fileTicket.repo.js';
import { FileTickets } from './fileTickets.js';
import { FilesRepo } from './files.repo.js';
import { registerFilesRoutes } from './files.routes.js';
import { FilesService, PARTIAL_STALE_MS, type RunAccess } from './files.service.js';

export { FilesService, type FileRow, type Owner, type RunAccess } from './files.service.js';
export { presentFile, receiveUploads } from './files.http.js';

declare module '../../core/services.js' {
  interface Services {
    /**
     * The one file service: `put` (stream in for a purpose), `attach` / `detachAllOf` (with the
     * owning object), `open` (ranges from the chunks), `requireReadable` (authorization by owner).
     */
    files: FilesService;
  }
}

const HOUR_MS = 3_600_000;

/**
 * Every upload of the product (ARCHITECTURE.md §11). The service lives in this module, not in
 * `core/`: it needs the project's run scope and the platform's jobs and routes like any module,
 * and modules reach it through the registry (`ctx.services.get('files')`), never by import.
 * Listed before the modules that store files (auth's avatars first).
 */
export const filesModule = defineModule({
  name: 'files',
  migrations: { '20261126T1000_files': migration, '20261205T1000_fileTickets': ticketsMigration },
  async register(ctx) {
    // Runs are scoped by the project module, listed later; read at request time.
    const runScope = ctx.services.later('runScope');
    const runs: RunAccess = { require: (session, runId, code) => runScope().require(session, runId, code) };
    const files = new FilesService(new FilesRepo(ctx.db, ctx.dialect), runs, ctx.now);
    // Before this server serves anything: on SQLite (one process owns the database) every partial
    // upload is dead; on PostgreSQL other instances may be streaming, so only idle ones go.
    const swept = await files.sweepDeadUploads(ctx.dialect === 'sqlite' ? ctx.now() + 1 : ctx.now() - PARTIAL_STALE_MS);
    if (swept > 0) ctx.log.info({ swept }, 'files: removed uploads left unfinished by a previous run');
    ctx.services.provide('files', files);
    ctx.jobs.declare({ name: 'files.orphans', intervalMs: HOUR_MS, run: ({ signal }) => files.sweep(signal) });
    const tickets = new FileTickets(files, new FileTicketRepo(ctx.db), ctx.now);
    registerFilesRoutes(ctx.app, { files, tickets, runs }, ctx.endpoints);
  },
});
