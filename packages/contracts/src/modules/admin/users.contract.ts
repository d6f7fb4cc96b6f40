import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EmailSchema, nameSchema, PASSWORD_MISMATCH, PasswordSchema, passwordsMatch, PhoneSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { RunOptionSchema } from '../project/project.contract.js';
import { IdSchema } from './ids.js';
import { RoleSchema } from './roles.contract.js';

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
  /** Headquarters scope: grants are checked at the second-level organization of a run. */
  zb: z.boolean(),
  /** The runs (projects) the user is limited to; empty means every run their grants reach. */
  runIds: z.array(z.number().int()),
  createdAt: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** The runs (projects) a user is limited to; duplicates count once. */
const RunIdsSchema = z
  .array(IdSchema)
  .max(LIMITS.runsPerUserMax, { error: 'validation.tooMany' })
  .transform((ids) => [...new Set(ids)]);

const UserFieldsSchema = z.object({
  phone: PhoneSchema,
  nickname: nameSchema(LIMITS.nicknameMaxLength),
  email: EmailSchema,
  orgId: IdSchema,
  enabled: z.boolean().default(true),
  zb: z.boolean().default(false),
  runIds: RunIdsSchema.default([]),
});

/** On an edit a switch or the runs left out keep their stored value (no default: nothing is reset unasked). */
const UserEditFieldsSchema = UserFieldsSchema.extend({
  enabled: z.boolean().optional(),
  zb: z.boolean().optional(),
  runIds: RunIdsSchema.optional(),
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
  summary: 'Edits a user; disabling one or moving them to another organization ends their sessions; `enabled`, `zb` and `runIds` left out keep their values',
  input: UserEditFieldsSchema.extend({ id: IdSchema }),
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

export const userRunOptions = defineEndpoint({
  id: 'admin.userRunOptions',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/queryRunOptions/v1',
  permission: 'admin.user.read',
  summary: 'The runs (projects) of the organizations the caller administers, to limit a user to some of them',
  input: z.object({}),
  output: z.array(RunOptionSchema),
});
