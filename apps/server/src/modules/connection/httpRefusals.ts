import { RESULT_CODE, type RefusalReason, telemetryContract } from '@boreline/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type MachineAuthenticator } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { ValidationFailed } from '../../core/http.js';
import type { ConnectionService } from './connection.service.js';

const INGEST = telemetryContract.ingestFrames.id;

const isIngest = (request: FastifyRequest): boolean => request.routeOptions.config.endpointId === INGEST;

/** Why HTTP ingest refused a request, when it is the payload's or the run's fault (null: the key's, or the server's). */
function reasonOf(error: FastifyError | AppError): RefusalReason | null {
  if (error instanceof ValidationFailed) return 'badPayload';
  if (error instanceof AppError) return error.code === RESULT_CODE.business ? 'runClosed' : null;
  if (error.statusCode === 413) return 'tooLarge';
  if (error.statusCode === 400 || error.statusCode === 415) return 'notJson';
  return null;
}

/**
 * Records what HTTP batch ingest refused for a known run (the key named one): a body that is no
 * JSON, no batch, too large, or a run that takes no data. An unknown key names no run, so its
 * refusals are not recorded anywhere (nothing to show them to). Counts what was stored, too.
 */
export function watchHttpIngest(app: FastifyInstance, deps: { connection: ConnectionService; machines: MachineAuthenticator }): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!isIngest(request)) return;
    const reason = reasonOf(error);
    if (!reason) return;
    // A body that could not be read fails before the key is checked: the key is read here.
    let runId = request.machine?.runId ?? null;
    if (runId === null) {
      const key = bearerToken(request);
      runId = key ? ((await deps.machines.authenticate(key))?.runId ?? null) : null;
    }
    if (runId === null) return;
    const body: unknown = request.body;
    const payload = body === undefined ? (reason === 'notJson' ? error.message : '') : JSON.stringify(body);
    const field = error instanceof ValidationFailed ? error.problems[0]?.field : undefined;
    await deps.connection.refused(runId, { source: 'http', reason, payload, ...(field === undefined ? {} : { field }) });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isIngest(request) || reply.statusCode !== 200 || !request.machine) return;
    const body = request.body as { frames?: unknown } | undefined;
    const frames = Array.isArray(body?.frames) ? body.frames.length : 0;
    if (frames > 0) deps.connection.received(request.machine.runId, 'http', frames);
  });
}
