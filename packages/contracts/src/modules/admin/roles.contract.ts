import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { nameSchema, SortNumberSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { IdSchema } from './ids.js';

export const ROLE_KINDS = ['custom', 'org_admin', 'super_admin'] as const;

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ROLE_KINDS),
  orgId: z.number().int(),
  orgName: z.string(),
  creatorOrgId: z.number().int().nullable(),
  sort: z.number().int(),
  createdAt: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;

const RoleInputSchema = z.object({
  name: nameSchema(LIMITS.orgNameMaxLength),
  kind: z.enum(['custom', 'org_admin'], { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
  /** Exactly one organization (spec §5): a list of them is told so, not taken for a missing one. */
  orgId: z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : Array.isArray(issue.input) ? 'admin.role.oneOrg' : 'validation.invalid') })
    .int({ error: 'validation.invalid' })
    .positive({ error: 'validation.invalid' }),
  sort: SortNumberSchema,
});

export const roleList = defineEndpoint({
  id: 'admin.roleList',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/role/queryRoleListOne/v1',
  permission: 'admin.role.read',
  summary: 'Roles of the organizations the caller administers; `orgId` narrows to one organization and those below',
  input: z.object({ orgId: IdSchema.optional(), name: z.string().trim().max(LIMITS.orgNameMaxLength).optional() }),
  output: z.array(RoleSchema),
});

export const roleAdd = defineEndpoint({
  id: 'admin.roleAdd',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/role/add/v1',
  permission: 'admin.role.write',
  summary: 'Adds a role to one organization',
  input: RoleInputSchema,
  output: RoleSchema,
});

export const roleEdit = defineEndpoint({
  id: 'admin.roleEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/role/edit/v1',
  permission: 'admin.role.write',
  summary: 'Edits a role',
  input: RoleInputSchema.extend({ id: IdSchema }),
  output: RoleSchema,
});

export const roleDelete = defineEndpoint({
  id: 'admin.roleDelete',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/role/delete/v1',
  permission: 'admin.role.write',
  summary: 'Deletes a role; its users lose what it granted at their next request',
  input: z.object({ id: IdSchema }),
  output: z.null(),
});

export const roleUsers = defineEndpoint({
  id: 'admin.roleUsers',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/role/queryUserRole/v1',
  permission: 'admin.role.read',
  summary: 'The users holding a role',
  input: z.object({ roleId: IdSchema }),
  output: z.array(z.object({ id: z.number().int(), nickname: z.string(), phone: z.string(), email: z.string().nullable() })),
});

export const ResourceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  level: z.number().int(),
  sort: z.number().int(),
  parentId: z.number().int().nullable(),
});

export const roleResources = defineEndpoint({
  id: 'admin.roleResources',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/src/querySrLinker/v1',
  permission: 'admin.acl.read',
  summary: "A role's granted resources, with every resource its organization may use to choose from",
  input: z.object({ roleId: IdSchema }),
  output: z.object({ granted: z.array(z.string()), available: z.array(ResourceSchema) }),
});

export const roleResourcesUpdate = defineEndpoint({
  id: 'admin.roleResourcesUpdate',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/srLinker/update/v1',
  permission: 'admin.acl.write',
  summary: "Sets a role's resources (only resources its organization may use)",
  input: z.object({ roleId: IdSchema, codes: z.array(z.string().max(128)).max(2000) }),
  output: z.object({ granted: z.array(z.string()) }),
});

export const orgResources = defineEndpoint({
  id: 'admin.orgResources',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/sdLinker/query/v1',
  permission: 'admin.acl.read',
  summary: 'The resources an organization may use: its own set, or the one it inherits from above',
  input: z.object({ orgId: IdSchema }),
  output: z.object({ codes: z.array(z.string()), inheritedFrom: z.number().int().nullable() }),
});

export const orgResourcesEdit = defineEndpoint({
  id: 'admin.orgResourcesEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/sdLinker/edit/v1',
  permission: 'admin.acl.write',
  summary: 'Sets the resources an organization and those below it may use; `overwriteLower` replaces the sets of lower organizations too',
  input: z.object({ orgId: IdSchema, codes: z.array(z.string().max(128)).max(2000), overwriteLower: z.boolean().default(false) }),
  output: z.object({ codes: z.array(z.string()), overwritten: z.number().int() }),
});

export const orgResourcesEditSingle = defineEndpoint({
  id: 'admin.orgResourcesEditSingle',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/sdLinker/editSingle/v1',
  permission: 'admin.acl.write',
  summary: 'Grants or withdraws one resource for one organization',
  input: z.object({ orgId: IdSchema, resource: z.string().max(128), granted: z.boolean() }),
  output: z.object({ codes: z.array(z.string()), overwritten: z.number().int() }),
});

export const userAssignRoles = defineEndpoint({
  id: 'admin.userAssignRoles',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/assignRole/v1',
  permission: 'admin.user.assignRoles',
  summary: "Sets a user's roles (roles of organizations the caller administers)",
  input: z.object({ userId: IdSchema, roleIds: z.array(IdSchema).max(200) }),
  output: z.object({ roleIds: z.array(z.number().int()) }),
});
