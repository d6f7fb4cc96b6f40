import { type FilePurpose, filesContract, LIMITS } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthSession, requireAuth } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { registerEndpoint, registerStreamEndpoint } from '../../core/http.js';
import { parseUploadFields, presentFile, receiveUploads, sendFile } from './files.http.js';
import type { FileTickets } from './fileTickets.js';
import type { FilesService, RunAccess } from './files.service.js';

const c = filesContract;

export interface FilesRouteDeps {
  files: FilesService;
  tickets: FileTickets;
  runs: RunAccess;
}

/** The upload, download and thumbnail calls (spec §7); rules live in the service. */
export function registerFilesRoutes(app: FastifyInstance, deps: FilesRouteDeps, options: { validateResponses: boolean }): void {
  /** The purpose and run of an upload, with the caller's right to write there checked before any byte is stored. */
  const target = (request: FastifyRequest, session: AuthSession) => async (fields: Record<string, string>) => {
    const parsed = parseUploadFields(request, fields);
    const purpose: FilePurpose = parsed.purpose;
    const run = c.FILE_PURPOSES[purpose].run;
    if (run && parsed.runId !== undefined) {
      await deps.runs.require(session, parsed.runId, run.write);
      return { purpose, runId: parsed.runId };
    }
    if (run) throw errors.noPermission();
    return { purpose };
  };

  for (const endpoint of [c.upload, c.uploadV2]) {
    registerEndpoint(
      app,
      endpoint,
      async ({ request }) => {
        const session = requireAuth(request);
        const [file] = await receiveUploads(request, session, deps.files, { maxFiles: 1, target: target(request, session) });
        if (!file) throw errors.business('common.upload.missing');
        return presentFile(file);
      },
      options,
    );
  }

  registerEndpoint(
    app,
    c.uploads,
    async ({ request }) => {
      const session = requireAuth(request);
      const stored = await receiveUploads(request, session, deps.files, { maxFiles: LIMITS.uploadFilesPerRequestMax, target: target(request, session) });
      return stored.map(presentFile);
    },
    options,
  );

  registerStreamEndpoint(app, c.download, async (input, request, reply) => {
    const file = await deps.files.requireReadable(requireAuth(request), input.id);
    return sendFile(request, reply, deps.files, file);
  });

  registerEndpoint(app, c.ticketIssue, async ({ request, input }) => deps.tickets.issue(requireAuth(request), input.id), options);

  // No session header: the ticket is the credential. The answer is neither kept by a shared cache
  // nor stored on disk (the URL dies with the ticket; a player asks again for what it needs).
  registerStreamEndpoint(app, c.stream, async (input, request, reply) => {
    const file = await deps.tickets.fileOf(input.ticket);
    return sendFile(request, reply, deps.files, file, { cacheControl: 'private, no-store' });
  });

  registerStreamEndpoint(app, c.thumb, async (input, request, reply) => {
    const file = await deps.files.requireReadable(requireAuth(request), input.id);
    const thumb = await deps.files.thumbnailOf(file);
    if (!thumb) throw errors.business('files.thumb.none');
    return sendFile(request, reply, deps.files, thumb);
  });
}
