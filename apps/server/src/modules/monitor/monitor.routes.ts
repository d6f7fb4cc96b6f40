import { monitorContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { clientOf, registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import type { H5Service } from './h5.service.js';
import type { MonitorService } from './monitor.service.js';

export function registerMonitorRoutes(app: FastifyInstance, deps: { monitor: MonitorService; h5: H5Service }, options: { validateResponses: boolean }): void {
  const { monitor, h5 } = deps;
  registerEndpoint(app, c.realDataQuery, async ({ input, request }) => monitor.realData(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.deviceStateQuery, async ({ input, request }) => monitor.deviceState(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.cachedRealData, async ({ input, request }) => monitor.realData(requireAuth(request), input.runId, input.tags), options);
  registerEndpoint(app, c.cachedDeviceState, async ({ input, request }) => monitor.cachedDeviceStates(requireAuth(request), input.runIds), options);
  registerRawEndpoint(app, c.machineDiagram, async ({ input, request }) => ({
    contentType: 'image/svg+xml; charset=utf-8',
    body: await monitor.diagram(requireAuth(request), input.runId),
  }));
  registerEndpoint(app, c.connectStateQuery, async ({ input, request }) => monitor.connectState(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.connectStatePage, async ({ input, request }) => monitor.connectStatePage(requireAuth(request), input), options);
  registerEndpoint(app, c.h5LinkIssue, async ({ input, request }) => h5.issue(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.h5Exchange, async ({ input, request }) => h5.exchange(input.token, input.runId, clientOf(request)), options);
}
