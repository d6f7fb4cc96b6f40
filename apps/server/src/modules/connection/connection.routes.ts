import { connectionContract as c } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { ConnectionService } from './connection.service.js';

/** The address the caller reached this server at (PUBLIC_URL, when set, wins in the service). */
const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

export function registerConnectionRoutes(app: FastifyInstance, connection: ConnectionService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.connectionStatusQuery, async ({ input, request }) => connection.status(requireAuth(request), input.runId, originOf(request)), options);
}
