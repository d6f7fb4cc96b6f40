import { type LoginLogEntry, type SessionUser, resolveLanguage } from '@boreline/contracts';
import { authContract, endpointUrl } from '@boreline/contracts';
import type { Selectable } from 'kysely';
import type { LoginLogTable, SmsOutboxTable } from '../../db/schema/auth.js';
import type { UserRow } from './auth.repo.js';

const methodOf = (value: string): LoginLogEntry['method'] =>
  authContract.LOGIN_METHODS.find((m) => m === value) ?? 'password_image';
const resultOf = (value: string): LoginLogEntry['result'] =>
  authContract.LOGIN_RESULTS.find((r) => r === value) ?? 'bad_credentials';

export const presentUser = (row: UserRow): SessionUser => ({
  id: row.id,
  phone: row.phone,
  nickname: row.nickname,
  email: row.email,
  orgId: row.org_id,
  sa: row.is_sa === 1,
  zb: row.is_zb === 1,
  avatarUrl: row.avatar_key ? `${endpointUrl(authContract.avatar)}?v=${row.avatar_key.slice(8, 16)}` : null,
  lang: resolveLanguage(row.lang),
});

export const presentLoginLog = (row: Selectable<LoginLogTable>): LoginLogEntry => ({
  id: row.id,
  time: row.created_at,
  account: row.account,
  userId: row.user_id,
  ip: row.ip,
  userAgent: row.user_agent,
  method: methodOf(row.method),
  result: resultOf(row.result),
});

export const presentSms = (row: Selectable<SmsOutboxTable>) => ({
  id: row.id,
  phone: row.phone,
  text: row.text,
  time: row.created_at,
});
