import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { nameSchema, SortNumberSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { IdSchema } from './ids.js';

export interface ResourceNode {
  id: number;
  code: string;
  name: string;
  description: string;
  group: string;
  level: number;
  sort: number;
  parentId: number | null;
  /** The page's route in the web app (page resources), else null. */
  path: string | null;
  builtIn: boolean;
  children: ResourceNode[];
}
export const ResourceNodeSchema: z.ZodType<ResourceNode> = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.string(),
  level: z.number().int(),
  sort: z.number().int(),
  parentId: z.number().int().nullable(),
  path: z.string().nullable(),
  builtIn: z.boolean(),
  get children() {
    return z.array(ResourceNodeSchema);
  },
});

const ResourceCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/, { error: 'validation.resourceCode' })
  .max(128, { error: 'validation.maxLength' });

const ResourceInputSchema = z.object({
  group: nameSchema(LIMITS.orgNameMaxLength),
  name: nameSchema(LIMITS.orgNameMaxLength),
  description: nameSchema(200),
  level: z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
    .int({ error: 'validation.integer' })
    .refine((v) => v >= 1 && v <= 9, { error: 'validation.integerRange', params: { min: 1, max: 9 } }),
  sort: SortNumberSchema,
  parentId: IdSchema,
  /** The route of a page resource in the web app ('/fw1/…'); empty or absent for other resources. */
  path: z
    .string()
    .trim()
    .max(200, { error: 'validation.maxLength' })
    .regex(/^(\/[A-Za-z0-9_-]+)*$/, { error: 'validation.resourcePath' })
    .optional(),
});

export const resourceTree = defineEndpoint({
  id: 'admin.resourceTree',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/query/v1',
  permission: 'admin.resource.read',
  summary: 'The resource tree (menus, pages, buttons, API codes) in groups',
  input: z.object({}),
  output: z.array(ResourceNodeSchema),
});

export const resourceAdd = defineEndpoint({
  id: 'admin.resourceAdd',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/add/v1',
  permission: 'admin.resource.write',
  summary: 'Adds a resource (e.g. a button) under a superior node',
  fieldLabels: { parentId: 'field.parentNode' },
  input: ResourceInputSchema.extend({ encoding: ResourceCodeSchema }),
  output: ResourceNodeSchema,
});

export const resourceEdit = defineEndpoint({
  id: 'admin.resourceEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/edit/v1',
  permission: 'admin.resource.write',
  summary: 'Edits a resource; the codes the product itself uses cannot change',
  input: ResourceInputSchema.omit({ parentId: true }).extend({ id: IdSchema, encoding: ResourceCodeSchema }),
  output: ResourceNodeSchema,
});

export const resourceDelete = defineEndpoint({
  id: 'admin.resourceDelete',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/delete/v1',
  permission: 'admin.resource.write',
  summary: 'Deletes an added resource and those below it (the product\'s own codes stay)',
  input: z.object({ id: IdSchema }),
  output: z.object({ deleted: z.number().int() }),
});

export const resourceMove = defineEndpoint({
  id: 'admin.resourceMove',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/move/v1',
  permission: 'admin.resource.write',
  summary: 'Moves a resource under another superior node, or to the top when `parentId` is null',
  fieldLabels: { parentId: 'field.parentNode' },
  input: z.object({ id: IdSchema, parentId: IdSchema.nullable() }),
  output: ResourceNodeSchema,
});
