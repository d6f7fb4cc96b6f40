import type { CounterStore } from '../../core/rateLimit.js';
import { errors } from '../../core/errors.js';

/** Limits of the sign-in paths: failures per account and per address, in a 15-minute window. */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  failuresPerAccount: 5,
  failuresPerIp: 30,
} as const;

/** Limits on issuing challenges (captchas and SMS codes) per address and per phone. */
export const ISSUE_LIMITS = {
  captchasPerIpPerMinute: 40,
  smsPerPhonePerHour: 5,
  smsPerIpPerHour: 10,
  registrationsPerIpPerHour: 10,
} as const;

const accountKey = (key: string) => `signin:acct:${key}`;
const ipKey = (ip: string) => `signin:ip:${ip}`;

/**
 * One throttle for every path that checks a secret (login v1/v2/v3, own password change,
 * administrator reset). `check` runs before any hashing so a locked account costs nothing.
 */
export class SignInThrottle {
  constructor(private readonly store: CounterStore) {}

  async check(account: string, ip: string): Promise<void> {
    const now = Date.now();
    const [byAccount, byIp] = await Promise.all([this.store.get(accountKey(account)), this.store.get(ipKey(ip))]);
    if (byAccount && byAccount.count >= SIGN_IN_LIMITS.failuresPerAccount) {
      throw errors.tooManyAttempts(byAccount.resetAt - now);
    }
    if (byIp && byIp.count >= SIGN_IN_LIMITS.failuresPerIp) throw errors.tooManyAttempts(byIp.resetAt - now);
  }

  async failed(account: string | null, ip: string): Promise<void> {
    await Promise.all([
      account ? this.store.increment(accountKey(account), SIGN_IN_LIMITS.windowMs) : undefined,
      this.store.increment(ipKey(ip), SIGN_IN_LIMITS.windowMs),
    ]);
  }

  async succeeded(account: string): Promise<void> {
    await this.store.reset(accountKey(account));
  }

  /** Counts one issued challenge; throws once a limit of the window is passed. */
  async issue(key: string, limit: number, windowMs: number): Promise<void> {
    const counter = await this.store.increment(`issue:${key}`, windowMs);
    if (counter.count > limit) throw errors.tooManyAttempts(counter.resetAt - Date.now());
  }
}
