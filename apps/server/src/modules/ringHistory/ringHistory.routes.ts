import { ringHistoryContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint, ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { readImportUpload } from '../imports/index.js';
import type { RingHistoryService } from './ringHistory.service.js';

/** The ring-history import (a multipart upload), the history's summary, the imported rings and their removal. */
export function registerRingHistoryRoutes(app: FastifyInstance, service: RingHistoryService, options: { validateResponses: boolean }): void {
  registerEndpoint(
    app,
    c.ringHistoryImport,
    async ({ request, language }) => {
      const session = requireAuth(request);
      const upload = await readImportUpload(request);
      const form = c.RingHistoryImportFormSchema.safeParse(upload.fields);
      if (!form.success) {
        const field = String(form.error.issues[0]?.path[0] ?? '');
        const message = form.error.issues[0]?.message;
        throw new ValidationFailed([{ field, message: t(language, message === 'validation.required' ? 'validation.required' : 'validation.invalid') }]);
      }
      const { runId, mode, progressKey } = form.data;
      return service.importRings(session, { runId, mode, progressKey, file: upload.file, language });
    },
    options,
  );
  registerEndpoint(app, c.ringHistorySummary, async ({ input, request }) => service.summary(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.ringHistoryQuery, async ({ input, request }) => service.list(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.ringHistoryDelete,
    async ({ input, request, setMessage }) => {
      const result = await service.remove(requireAuth(request), input.runId);
      setMessage('common.outcome.deleteSuccess');
      return result;
    },
    options,
  );
}
