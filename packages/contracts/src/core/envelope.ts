import { z } from 'zod';

/** Result codes of every response envelope (spec §8). */
export const RESULT_CODE = {
  ok: 0,
  unauthenticated: 1,
  forbidden: 2,
  business: 3,
  notFound: 404,
  serverError: 500,
} as const;
export type ResultCode = (typeof RESULT_CODE)[keyof typeof RESULT_CODE];

/** A client maps a code it does not know to this one (spec §8). */
export const UNKNOWN_RESULT_CODE = -2;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
  });

export type Envelope<T> = { code: number; msg: string; data: T };

/** `data.reason` of a code-1 answer, so the client can tell a forced logout from an expiry. */
export const SESSION_END_REASON = {
  expired: 'expired',
  forcedOffline: 'forced_offline',
} as const;
export type SessionEndReason = (typeof SESSION_END_REASON)[keyof typeof SESSION_END_REASON];
