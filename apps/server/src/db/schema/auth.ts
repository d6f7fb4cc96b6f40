import type { ColumnType, Generated } from 'kysely';

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
  /** Set for a session opened from an H5 link or a render ticket: it may read only this run. */
  scope_run_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set for a session opened from a render ticket: the tool page whose reads it may make (TOOL_SESSION_CODES). */
  scope_tool: ColumnType<string | null, string | null | undefined, string | null>;
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

declare module '../schema.js' {
  interface Database {
    users: UserTable;
    sessions: SessionTable;
    login_logs: LoginLogTable;
    challenges: ChallengeTable;
    sms_outbox: SmsOutboxTable;
  }
}
