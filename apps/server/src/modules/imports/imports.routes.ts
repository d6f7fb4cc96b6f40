import { IMPORT_KINDS, IMPORT_TEMPLATES, importsContract as c } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint, ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { formParts } from '../../core/multipart.js';
import type { ImportService } from './import.service.js';
import { sizeText } from './templateWorkbook.js';

/** The largest file any import takes: the stream is cut there; the kind's own limit is checked once the kind is known. */
const UPLOAD_MAX_BYTES = Math.max(...IMPORT_KINDS.map((kind) => IMPORT_TEMPLATES[kind].maxBytes));

export interface Upload {
  fields: Record<string, string>;
  file: Buffer;
}

/** Text fields an import form may carry: the kind, the mode and the progress key, and room for a client's extras. */
const MAX_FIELDS = 5;

/**
 * The form fields and the one file of an import upload, read by the server's one multipart reader
 * (`core/multipart`: a broken form answers code 3 saying what is wrong). The file is read whole
 * (imports are small), cut off past the largest limit; the kind's own limit is checked once the
 * kind is known.
 */
export async function readImportUpload(request: FastifyRequest): Promise<Upload> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const tooLarge = () => errors.business('imports.refused.tooLarge', { size: sizeText(UPLOAD_MAX_BYTES) });
  for await (const part of formParts(request, { files: 1, fields: MAX_FIELDS, fieldSize: 1024, fileSize: UPLOAD_MAX_BYTES, fileTooLarge: tooLarge })) {
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

/** Import templates in the caller's language, the dry run of an upload, and an upload's progress. */
export function registerImportRoutes(app: FastifyInstance, imports: ImportService, options: { validateResponses: boolean }): void {
  for (const kind of IMPORT_KINDS) {
    registerRawEndpoint(app, c.TEMPLATE_ENDPOINTS[kind], async ({ reply, language }) => {
      const file = await imports.template(kind, language);
      reply.header('content-disposition', attachmentHeader(file.fileName));
      return { contentType: c.XLSX_CONTENT_TYPE, body: file.body };
    });
  }

  registerEndpoint(
    app,
    c.importCheck,
    async ({ request, language }) => {
      const session = requireAuth(request);
      const upload = await readImportUpload(request);
      const form = c.ImportFormSchema.safeParse(upload.fields);
      if (!form.success) {
        const kindWrong = form.error.issues.some((issue) => issue.path[0] === 'kind');
        const field = kindWrong ? 'kind' : String(form.error.issues[0]?.path[0] ?? '');
        throw new ValidationFailed([{ field, message: t(language, kindWrong ? 'imports.refused.kind' : 'validation.invalid') }]);
      }
      const { kind, mode, progressKey } = form.data;
      return imports.check({ kind, mode, language, file: upload.file, ...(progressKey ? { progress: { userId: session.userId, progressKey } } : {}) });
    },
    options,
  );

  registerEndpoint(app, c.importProgress, ({ input, request }) => imports.progressOf(requireAuth(request).userId, input.key), options);
}
