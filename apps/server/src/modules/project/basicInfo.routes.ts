import { basicInfoContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { BasicInfoService } from './basicInfo.service.js';

export function registerBasicInfoRoutes(app: FastifyInstance, info: BasicInfoService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.basicInfoProject, async ({ input, request }) => info.project(requireAuth(request), input), options);
  registerEndpoint(app, c.basicInfoDevice, async ({ input, request }) => info.device(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.basicInfoProjectEdit,
    async ({ input, request, setMessage }) => {
      const saved = await info.editProject(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(
    app,
    c.basicInfoTbmEdit,
    async ({ input, request, setMessage }) => {
      const saved = await info.editTbm(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(
    app,
    c.basicInfoPerformanceEdit,
    async ({ input, request, setMessage }) => {
      const saved = await info.editPerformance(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
}
