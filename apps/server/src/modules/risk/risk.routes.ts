import { riskContract as c, type Language } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { presentFile } from '../files/index.js';
import { riskWorkbook } from './riskWorkbook.js';
import type { RiskService } from './risk.service.js';

/** The risk point calls of spec §7 (project service). `changed` queues an evaluation of the run. */
export function registerRiskRoutes(app: FastifyInstance, risk: RiskService, changed: (runId: number) => void, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.riskQuery, async ({ input, request }) => risk.query(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.riskAdd,
    async ({ input, request }) => {
      const added = await risk.add(requireAuth(request), input);
      changed(input.runId);
      return added;
    },
    options,
  );
  registerEndpoint(
    app,
    c.riskEdit,
    async ({ input, request }) => {
      const edited = await risk.edit(requireAuth(request), input);
      changed(edited.runId);
      return { id: edited.id };
    },
    options,
  );
  registerEndpoint(
    app,
    c.riskDelete,
    async ({ input, request }) => {
      await risk.remove(requireAuth(request), input.id);
      return null;
    },
    options,
  );
  registerEndpoint(app, c.riskCurrent, async ({ input, request }) => risk.current(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.riskRings, async ({ input, request }) => risk.rings(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.riskGetRiskRings, async ({ input, request }) => risk.rings(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.riskRingSpec, async ({ input, request }) => risk.ringSpec(requireAuth(request), input.runId, input.ring), options);
  registerEndpoint(app, c.riskPictures, async ({ input, request }) => (await risk.pictures(requireAuth(request), input.id)).map(presentFile), options);
  registerEndpoint(
    app,
    c.riskDeletePicture,
    async ({ input, request }) => {
      await risk.removePicture(requireAuth(request), input.fileId);
      return null;
    },
    options,
  );
  registerEndpoint(app, c.riskSettings, async ({ input, request }) => risk.settings(requireAuth(request), input.runId), options);
  registerEndpoint(
    app,
    c.riskSettingsSave,
    async ({ input, request }) => {
      const saved = await risk.saveSettings(requireAuth(request), input.runId, input.warnRings);
      changed(input.runId);
      return saved;
    },
    options,
  );
  registerRawEndpoint(app, c.riskExport, async ({ input, request, reply, language }) => {
    const zones = await risk.filtered(requireAuth(request), input);
    // Spec §5: exporting with no risk point warns.
    if (zones.length === 0) throw errors.business('risk.error.nothingToExport');
    const body = await riskWorkbook(zones, language);
    reply.header('content-disposition', attachmentHeader(`${fileTitle(language)}.xlsx`));
    return { contentType: c.XLSX_CONTENT_TYPE, body };
  });
}

const fileTitle = (language: Language): string => t(language, 'risk.export.fileName');
