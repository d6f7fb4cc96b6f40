import { repairContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { RepairService } from './repair.service.js';

/** The repair and case calls of spec §7 (`repairLog/*`, `repairLogEx/page`) and the form prefilled from an alarm. */
export function registerRepairRoutes(app: FastifyInstance, service: RepairService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.repairByTbm, async ({ input, request, language }) => service.byTbm(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, c.repairDetail, async ({ input, request, language }) => service.detail(requireAuth(request), input.runId, input.id, language), options);
  registerEndpoint(app, c.repairAdd, async ({ input, request, language }) => service.add(requireAuth(request), input, language), options);
  registerEndpoint(app, c.repairUpdate, async ({ input, request, language }) => service.update(requireAuth(request), input, language), options);
  registerEndpoint(app, c.repairPage, async ({ input, request, language }) => service.page(requireAuth(request), input, language), options);
  registerEndpoint(app, c.repairFromAlarm, async ({ input, request, language }) => service.fromAlarm(requireAuth(request), input.runId, input.alarmId, language), options);
  registerEndpoint(app, c.repairPublish, async ({ input, request, language }) => service.publish(requireAuth(request), input, language), options);
  registerEndpoint(app, c.casePage, async ({ input, request, language }) => service.casePage(requireAuth(request), input, language), options);
}
