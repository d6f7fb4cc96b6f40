import { telemetryContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireMachine } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { TelemetryService } from './telemetry.service.js';

export function registerTelemetryRoutes(app: FastifyInstance, telemetry: TelemetryService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.ingestFrames, async ({ input, request }) => telemetry.ingestBatch(requireMachine(request), input), options);
  registerEndpoint(app, c.seriesQuery, async ({ input, request }) => telemetry.series(requireAuth(request), input), options);
  registerEndpoint(app, c.ingestKeyRotate, async ({ input, request }) => telemetry.rotateKey(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.tagMappingQuery, async ({ input, request }) => telemetry.tagMappings(requireAuth(request), input.runId), options);
  registerEndpoint(
    app,
    c.tagMappingSave,
    async ({ input, request, setMessage }) => {
      const saved = await telemetry.saveTagMappings(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(app, c.cycleRecompute, async ({ input, request }) => telemetry.recompute(requireAuth(request), input), options);
}
