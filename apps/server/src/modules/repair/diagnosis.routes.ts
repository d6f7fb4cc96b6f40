import { repairContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { Diagnosis } from './diagnosis.js';

/** Diagnosis and its helpful marks. */
export function registerDiagnosisRoutes(app: FastifyInstance, diagnosis: Diagnosis, now: () => number, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.diagnose, async ({ input, request, language }) => diagnosis.diagnose(requireAuth(request), input, language), options);
  registerEndpoint(app, c.diagnosisFeedback, async ({ input, request }) => diagnosis.feedback(requireAuth(request), input, now()), options);
}
