import { graphContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { GraphService } from './graph.service.js';

/** Settings, drawings and the third-party token (spec §7 Graph). */
export function registerGraphRoutes(app: FastifyInstance, service: GraphService, options: { validateResponses: boolean }): void {
  // Settings: the web's path and the project base's path of the same save.
  registerEndpoint(app, c.getGraphSetting, async ({ input, request }) => service.getSetting(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.graphSetting, async ({ input, request }) => service.saveSetting(requireAuth(request), input), options);
  registerEndpoint(app, c.graphSettingBase, async ({ input, request }) => service.saveSetting(requireAuth(request), input), options);

  // Drawings --------------------------------------------------------------------------------------
  registerEndpoint(app, c.drawingByKey, async ({ input, request }) => service.byKey(requireAuth(request), input.runId, input.key), options);
  registerEndpoint(app, c.drawingSave, async ({ input, request }) => service.save(requireAuth(request), input), options);
  registerEndpoint(app, c.drawingCalibrate, async ({ input, request }) => service.calibrate(requireAuth(request), input.runId, input.id, input.calibration), options);
  registerEndpoint(app, c.drawingDelete, async ({ input, request }) => ({ deleted: await service.remove(requireAuth(request), input.runId, input.id) }), options);

  // Third-party map token -------------------------------------------------------------------------
  registerEndpoint(app, c.thirdAuth, async ({ input, request }) => service.thirdToken(requireAuth(request), input.provider, input.runId), options);
}
