import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { PositiveIdSchema, requiredText } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';

/**
 * The collection (favourites, spec §2 "Collection"): a user stars a page of the console, a
 * project, a ring report or an alarm and finds it again on the collection page, grouped per run.
 * Entries are the user's own; a run must be one the user may see (others are refused as missing
 * runs), an alarm one of that run. At most LIMITS.collectionMaxPerUser entries per user.
 */

export const COLLECTION_KINDS = ['page', 'project', 'ringReport', 'alarm'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
export const CollectionKindSchema = z.enum(COLLECTION_KINDS, { error: 'validation.invalid' });

/** A page's path with its query (`/fw1/report/ring?ring=12`), or an object's id (digits). */
const TargetSchema = requiredText(LIMITS.collectionTargetMaxLength);

export const CollectionAddSchema = z
  .object({
    kind: CollectionKindSchema,
    /** The run the entry belongs to; null for a page outside any run. */
    runId: PositiveIdSchema.nullable().default(null),
    target: TargetSchema,
    title: requiredText(LIMITS.collectionTitleMaxLength),
  })
  .refine((v) => v.kind !== 'page' || /^\/fw[01]\/[^\s]*$/.test(v.target), { error: 'collection.validation.pagePath', path: ['target'] })
  .refine((v) => v.kind === 'page' || /^\d{1,12}$/.test(v.target), { error: 'collection.validation.objectId', path: ['target'] })
  .refine((v) => v.kind === 'page' || v.runId !== null, { error: 'validation.required', path: ['runId'] });
export type CollectionAdd = z.input<typeof CollectionAddSchema>;
export type CollectionAddOutput = z.output<typeof CollectionAddSchema>;

export const CollectionEntrySchema = z.object({
  id: z.number().int(),
  kind: CollectionKindSchema,
  runId: z.number().int().nullable(),
  /** The run's project and machine (null for entries outside runs). */
  projectName: z.string().nullable(),
  tbmCode: z.string().nullable(),
  target: z.string(),
  title: z.string(),
  createdAt: z.number().int(),
});
export type CollectionEntry = z.infer<typeof CollectionEntrySchema>;

export const collectionList = defineEndpoint({
  id: 'collection.list',
  base: 'project',
  method: 'POST',
  path: '/u/web/collection/list/v1',
  permission: 'menu.project.collection',
  summary: "The caller's collection, newest first: entries of runs they may still see, and those outside runs",
  input: z.object({}),
  output: z.array(CollectionEntrySchema),
});

export const collectionAdd = defineEndpoint({
  id: 'collection.add',
  base: 'project',
  method: 'POST',
  path: '/u/web/collection/add/v1',
  permission: 'menu.project.collection',
  summary: 'Stars a page, a project, a ring report or an alarm (starring it again answers the same entry with the new title); the run must be visible to the caller',
  input: CollectionAddSchema,
  output: CollectionEntrySchema,
});

export const collectionRemove = defineEndpoint({
  id: 'collection.remove',
  base: 'project',
  method: 'POST',
  path: '/u/web/collection/remove/v1',
  permission: 'menu.project.collection',
  summary: "Removes one of the caller's entries",
  input: z.object({ id: PositiveIdSchema }),
  output: z.null(),
});
