import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../core/pagination.js';
import { EmailSchema, nameSchema, PASSWORD_MISMATCH, PasswordSchema, passwordsMatch, PhoneSchema, SortNumberSchema } from '../core/primitives.js';
import { LIMITS } from '../limits.js';

export const ORG_TYPES = ['company', 'organization'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

const IdSchema = z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' });

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
  type: z.enum(ORG_TYPES, { error: 'validation.invalid' }),
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
  kind: z.enum(['custom', 'org_admin'], { error: 'validation.invalid' }),
  /** Exactly one organization (spec §5). */
  orgId: IdSchema,
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

export const AdminUserSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  enabled: z.boolean(),
  sa: z.boolean(),
  roleIds: z.array(z.number().int()),
  createdAt: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const UserFieldsSchema = z.object({
  phone: PhoneSchema,
  nickname: nameSchema(LIMITS.nicknameMaxLength),
  email: EmailSchema,
  orgId: IdSchema,
  enabled: z.boolean().default(true),
});

export const userPage = defineEndpoint({
  id: 'admin.userPage',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/page/v1',
  permission: 'admin.user.read',
  summary: 'Users of the organizations the caller administers; `keyword` matches name, phone or e-mail',
  input: PageQuerySchema.extend({
    keyword: z.string().trim().max(LIMITS.emailMaxLength).optional(),
    orgId: IdSchema.optional(),
    enabled: z.boolean().optional(),
  }),
  output: pageOf(AdminUserSchema),
});

export const userAdd = defineEndpoint({
  id: 'admin.userAdd',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/add/v1',
  permission: 'admin.user.write',
  summary: 'Adds a user to an organization (name, phone and e-mail required; both passwords must match)',
  input: UserFieldsSchema.extend({ newPassword: PasswordSchema, confirmPassword: z.string({ error: 'validation.required' }) }).refine(
    passwordsMatch,
    PASSWORD_MISMATCH,
  ),
  output: AdminUserSchema,
});

export const userEdit = defineEndpoint({
  id: 'admin.userEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/edit/v1',
  permission: 'admin.user.write',
  summary: 'Edits a user; disabling one or moving them to another organization ends their sessions',
  input: UserFieldsSchema.extend({ id: IdSchema }),
  output: AdminUserSchema,
});

export const userDelete = defineEndpoint({
  id: 'admin.userDelete',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/delete/v1',
  permission: 'admin.user.write',
  summary: 'Deletes a user (never the caller or a super administrator)',
  input: z.object({ id: IdSchema }),
  output: z.null(),
});

export const userForSelect = defineEndpoint({
  id: 'admin.userForSelect',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/queryForSelect/v1',
  permission: 'admin.user.read',
  summary: 'Users of the administered organizations for selects (organization administrator, responsible persons)',
  input: z.object({ orgId: IdSchema.optional() }),
  output: z.array(z.object({ id: z.number().int(), nickname: z.string(), phone: z.string() })),
});

export const userRoles = defineEndpoint({
  id: 'admin.userRoles',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/queryRoleUser/v1',
  permission: 'admin.user.read',
  summary: "A user's roles, with the roles the caller may give to choose from",
  input: z.object({ userId: IdSchema }),
  output: z.object({ roleIds: z.array(z.number().int()), available: z.array(RoleSchema) }),
});

export interface ResourceNode {
  id: number;
  code: string;
  name: string;
  description: string;
  group: string;
  level: number;
  sort: number;
  parentId: number | null;
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
  level: z.number({ error: 'validation.required' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.sortNumber' }).max(9),
  sort: SortNumberSchema,
  parentId: IdSchema,
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
  summary: 'Moves a resource under another superior node',
  input: z.object({ id: IdSchema, parentId: IdSchema }),
  output: ResourceNodeSchema,
});

export const adminEndpoints = [
  orgQuery,
  orgQueryForCascade,
  orgQueryForSelect,
  orgQueryForSelectThree,
  orgQueryOrderCode,
  orgAdd,
  orgEdit,
  orgDelete,
  orgTransfer,
  roleList,
  roleAdd,
  roleEdit,
  roleDelete,
  roleUsers,
  roleResources,
  roleResourcesUpdate,
  orgResources,
  orgResourcesEdit,
  orgResourcesEditSingle,
  userAssignRoles,
  userPage,
  userAdd,
  userEdit,
  userDelete,
  userForSelect,
  userRoles,
  resourceTree,
  resourceAdd,
  resourceEdit,
  resourceDelete,
  resourceMove,
] as const;
