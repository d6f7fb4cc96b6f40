import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { XLSX_CONTENT_TYPE } from '../report/periodReport.contract.js';
import { IMPORT_KINDS, type ImportKind } from './importTemplates.js';

export { XLSX_CONTENT_TYPE };

/**
 * Spreadsheet imports: the templates of spec §7 (`getFilePath/v1/{kind}`, in the caller's language)
 * and a dry run of an upload that the web's import dialog shows before anything is written. The
 * modules that store rows (segments, stock, maintenance) add their own import calls and answer the
 * same `ImportReport`.
 */

/** One refused cell (`column`: the header as written in the file) or row (`column` null: a rule across cells). */
export const ImportRefusalSchema = z.object({
  /** 1-based row number of the sheet, as Excel shows it. */
  row: z.number().int().min(1),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

export const ImportReportSchema = z.object({
  /** Rows written (a dry run: rows that would be written). */
  imported: z.number().int().min(0),
  refused: z.array(ImportRefusalSchema),
  /** What the caller should know without anything being refused: columns ignored, the example row skipped… */
  notices: z.array(z.string()).optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * `all`: nothing is written unless every row is valid (the default); `validOnly`: after a preview,
 * the valid rows are written and the refused ones reported.
 */
export const IMPORT_MODES = ['all', 'validOnly'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Chosen by the client before uploading, so it can ask for the progress of its own upload meanwhile; a key, not an object id: each user has their own. */
export const ProgressKeySchema = z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalid' });

/** The form fields sent beside the file (multipart), checked by the handler. */
export const ImportFormSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'imports.refused.kind' }),
  mode: z.enum(IMPORT_MODES, { error: 'validation.invalid' }).default('all'),
  progressKey: ProgressKeySchema.optional(),
});
export type ImportForm = z.infer<typeof ImportFormSchema>;

export const IMPORT_PHASES = ['unknown', 'reading', 'checking', 'writing', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const ImportProgressSchema = z.object({
  /** `unknown`: no import of the caller under this id (not started yet, or long finished). */
  phase: z.enum(IMPORT_PHASES),
  /** Rows read (reading), checked (checking) or written (writing, done). */
  done: z.number().int().min(0),
  /** Rows of the sheet, once known. */
  total: z.number().int().min(0).nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

const template = ({ id, kind, what }: { id: string; kind: ImportKind; what: string }) =>
  defineEndpoint({
    id,
    base: 'project',
    method: 'GET',
    path: `/u/web/getFilePath/v1/${kind}`,
    permission: 'authenticated',
    summary: `The ${what} import template (.xlsx) in the caller's language: the header row, an example row and a note row with the rules. It holds no data, so any signed-in user may fetch it`,
    input: z.object({}),
    output: z.string(),
    response: 'raw',
    rawContentType: XLSX_CONTENT_TYPE,
  });

export const templateStmseg = template({ id: 'imports.templateStmseg', kind: 'stmseg', what: 'segment attitude' });
export const templateStmtail = template({ id: 'imports.templateStmtail', kind: 'stmtail', what: 'tail gap' });
export const templateTailcleance = template({ id: 'imports.templateTailcleance', kind: 'tailcleance', what: 'tail clearance' });
export const templateMtceplan = template({ id: 'imports.templateMtceplan', kind: 'mtceplan', what: 'maintenance plan' });
export const templateStmstk = template({ id: 'imports.templateStmstk', kind: 'stmstk', what: 'spare-part consumption' });
export const templateTagmap = template({ id: 'imports.templateTagmap', kind: 'tagmap', what: 'tag mapping (data linker)' });
export const templateRinghist = template({ id: 'imports.templateRinghist', kind: 'ringhist', what: 'ring history (rings built before the console)' });

export const TEMPLATE_ENDPOINTS: Record<ImportKind, typeof templateStmseg> = {
  stmseg: templateStmseg,
  stmtail: templateStmtail,
  tailcleance: templateTailcleance,
  mtceplan: templateMtceplan,
  stmstk: templateStmstk,
  tagmap: templateTagmap,
  ringhist: templateRinghist,
};

export const importCheck = defineEndpoint({
  id: 'imports.check',
  base: 'project',
  method: 'POST',
  path: '/u/web/import/check/v1',
  permission: 'authenticated',
  summary:
    "A dry run of an import: multipart fields `kind`, optional `mode` (all | validOnly) and `progressKey`, and the .xlsx/.xls `file` (at most the kind's limit). Answers the report of every refused row and cell in the caller's language; `imported` counts the rows that would be written (in mode all, 0 when any is refused). Nothing is stored. A file that cannot be read at all (not a spreadsheet, too large, a zip bomb, a required column missing) is refused with code 3",
  inputFrom: 'multipart',
  input: z.object({}),
  output: ImportReportSchema,
});

export const importProgress = defineEndpoint({
  id: 'imports.progress',
  base: 'project',
  method: 'GET',
  path: '/u/web/import/progress/v1',
  permission: 'authenticated',
  summary: "Where the caller's own upload under `key` (its `progressKey`) stands: phase, rows done, rows in all. A key not (yet) used by the caller — another user's too — answers unknown",
  input: z.object({ key: ProgressKeySchema }),
  output: ImportProgressSchema,
});

export const importsEndpoints = [templateStmseg, templateStmtail, templateTailcleance, templateMtceplan, templateStmstk, templateTagmap, templateRinghist, importCheck, importProgress] as const;
