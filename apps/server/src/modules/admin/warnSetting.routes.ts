import { adminContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { WarnSettingService } from './warnSetting.service.js';

export function registerWarnSettingRoutes(app: FastifyInstance, settings: WarnSettingService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.warnSettingPage, async ({ input, request, language }) => settings.page(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.warnSettingUpdate,
    async ({ input, request, language, setMessage }) => {
      const setting = await settings.update(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return setting;
    },
    options,
  );
}
