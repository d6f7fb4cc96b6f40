import { defineModule } from '../../platform/module.js';
import { AuthRepo } from './auth.repo.js';
import { registerAuthRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { CaptchaService, MobileCodeService } from './captcha.service.js';
import { SessionService } from './session.service.js';
import { OutboxSmsSender, type SmsSender } from './sms.js';
import { type FirstStart, seedSuperAdmin } from './superAdmin.js';
import { SignInThrottle, userLockKey } from './throttle.js';

export { AuthRepo, type UserRow } from './auth.repo.js';
export type { CaptchaService } from './captcha.service.js';
export { addressOf } from './throttle.js';
export { REVOKE_REASON, SessionService } from './session.service.js';
export type { SmsSender } from './sms.js';
export { SIGN_IN_LIMITS } from './throttle.js';
export type { FirstStart } from './superAdmin.js';

declare module '../../core/services.js' {
  interface Services {
    /** Sessions: open, authenticate, revoke (the access gate and the message server use it). */
    sessions: SessionService;
    /** Users' accounts as sign-in sees them (administration manages the same rows). */
    authRepo: AuthRepo;
    /** Where SMS codes go (tests and gateways replace the embedded outbox). */
    sms: SmsSender;
    /** The image and slide captchas (the open feedback form asks the image captcha too). */
    captcha: CaptchaService;
    /** Whether the sign-in throttle refuses an address on an account now (the administrator's centre lists them). */
    signInLocks: SignInLocks;
  }
}

/** The sign-in throttle's locks as readers outside sign-in see them. */
export interface SignInLocks {
  /** When the refusal of `ip` on the account ends; null while it is not refused. */
  lockedUntil(userId: number, ip: string): Promise<number | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when this start created the super administrator. */
    firstStart: FirstStart | null;
  }
}

/** Sign-in on its four paths, captchas and SMS codes, sessions, registration, passwords and profiles. */
export const authModule = defineModule({
  name: 'auth',
  async register(ctx) {
    const repo = new AuthRepo(ctx.db);
    ctx.app.decorate('firstStart', await seedSuperAdmin(repo, ctx.config.admin));
    const sessions = new SessionService(repo, ctx.config.session);
    ctx.services.provide('sessions', sessions);
    ctx.services.provide('authRepo', repo);
    if (!ctx.services.has('sms')) ctx.services.provide('sms', new OutboxSmsSender(repo, ctx.log));
    const captcha = new CaptchaService(repo, ctx.config.captchaTestAnswer);
    ctx.services.provide('captcha', captcha);
    const throttle = new SignInThrottle(ctx.counters);
    ctx.services.provide('signInLocks', { lockedUntil: (userId, ip) => throttle.lockedUntil(userLockKey(userId), ip) });
    // Administration (listed after this module) decides what a session may do.
    const policy = ctx.services.later('policy');
    const auth = new AuthService({
      files: ctx.services.get('files'),
      repo,
      sessions,
      captcha,
      mobileCodes: new MobileCodeService(repo),
      throttle,
      sms: ctx.services.get('sms'),
      policy: {
        isAllowed: (session, code) => policy().isAllowed(session, code),
        resourcesOf: (session) => policy().resourcesOf(session),
        rolesOf: (session) => policy().rolesOf(session),
      },
    });
    registerAuthRoutes(ctx.app, { auth, captcha, throttle, files: ctx.services.get('files') }, ctx.endpoints);
  },
});
