import { z } from 'zod';
import { isChainage, parseChainage } from '../core/chainage.js';
import { defineEndpoint } from '../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../core/pagination.js';
import { nameSchema, PATTERNS } from '../core/primitives.js';
import { LIMITS } from '../limits.js';
import { FileIdSchema, StoredFileSchema } from './files.contract.js';
import { RunIdSchema } from './project/project.contract.js';

/**
 * Risk points (spec §2, §3, §5): preset risk zones along a run's drive — a river crossing, a
 * building underpass, a fault zone — each between an alarm start and end chainage, with its ground
 * settlement and vibration levels and up to six pictures (uploaded through the file service,
 * purpose `riskPicture`). The server tells each zone's state from the machine's chainage and the
 * drive's direction: `ahead`, `approaching` (within the run's warning rings), `inside`, `passed`;
 * entering `approaching` and `inside` each send one message to the run's users.
 *
 * Add, edit and delete are form-encoded (application/x-www-form-urlencoded) as the spec lists them;
 * a JSON body is accepted too.
 */

export const RISK_STATES = ['ahead', 'approaching', 'inside', 'passed'] as const;
export type RiskState = (typeof RISK_STATES)[number];
export const RiskStateSchema = z.enum(RISK_STATES, { error: 'validation.invalid' });

/** The catalogue text of each state (`risk` namespace). */
export const RISK_STATE_KEYS = { ahead: 'risk.state.ahead', approaching: 'risk.state.approaching', inside: 'risk.state.inside', passed: 'risk.state.passed' } as const satisfies Record<RiskState, string>;

export const RISK_LEVELS = ['low', 'medium', 'high', 'veryHigh'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RiskLevelSchema = z.enum(RISK_LEVELS, { error: 'validation.invalid' });
export const RISK_LEVEL_KEYS = { low: 'risk.level.low', medium: 'risk.level.medium', high: 'risk.level.high', veryHigh: 'risk.level.veryHigh' } as const satisfies Record<RiskLevel, string>;

/** A risk zone's id: a number only (a form's digits are read as a number by the server). */
export const RiskIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });

/** Reads a chainage written in metres (`12345.6`) or as `12+345.6`; null when it is neither. */
export function readChainage(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (PATTERNS.number.test(text)) return Number(text);
  return isChainage(text) ? parseChainage(text) : null;
}

/** An alarm chainage: metres as a number or text, or `12+345.678` (spec §5: integer or decimal). */
export const RiskChainageSchema = z
  .union([z.number({ error: 'risk.validation.chainage' }), z.string({ error: 'risk.validation.chainage' })], {
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'risk.validation.chainage'),
  })
  .refine((v) => (typeof v === 'string' ? v.trim().length > 0 : true), { error: 'validation.required', abort: true })
  .refine((v) => readChainage(v) !== null, { error: 'risk.validation.chainage', abort: true })
  .transform((v) => readChainage(v) ?? 0)
  .refine((v) => Math.abs(v) <= LIMITS.chainageAbsMaxMetres, { error: 'risk.validation.chainage' });

const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.maxLength' })
    .optional()
    .transform((v) => (v ? v : null));

const PictureIdsSchema = z.array(FileIdSchema).max(LIMITS.riskPicturesMax, { error: 'risk.validation.tooManyPictures' });

/** The fields of a risk point, as the form sends them. */
const RiskFieldsSchema = z.object({
  code: nameSchema(LIMITS.riskCodeMaxLength),
  // Spec §5: the position is an integer or decimal (the zone's reference chainage, metres).
  position: z
    .union([z.number().finite(), z.string().trim().regex(PATTERNS.number).transform(Number)], {
      error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.number'),
    })
    .refine((v) => Math.abs(v) <= LIMITS.chainageAbsMaxMetres, { error: 'validation.number' }),
  name: nameSchema(LIMITS.riskNameMaxLength),
  startChainage: RiskChainageSchema,
  endChainage: RiskChainageSchema,
  remark: optionalText(LIMITS.riskRemarkMaxLength),
  settlementLevel: RiskLevelSchema.optional().transform((v) => v ?? null),
  vibrationLevel: RiskLevelSchema.optional().transform((v) => v ?? null),
  description: optionalText(LIMITS.riskDescriptionMaxLength),
});

const START_NOT_AFTER_END = { error: 'risk.validation.startAfterEnd', path: ['endChainage'] };
const inOrder = (v: { startChainage: number; endChainage: number }) => v.startChainage <= v.endChainage;

export const RiskAddSchema = RiskFieldsSchema.extend({
  runId: RunIdSchema,
  /** Uploads of purpose `riskPicture` for this run, at most six. */
  pictureIds: PictureIdsSchema.optional(),
}).refine(inOrder, START_NOT_AFTER_END);
export type RiskAdd = z.input<typeof RiskAddSchema>;
export type RiskAddOutput = z.output<typeof RiskAddSchema>;

export const RiskEditSchema = RiskFieldsSchema.extend({
  id: RiskIdSchema,
  /** When given, the zone's pictures become exactly these (kept ones and new uploads); absent: unchanged. */
  pictureIds: PictureIdsSchema.optional(),
}).refine(inOrder, START_NOT_AFTER_END);
export type RiskEdit = z.input<typeof RiskEditSchema>;
export type RiskEditOutput = z.output<typeof RiskEditSchema>;

export const RiskPointSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  code: z.string(),
  position: z.number(),
  name: z.string(),
  startChainage: z.number(),
  endChainage: z.number(),
  /** The rings the zone spans, from the run's start chainage, first ring and ring width. */
  startRing: z.number().int(),
  endRing: z.number().int(),
  remark: z.string().nullable(),
  settlementLevel: RiskLevelSchema.nullable(),
  vibrationLevel: RiskLevelSchema.nullable(),
  description: z.string().nullable(),
  pictureCount: z.number().int(),
  state: RiskStateSchema,
  /** Rings to bore before the machine enters the zone: 0 inside, null once passed. */
  ringsToGo: z.number().int().nullable(),
  updatedAt: z.number(),
});
export type RiskPoint = z.infer<typeof RiskPointSchema>;

const RiskFilterSchema = z.object({
  runId: RunIdSchema,
  /** Part of the code, name or position text. */
  keyword: z.string().trim().max(100, { error: 'validation.maxLength' }).optional(),
  code: z.string().trim().max(LIMITS.riskCodeMaxLength, { error: 'validation.maxLength' }).optional(),
  state: RiskStateSchema.optional(),
});
export type RiskFilter = z.input<typeof RiskFilterSchema>;
export type RiskFilterOutput = z.output<typeof RiskFilterSchema>;

export const RiskQuerySchema = RiskFilterSchema.extend(PageQuerySchema.shape);
export type RiskQueryOutput = z.output<typeof RiskQuerySchema>;

export const RiskRunSchema = z.object({ runId: RunIdSchema });
export const RiskIdOnlySchema = z.object({ id: RiskIdSchema });

export const riskQuery = defineEndpoint({
  id: 'risk.query',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/query/v1',
  permission: 'alarm.risk.read',
  summary: "A run's risk points, a page at a time, in chainage order; filters: keyword (code, name), code, state",
  input: RiskQuerySchema,
  output: pageOf(RiskPointSchema),
});

export const riskAdd = defineEndpoint({
  id: 'risk.add',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/add/v1',
  permission: 'alarm.risk.write',
  summary:
    'Adds a risk point (form-encoded; JSON accepted). Code, position, name, alarm start and end chainage required; chainage in metres or as 12+345.678, start not greater than end; at most six pictures (`pictureIds`, uploads of purpose riskPicture for the run, repeated)',
  inputFrom: 'form',
  input: RiskAddSchema,
  output: z.object({ id: z.number().int() }),
});

export const riskEdit = defineEndpoint({
  id: 'risk.edit',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/edit/v1',
  permission: 'alarm.risk.write',
  summary: "Changes a risk point (form-encoded; JSON accepted), the add's rules; `pictureIds` given: the zone's pictures become these (an empty value: none)",
  inputFrom: 'form',
  input: RiskEditSchema,
  output: z.object({ id: z.number().int() }),
});

export const riskDelete = defineEndpoint({
  id: 'risk.delete',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/delete/v1',
  permission: 'alarm.risk.write',
  summary: 'Removes a risk point and its pictures (form-encoded; JSON accepted)',
  inputFrom: 'form',
  input: RiskIdOnlySchema,
  output: z.null(),
});

export const RiskPositionSchema = z.object({
  /** The ring being bored now (the last completed ring + 1); null before any ring. */
  ring: z.number().int().nullable(),
  /** The cutterhead's chainage (the last ring's end), metres; the run's start chainage before any ring. */
  chainage: z.number(),
  /** +1: chainage rises as the machine advances; -1: it falls. */
  direction: z.union([z.literal(1), z.literal(-1)]),
});

export const RiskCurrentSchema = z.object({
  warnRings: z.number().int(),
  position: RiskPositionSchema,
  zones: z.array(RiskPointSchema),
  /** The zone the machine is in, or the next one ahead; null when every zone is passed. */
  nearest: RiskPointSchema.nullable(),
});
export type RiskCurrent = z.infer<typeof RiskCurrentSchema>;

export const riskCurrent = defineEndpoint({
  id: 'risk.current',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/current/v1',
  permission: 'alarm.risk.read',
  summary: "The run's zones with their state now (ahead, approaching, inside, passed) and the rings to go, the machine's position and the nearest zone",
  input: RiskRunSchema,
  output: RiskCurrentSchema,
});

export const RiskRingRangeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  startRing: z.number().int(),
  endRing: z.number().int(),
  state: RiskStateSchema,
});
export type RiskRingRange = z.infer<typeof RiskRingRangeSchema>;

export const riskRings = defineEndpoint({
  id: 'risk.rings',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/risk/rings/query/v1',
  permission: 'alarm.risk.read',
  summary: "The run's zones as ring ranges, in drive order",
  input: RiskRunSchema,
  output: z.array(RiskRingRangeSchema),
});

export const riskRingSpec = defineEndpoint({
  id: 'risk.ringSpec',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/risk/ringSpec/query/v1',
  permission: 'alarm.risk.read',
  summary: 'The zones covering one ring',
  input: z.object({
    runId: RunIdSchema,
    ring: z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') }).int({ error: 'validation.integer' }),
  }),
  output: z.array(RiskPointSchema),
});

export const riskGetRiskRings = defineEndpoint({
  id: 'risk.getRiskRings',
  base: 'project',
  method: 'POST',
  path: '/u/risk/getRiskRings',
  permission: 'alarm.risk.read',
  summary: "The run's zones as ring ranges (the older call of the ring views)",
  input: RiskRunSchema,
  output: z.array(RiskRingRangeSchema),
});

export const riskPictures = defineEndpoint({
  id: 'risk.pictures',
  base: 'project',
  method: 'POST',
  path: '/u/fileStore/getRiskPic',
  permission: 'alarm.risk.read',
  summary: "A risk point's pictures, oldest first",
  input: RiskIdOnlySchema,
  output: z.array(StoredFileSchema),
});

export const riskDeletePicture = defineEndpoint({
  id: 'risk.deletePicture',
  base: 'project',
  method: 'POST',
  path: '/u/fileStore/delRiskPic',
  permission: 'alarm.risk.write',
  summary: "Removes one picture of a risk point (the picture's file id)",
  input: z.object({ fileId: FileIdSchema }),
  output: z.null(),
});

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const riskExport = defineEndpoint({
  id: 'risk.export',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/export/v1',
  permission: 'alarm.risk.read',
  summary: "The run's risk points (the list's filters) as an Excel workbook in the caller's language; none to export answers code 3",
  input: RiskFilterSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const RiskSettingsSchema = z.object({ runId: z.number().int(), warnRings: z.number().int() });
export type RiskSettings = z.infer<typeof RiskSettingsSchema>;

export const riskSettings = defineEndpoint({
  id: 'risk.settings',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/risk/settings/query/v1',
  permission: 'alarm.risk.read',
  summary: 'How many rings ahead a zone is announced as approaching (default 10)',
  input: RiskRunSchema,
  output: RiskSettingsSchema,
});

export const riskSettingsSave = defineEndpoint({
  id: 'risk.settingsSave',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/risk/settings/save/v1',
  permission: 'alarm.risk.write',
  summary: 'Sets how many rings ahead a zone is announced as approaching (1 to 1000)',
  input: z.object({
    runId: RunIdSchema,
    warnRings: z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'risk.validation.warnRings') })
      .int({ error: 'risk.validation.warnRings' })
      .min(1, { error: 'risk.validation.warnRings' })
      .max(LIMITS.riskWarnRingsMax, { error: 'risk.validation.warnRings' }),
  }),
  output: RiskSettingsSchema,
});

export const riskEndpoints = [riskQuery, riskAdd, riskEdit, riskDelete, riskCurrent, riskRings, riskRingSpec, riskGetRiskRings, riskPictures, riskDeletePicture, riskExport, riskSettings, riskSettingsSave] as const;
