import type { CounterStore } from '../../core/rateLimit.js';
import { errors } from '../../core/errors.js';

/**
 * Limits of the paths that check a secret, counted in fixed 15-minute windows. Only the pair
 * (address, account) is ever refused: a stranger elsewhere cannot lock an owner out, and one
 * crew member's mistakes cannot lock out the crew behind the same address. The looser counts per
 * account and per address make a password sign-in need the slide puzzle instead of refusing it.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failures of one address on one account; the next attempt of that pair is refused. */
  failuresPerPair: 5,
  /** Failures on one account from every address; its password sign-ins then need the slide puzzle. */
  failuresPerAccount: 10,
  /** Failures from one address on every account; its password sign-ins then need the slide puzzle. */
  failuresPerIp: 30,
} as const;

/** Limits on issuing challenges (captchas and SMS codes) per address and per phone. */
export const ISSUE_LIMITS = {
  /** Generous: a whole crew behind one address signs in at the start of a shift. */
  captchasPerIpPerMinute: 120,
  /** SMS codes sent (requests answered "please wait" do not count). */
  smsPerPhonePerHour: 5,
  smsPerIpPerHour: 10,
  registrationsPerIpPerHour: 10,
} as const;

/**
 * The address as the limits count it: an IPv4 address as it is (also when mapped into IPv6), an
 * IPv6 address by its /64 network, which one subscriber holds whole and can rotate through.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The throttle's name of a known account, whichever way it is named (phone, e-mail) and whichever path is used. */
export const userLockKey = (userId: number): string => `user:${userId}`;

const pairKey = (account: string, ip: string) => `signin:pair:${addressOf(ip)}|${account}`;
const accountKey = (account: string) => `signin:acct:${account}`;
const ipKey = (ip: string) => `signin:ip:${addressOf(ip)}`;

/** What the counters ask of the next attempt once the pair is not refused. */
export interface SignInPressure {
  /** The account or the address passed its looser limit: a password needs the slide puzzle. */
  puzzleRequired: boolean;
}

/**
 * One throttle for every path that checks a secret (login v1/v2/v3, own password change,
 * administrator reset). `check` runs before any hashing so a refused attempt costs nothing.
 * The counters live in the shared counter store (Redis when several instances run).
 */
export class SignInThrottle {
  constructor(private readonly store: CounterStore) {}

  /** Refuses a pair past its limit; otherwise tells whether the looser limits are passed. */
  async check(account: string, ip: string): Promise<SignInPressure> {
    const now = Date.now();
    const [byPair, byAccount, byIp] = await Promise.all([
      this.store.get(pairKey(account, ip)),
      this.store.get(accountKey(account)),
      this.store.get(ipKey(ip)),
    ]);
    if (byPair && byPair.count >= SIGN_IN_LIMITS.failuresPerPair) throw errors.tooManyAttempts(byPair.resetAt - now);
    const puzzleRequired =
      (byAccount?.count ?? 0) >= SIGN_IN_LIMITS.failuresPerAccount || (byIp?.count ?? 0) >= SIGN_IN_LIMITS.failuresPerIp;
    return { puzzleRequired };
  }

  /** When the refusal of this address on this account ends; null while the pair is not refused. */
  async lockedUntil(account: string, ip: string): Promise<number | null> {
    const byPair = await this.store.get(pairKey(account, ip));
    return byPair && byPair.count >= SIGN_IN_LIMITS.failuresPerPair && byPair.resetAt > Date.now() ? byPair.resetAt : null;
  }

  /** Counts a failure: on the pair and the account when one was named, always on the address. */
  async failed(account: string | null, ip: string): Promise<void> {
    const { windowMs } = SIGN_IN_LIMITS;
    await Promise.all([
      account ? this.store.increment(pairKey(account, ip), windowMs) : undefined,
      account ? this.store.increment(accountKey(account), windowMs) : undefined,
      this.store.increment(ipKey(ip), windowMs),
    ]);
  }

  /** The pair starts again; the account's and the address's counts stay (others' failures). */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.store.reset(pairKey(account, ip));
  }

  /** Counts one issued challenge; throws once a limit of the window is passed. */
  async issue(key: string, limit: number, windowMs: number): Promise<void> {
    const counter = await this.store.increment(`issue:${key}`, windowMs);
    if (counter.count > limit) throw errors.tooManyAttempts(counter.resetAt - Date.now());
  }

  /** Refuses when `limit` challenges were already counted by `issued` in the current window. */
  async ensureIssuable(key: string, limit: number): Promise<void> {
    const counter = await this.store.get(`issue:${key}`);
    if (counter && counter.count >= limit) throw errors.tooManyAttempts(counter.resetAt - Date.now());
  }

  /**
   * Reserves one of `limit` challenges of the window in one atomic count: of requests racing on
   * any instance, no more than `limit` get one. False (nothing counted) when the limit is reached.
   */
  async reserve(key: string, limit: number, windowMs: number): Promise<boolean> {
    const counter = await this.store.increment(`issue:${key}`, windowMs);
    if (counter.count <= limit) return true;
    await this.store.decrement(`issue:${key}`);
    return false;
  }

  /** Gives back a reservation whose challenge was not issued after all. */
  async release(key: string): Promise<void> {
    await this.store.decrement(`issue:${key}`);
  }
}
