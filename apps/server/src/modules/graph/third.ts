import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Third-party map tokens (spec §7 "third-party access token"): a short-lived, signed statement
 * "user u may fetch tiles of provider p for run r until e". The map page puts it in the tile URL
 * (`{token}`); the provider's tile proxy checks it with the secret both sides share. The secret is
 * configured (`MAP_PROVIDERS=name=secret,…`) and never leaves the server.
 *
 * Form: base64url(JSON {p, r, u, e}) + '.' + base64url(HMAC-SHA256(secret, that first part)),
 * `e` the expiry in epoch milliseconds.
 */
export interface ThirdTokenPayload {
  /** The provider's name. */
  p: string;
  /** The run. */
  r: number;
  /** The user it was issued to. */
  u: number;
  /** Expiry, epoch milliseconds. */
  e: number;
}

const signatureOf = (secret: string, body: string): Buffer => createHmac('sha256', secret).update(body).digest();

/** Signs a token. */
export function signThirdToken(secret: string, payload: ThirdTokenPayload): string {
  const body = Buffer.from(JSON.stringify({ p: payload.p, r: payload.r, u: payload.u, e: payload.e })).toString('base64url');
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

const isPayload = (value: unknown): value is ThirdTokenPayload => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.p === 'string' && Number.isInteger(v.r) && Number.isInteger(v.u) && Number.isInteger(v.e);
};

/**
 * The payload of a token signed with `secret` that has not expired at `now` (epoch ms); null for
 * anything else: another secret, a changed payload or signature, a malformed or expired token.
 */
export function verifyThirdToken(secret: string, token: string, now: number): ThirdTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body = '', signature = ''] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const expected = signatureOf(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isPayload(payload) || payload.e <= now) return null;
  return { p: payload.p, r: payload.r, u: payload.u, e: payload.e };
}
