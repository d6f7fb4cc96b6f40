import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { nameSchema, SortNumberSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { IdSchema } from './ids.js';

export const ORG_TYPES = ['company', 'organization'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

export interface OrgNode {
  id: number;
  name: string;
  type: OrgType;
  parentId: number | null;
  path: string;
  sort: number;
  adminUserId: number | null;
  createdAt: number;
  children: OrgNode[];
}

const OrgFieldsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORG_TYPES),
  parentId: z.number().int().nullable(),
  path: z.string(),
  sort: z.number().int(),
  adminUserId: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type Org = z.infer<typeof OrgFieldsSchema>;

export const OrgNodeSchema: z.ZodType<OrgNode> = OrgFieldsSchema.extend({
  get children() {
    return z.array(OrgNodeSchema);
  },
});

export interface CascadeOption {
  value: number;
  label: string;
  children?: CascadeOption[];
}
export const CascadeOptionSchema: z.ZodType<CascadeOption> = z.object({
  value: z.number().int(),
  label: z.string(),
  get children() {
    return z.array(CascadeOptionSchema).optional();
  },
});

const OrgInputSchema = z.object({
  name: nameSchema(LIMITS.orgNameMaxLength),
  type: z.enum(ORG_TYPES, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
  sort: SortNumberSchema,
  adminUserId: IdSchema.nullable().optional(),
});

export const orgQuery = defineEndpoint({
  id: 'admin.orgQuery',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/query/v1',
  permission: 'admin.org.read',
  summary: "The organization tree the caller administers (everything for a super administrator); `name` filters, keeping ancestors",
  input: z.object({ name: z.string().trim().max(LIMITS.orgNameMaxLength).optional() }),
  output: z.array(OrgNodeSchema),
});

export const orgQueryForCascade = defineEndpoint({
  id: 'admin.orgQueryForCascade',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/queryForCascade/v1',
  permission: 'admin.org.read',
  summary: 'The same tree as cascader options (value, label, children)',
  input: z.object({}),
  output: z.array(CascadeOptionSchema),
});

export const OrgOptionSchema = z.object({ id: z.number().int(), name: z.string(), path: z.string(), depth: z.number().int() });

export const orgQueryForSelect = defineEndpoint({
  id: 'admin.orgQueryForSelect',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/queryForSelect/v1',
  permission: 'admin.org.read',
  summary: 'The organizations as a flat list in tree order, for selects',
  input: z.object({}),
  output: z.array(OrgOptionSchema),
});

export const orgQueryForSelectThree = defineEndpoint({
  id: 'admin.orgQueryForSelectThree',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/queryForSelectThree/v1',
  permission: 'admin.org.read',
  summary: 'The organizations of the top three levels, flat in tree order (second-level paths are what `zb` users are scoped by)',
  input: z.object({}),
  output: z.array(OrgOptionSchema),
});

export const orgQueryOrderCode = defineEndpoint({
  id: 'admin.orgQueryOrderCode',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/queryOrderCode/v1',
  permission: 'admin.org.write',
  summary: 'The next sort number under a superior organization',
  input: z.object({ parentId: IdSchema }),
  output: z.object({ sort: z.number().int() }),
});

export const orgAdd = defineEndpoint({
  id: 'admin.orgAdd',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/add/v1',
  permission: 'admin.org.write',
  summary: 'Adds an organization under a superior (superior, name and sort number required)',
  input: OrgInputSchema.extend({ parentId: IdSchema }),
  output: OrgFieldsSchema,
});

export const orgEdit = defineEndpoint({
  id: 'admin.orgEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/edit/v1',
  permission: 'admin.org.write',
  summary: 'Edits name, type, sort number and administrator of an organization',
  input: OrgInputSchema.extend({ id: IdSchema }),
  output: OrgFieldsSchema,
});

export const orgDelete = defineEndpoint({
  id: 'admin.orgDelete',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/delete/v1',
  permission: 'admin.org.write',
  summary: 'Deletes an organization with all its sub-organizations; their users lose the organization and their sessions',
  input: z.object({ id: IdSchema }),
  output: z.object({ deletedOrgs: z.number().int(), signedOutUsers: z.number().int() }),
});

export const orgTransfer = defineEndpoint({
  id: 'admin.orgTransfer',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/dept/transfer/v1',
  permission: 'admin.org.write',
  summary: 'Moves an organization (with its sub-organizations) under another superior',
  input: z.object({ id: IdSchema, parentId: IdSchema }),
  output: OrgFieldsSchema,
});
