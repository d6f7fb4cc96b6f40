import { type Language, LIMITS, telemetryContract as c } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireMachine } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { registerEndpoint, ValidationFailed } from '../../core/http.js';
import { describeIssues } from '../../core/i18n.js';
import { formParts } from '../../core/multipart.js';
import type { TelemetryService } from './telemetry.service.js';

/** The text fields of an import form (run, mode, progress key) and room for a client's extras. */
const IMPORT_FIELDS_MAX = 5;

/** The fields and the one file of a tag-mapping import, read by the server's one multipart reader. */
async function readImport(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const tooLarge = () => errors.business('imports.refused.tooLarge', { size: `${LIMITS.tagMapImportMaxBytes / (1024 * 1024)} MB` });
  for await (const part of formParts(request, { files: 1, fields: IMPORT_FIELDS_MAX, fieldSize: 1024, fileSize: LIMITS.tagMapImportMaxBytes, fileTooLarge: tooLarge })) {
    if (part.type === 'field') {
      fields[part.name] = part.value;
      continue;
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of part.content) chunks.push(chunk);
    file = Buffer.concat(chunks);
  }
  if (!file) throw errors.business('common.upload.missing');
  return { fields, file };
}

function importForm(fields: Record<string, string>, language: Language) {
  const form = c.TagMappingImportFormSchema.safeParse(fields);
  if (form.success) return form.data;
  throw new ValidationFailed(describeIssues(form.error.issues, language));
}

export function registerTelemetryRoutes(app: FastifyInstance, telemetry: TelemetryService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.ingestFrames, async ({ input, request }) => telemetry.ingestBatch(requireMachine(request), input), options);
  registerEndpoint(app, c.seriesQuery, async ({ input, request }) => telemetry.series(requireAuth(request), input), options);
  registerEndpoint(app, c.ingestKeyRotate, async ({ input, request }) => telemetry.rotateKey(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.tagMappingQuery, async ({ input, request }) => telemetry.tagMappings(requireAuth(request), input.runId), options);
  registerEndpoint(
    app,
    c.tagMappingSave,
    async ({ input, request, setMessage, language }) => {
      const saved = await telemetry.saveTagMappings(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(app, c.tagMappingUnmapped, async ({ input, request }) => telemetry.unmappedNames(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.tagMappingSuggest, async ({ input, request }) => telemetry.suggest(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.tagMappingImport,
    async ({ request, language }) => {
      const session = requireAuth(request);
      const upload = await readImport(request);
      const form = importForm(upload.fields, language);
      return telemetry.importTagMappings(session, { runId: form.runId, mode: form.mode, progressKey: form.progressKey, file: upload.file, language });
    },
    options,
  );
  registerEndpoint(app, c.cycleRecompute, async ({ input, request }) => telemetry.recompute(requireAuth(request), input), options);
}
