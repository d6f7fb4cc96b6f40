import type { Generated } from 'kysely';

/** Instants are epoch milliseconds (UTC); flags are 0/1 integers on both dialects. */
export interface OrgTable {
  id: Generated<number>;
  name: string;
  type: string;
  parent_id: number | null;
  path: string;
  sort: number;
  admin_user_id: Generated<number | null>;
  created_at: number;
}

export interface UserTable {
  id: Generated<number>;
  phone: string;
  email: string | null;
  nickname: string;
  password_hash: string;
  enabled: number;
  is_sa: number;
  is_zb: number;
  org_id: number | null;
  avatar_key: string | null;
  lang: string;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  ip: string;
  user_agent: string;
}

export interface LoginLogTable {
  id: Generated<number>;
  user_id: number | null;
  account: string;
  ip: string;
  user_agent: string;
  method: string;
  result: string;
  created_at: number;
}

/** Short-lived single-use secrets: captcha answers and SMS codes (hashed). */
export interface ChallengeTable {
  id: string;
  kind: string;
  /** sha-256 of the answer for exact-match challenges; the gap position for slide puzzles. */
  answer: string;
  expires_at: number;
  attempts: number;
  created_at: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: number;
}

export interface ResourceGroupTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
  created_at: number;
}

export interface ResourceTable {
  id: Generated<number>;
  group_id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  level: number;
  sort: number;
  path: string;
  created_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  kind: string;
  org_id: number;
  creator_org_id: number | null;
  sort: number;
  created_at: number;
}

export interface RoleResourceTable {
  role_id: number;
  resource_id: number;
}

export interface OrgResourceTable {
  org_id: number;
  resource_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface Database {
  orgs: OrgTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  challenges: ChallengeTable;
  sms_outbox: SmsOutboxTable;
  resource_groups: ResourceGroupTable;
  resources: ResourceTable;
  roles: RoleTable;
  role_resources: RoleResourceTable;
  org_resources: OrgResourceTable;
  user_roles: UserRoleTable;
}
