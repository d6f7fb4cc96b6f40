import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { type Language, LANGUAGES } from '../core/languages.js';
import { LIMITS } from '../limits.js';
import { type Subsystem, SUBSYSTEMS } from '../telemetry/tagTypes.js';
import { RunIdSchema } from './project/project.contract.js';

/**
 * A run's own tags: quantities its machine measures that the machine type's catalogue lacks. Their
 * codes are `own.<slug>`: `own` is no subsystem and no PLC data block, so an own code never equals a
 * catalogue code or a PLC variable of the catalogue.
 */
export const OWN_TAG_PREFIX = 'own.';
/** The most own tags a run may have. */
export const OWN_TAGS_MAX = 200;
export const OWN_TAG_NAME_MAX = 64;
export const OWN_TAG_PRECISION_MAX = 6;
/**
 * The subsystems an own tag may belong to: every one but the machine-state signals (the cycle
 * engine's inputs, each shown on a subsystem page of its own kind, never a run's addition).
 */
export const OWN_TAG_SUBSYSTEMS: readonly Subsystem[] = SUBSYSTEMS.filter((s) => s !== 'state');

export const OwnTagCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(LIMITS.tagCodeMaxLength, { error: 'validation.maxLength' })
  .regex(/^own\.[a-z][a-zA-Z0-9_]*$/, { error: 'ownTags.validation.code' });

const NameSchema = z.string().trim().max(OWN_TAG_NAME_MAX, { error: 'validation.maxLength' });

/** The input field of an own tag's name in a language (`name_zh_CN` … `name_tr_TR`). */
export const ownTagNameField = (language: Language) => `name_${language}` as const;
export type OwnTagNameField = ReturnType<typeof ownTagNameField>;

/** A name per language; at least one (checked at `name_zh_CN`), the others fall back to it. */
const OwnTagNameFields = Object.fromEntries(LANGUAGES.map((l) => [ownTagNameField(l), NameSchema.optional()])) as Record<OwnTagNameField, z.ZodOptional<typeof NameSchema>>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const hasName = (v: Partial<Record<OwnTagNameField, string | undefined>>) =>
  LANGUAGES.some((l) => {
    const name = v[ownTagNameField(l)];
    return typeof name === 'string' && name.trim() !== '';
  });

/** The names of an input by language (those given). */
export function ownTagNamesOf(v: Partial<Record<OwnTagNameField, string | undefined>>): Partial<Record<Language, string>> {
  const names: Partial<Record<Language, string>> = {};
  for (const l of LANGUAGES) {
    const name = v[ownTagNameField(l)];
    if (name !== undefined && name !== '') names[l] = name;
  }
  return names;
}

const Finite = z.number({ error: 'validation.required' }).finite({ error: 'validation.invalid' });

const OwnTagFields = {
  ...OwnTagNameFields,
  unit: z.string().trim().max(LIMITS.tagUnitMaxLength, { error: 'validation.maxLength' }).default(''),
  subsystem: z.enum(SUBSYSTEMS, { error: 'validation.required' }).refine((s) => OWN_TAG_SUBSYSTEMS.includes(s), { error: 'validation.invalid' }),
  rangeMin: Finite,
  rangeMax: Finite,
  precision: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(OWN_TAG_PRECISION_MAX, { error: 'validation.invalid' }),
};

const rangeInOrder = (v: { rangeMin: number; rangeMax: number }) => v.rangeMin < v.rangeMax;

const checked = <S extends z.ZodType<{ rangeMin: number; rangeMax: number } & Partial<Record<OwnTagNameField, string | undefined>>>>(schema: S) =>
  schema
    // Both are told with the other fields' problems (a form shows them all at once).
    .refine(hasName, { error: 'ownTags.validation.nameRequired', path: [ownTagNameField('zh_CN')], when: (payload) => isRecord(payload.value) })
    .refine(rangeInOrder, {
      error: 'ownTags.validation.rangeOrder',
      path: ['rangeMax'],
      when: (payload) => isRecord(payload.value) && typeof payload.value.rangeMin === 'number' && typeof payload.value.rangeMax === 'number',
    });

export const OwnTagAddSchema = checked(z.object({ runId: RunIdSchema, code: OwnTagCodeSchema, ...OwnTagFields }));
export const OwnTagEditSchema = checked(z.object({ runId: RunIdSchema, code: OwnTagCodeSchema, ...OwnTagFields }));

export const OwnTagSchema = z.object({
  code: z.string(),
  names: z.record(z.string(), z.string()),
  /** The name in the reader's language (or the one it falls back to). */
  name: z.string(),
  unit: z.string(),
  subsystem: z.enum(SUBSYSTEMS),
  rangeMin: z.number(),
  rangeMax: z.number(),
  precision: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type OwnTag = z.infer<typeof OwnTagSchema>;

const fieldLabels = {
  code: 'ownTags.field.code',
  ...Object.fromEntries(LANGUAGES.map((l) => [ownTagNameField(l), 'ownTags.field.name'])),
  unit: 'ownTags.field.unit',
  subsystem: 'ownTags.field.subsystem',
  rangeMin: 'ownTags.field.rangeMin',
  rangeMax: 'ownTags.field.rangeMax',
  precision: 'ownTags.field.precision',
};

export const ownTagQuery = defineEndpoint({
  id: 'ownTags.query',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ownTag/query/v1',
  permission: 'telemetry.tagMapping.read',
  summary: "A run's own tags (those its machine's catalogue lacks), by code",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(OwnTagSchema),
});

export const ownTagAdd = defineEndpoint({
  id: 'ownTags.add',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ownTag/add/v1',
  permission: 'telemetry.tagMapping.write',
  summary:
    'Adds an own tag to a run: code `own.<slug>` unique in the run, a name in at least one language, unit, subsystem, working range and precision. Frames received from then on may carry it (by code or a mapped gateway name); it is stored, charted and can be given part alarm thresholds',
  input: OwnTagAddSchema,
  output: OwnTagSchema,
  fieldLabels,
});

export const ownTagEdit = defineEndpoint({
  id: 'ownTags.edit',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ownTag/edit/v1',
  permission: 'telemetry.tagMapping.write',
  summary: "Changes an own tag's names, unit, subsystem, range or precision (its code stays)",
  input: OwnTagEditSchema,
  output: OwnTagSchema,
  fieldLabels,
});

export const ownTagDelete = defineEndpoint({
  id: 'ownTags.delete',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ownTag/delete/v1',
  permission: 'telemetry.tagMapping.write',
  summary:
    'Removes an own tag: new frames no longer carry it and gateway names mapped to it are unmapped; values already stored stay in their chunks (a tag added again under the same code shows them again)',
  input: z.object({ runId: RunIdSchema, code: OwnTagCodeSchema }),
  output: z.object({ code: z.string() }),
});

/** An own tag as a tag definition of the run (what the real-time pages show it by). */
export const OwnTagDefSchema = z.object({
  code: z.string(),
  subsystem: z.enum(SUBSYSTEMS),
  kind: z.literal('analog'),
  unit: z.string(),
  plcVar: z.string(),
  address: z.string(),
  min: z.number(),
  max: z.number(),
  precision: z.number().int(),
  name: z.object({ subject: z.string(), quantity: z.string() }),
  /** Its name in the reader's language. */
  label: z.string(),
});

export const ownTagDefs = defineEndpoint({
  id: 'ownTags.defs',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ownTag/defs/v1',
  permission: 'monitor.realData.read',
  summary: "A run's own tags as the real-time pages show them (in their subsystem's page, named in the reader's language)",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(OwnTagDefSchema),
});

export const ownTagsEndpoints = [ownTagQuery, ownTagAdd, ownTagEdit, ownTagDelete, ownTagDefs] as const;
