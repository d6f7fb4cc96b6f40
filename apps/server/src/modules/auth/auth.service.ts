import type { LoginResult, SessionInfo, SessionUser } from '@boreline/contracts';
import { authContract, isWithin, RESULT_CODE } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { z } from 'zod';
import type { AccessPolicy, AuthSession } from '../../core/auth.js';
import type { ClientInfo } from '../../core/http.js';
import { AppError, errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../core/password.js';
import type { FilesService } from '../files/index.js';
import type { AuthRepo, UserRow } from './auth.repo.js';
import { presentLoginLog, presentSms, presentUser } from './auth.presenter.js';
import { type CaptchaService, type MobileCodeService, SMS_CODE } from './captcha.service.js';
import { REVOKE_REASON, type SessionService } from './session.service.js';
import type { SmsSender } from './sms.js';
import { addressOf, ISSUE_LIMITS, type SignInPressure, type SignInThrottle, userLockKey } from './throttle.js';

type LoginMethod = (typeof authContract.LOGIN_METHODS)[number];
type LoginOutcome = (typeof authContract.LOGIN_RESULTS)[number];
const HOUR_MS = 3_600_000;

/** One lock per account whichever way it is named (phone, e-mail) and whichever path is used. */
const throttleKey = (user: UserRow | undefined, account: string): string =>
  user ? userLockKey(user.id) : `name:${account.trim().toLowerCase()}`;

export interface AuthDeps {
  files: FilesService;
  repo: AuthRepo;
  sessions: SessionService;
  captcha: CaptchaService;
  mobileCodes: MobileCodeService;
  throttle: SignInThrottle;
  sms: SmsSender;
  policy: AccessPolicy;
}

/** Sign-in, registration and password rules (spec §4, §5); routes stay thin. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Login v1 and v2: phone or e-mail and password, after the captcha `proof` passes. While the
   * account or the address is past its looser limit, the image captcha (v1) is not enough: the
   * answer asks for the slide puzzle (v2), the same for a known and an unknown account.
   */
  async loginWithPassword(
    input: { account: string; password: string },
    method: LoginMethod,
    proof: () => Promise<boolean>,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const account = input.account.trim();
    const user = await this.deps.repo.findUserByAccount(account);
    const key = throttleKey(user, account);
    const pressure = await this.throttled(key, account, method, client);
    if (pressure.puzzleRequired && method !== 'password_slide') {
      await this.log(null, account, method, 'puzzle_required', client);
      throw new AppError(RESULT_CODE.business, 400, 'auth.login.puzzleRequired', {}, {}, authContract.PUZZLE_REQUIRED);
    }
    if (!(await proof())) {
      await this.deps.throttle.failed(null, client.ip);
      await this.log(null, account, method, 'bad_captcha', client);
      throw errors.business('auth.login.captchaWrong');
    }
    const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password);
    if (!user || !ok) {
      await this.deps.throttle.failed(key, client.ip);
      await this.log(user?.id ?? null, account, method, 'bad_credentials', client);
      throw errors.business('auth.login.badCredentials');
    }
    return this.admit(user, key, account, method, client);
  }

  /** Login v3: the phone and the code sent to it (each code allows five tries; codes are counted). */
  async loginWithMobileCode(input: { mobile: string; code: string }, client: ClientInfo): Promise<LoginResult> {
    const method = 'mobile_code';
    const user = await this.deps.repo.findUserByAccount(input.mobile);
    const key = throttleKey(user, input.mobile);
    await this.throttled(key, input.mobile, method, client);
    const valid = await this.deps.mobileCodes.verify(input.mobile, input.code);
    if (!user || !valid) {
      await this.deps.throttle.failed(key, client.ip);
      await this.log(null, input.mobile, method, 'bad_code', client);
      throw errors.business('auth.login.mobileCodeWrong');
    }
    return this.admit(user, key, input.mobile, method, client);
  }

  /** Sends a code when the phone has an account; answers the same either way (no enumeration). */
  async sendMobileCode(
    input: { mobile: string; state: string; captcha: string },
    client: ClientInfo,
  ): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
    // The hourly limits count codes sent: a request answered "please wait" or refused is not one.
    const byIp = `sms:ip:${addressOf(client.ip)}`;
    const byPhone = `sms:phone:${input.mobile}`;
    await this.deps.throttle.ensureIssuable(byIp, ISSUE_LIMITS.smsPerIpPerHour);
    if (!(await this.deps.captcha.verifyImage(input.state, input.captcha))) {
      await this.deps.throttle.failed(null, client.ip);
      throw errors.business('auth.login.captchaWrong');
    }
    await this.deps.throttle.ensureIssuable(byPhone, ISSUE_LIMITS.smsPerPhonePerHour);
    // One code a minute per phone, claimed atomically; then one slot of each hourly limit, reserved
    // atomically and given back when the code is not sent: racing requests cannot pass a limit.
    const issued = await this.deps.mobileCodes.issue(input.mobile);
    if ('waitMs' in issued) {
      throw errors.business('auth.mobileCode.tooSoon', { seconds: Math.ceil(issued.waitMs / 1000) });
    }
    const [ipSlot, phoneSlot] = await Promise.all([
      this.deps.throttle.reserve(byIp, ISSUE_LIMITS.smsPerIpPerHour, HOUR_MS),
      this.deps.throttle.reserve(byPhone, ISSUE_LIMITS.smsPerPhonePerHour, HOUR_MS),
    ]);
    if (!ipSlot || !phoneSlot) {
      await Promise.all([this.deps.mobileCodes.withdraw(input.mobile), ipSlot && this.deps.throttle.release(byIp), phoneSlot && this.deps.throttle.release(byPhone)]);
      // The same answer as the pre-checks above give.
      await this.deps.throttle.ensureIssuable(ipSlot ? byPhone : byIp, ipSlot ? ISSUE_LIMITS.smsPerPhonePerHour : ISSUE_LIMITS.smsPerIpPerHour);
      throw errors.tooManyAttempts(HOUR_MS);
    }
    const user = await this.deps.repo.findUserByAccount(input.mobile);
    if (user && user.enabled === 1) {
      const language = presentUser(user).lang;
      const text = t(language, 'auth.mobileCode.smsText', { code: issued.code, minutes: SMS_CODE.ttlMs / 60_000 });
      await this.deps.sms.send(input.mobile, text);
    }
    return { expiresInSeconds: SMS_CODE.ttlMs / 1000, resendAfterSeconds: SMS_CODE.resendAfterMs / 1000 };
  }

  async register(input: z.output<typeof authContract.register.input>, client: ClientInfo): Promise<{ userId: number }> {
    await this.deps.throttle.issue(`register:ip:${addressOf(client.ip)}`, ISSUE_LIMITS.registrationsPerIpPerHour, HOUR_MS);
    if (!(await this.deps.captcha.verifyImage(input.state, input.captcha))) {
      throw errors.business('auth.login.captchaWrong');
    }
    if (await this.deps.repo.userExists(input.phone, input.email)) throw errors.business('auth.register.accountExists');
    const passwordHash = await hashPassword(input.newPassword);
    try {
      const userId = await this.deps.repo.insertUser(
        { phone: input.phone, email: input.email, nickname: input.nickname, passwordHash },
        Date.now(),
      );
      return { userId };
    } catch (error) {
      // Two registrations of the same phone at once: the unique index decides.
      if (await this.deps.repo.userExists(input.phone, input.email)) throw errors.business('auth.register.accountExists');
      throw error;
    }
  }

  async logout(token: string | null): Promise<void> {
    if (token) await this.deps.sessions.close(token);
  }

  async sessionInfo(session: AuthSession): Promise<SessionInfo> {
    const user = await this.requireUser(session.userId);
    return {
      user: presentUser(user),
      resources: await this.deps.policy.resourcesOf(session),
      roles: await this.deps.policy.rolesOf(session),
      expiresAt: session.expiresAt,
    };
  }

  /** Own password: the original is required; every session of the account ends. */
  async changePassword(
    session: AuthSession,
    input: { oldPassword: string; newPassword: string },
    client: ClientInfo,
  ): Promise<void> {
    const user = await this.requireUser(session.userId);
    await this.confirmOwnPassword(user, input.oldPassword, 'auth.password.originalWrong', client);
    await this.deps.repo.updatePassword(user.id, await hashPassword(input.newPassword), Date.now());
    await this.deps.sessions.revokeAll(user.id, REVOKE_REASON.passwordChanged);
  }

  /** Administrator reset: the administrator's own password is required; the user's sessions end. */
  async resetPassword(
    session: AuthSession,
    input: { userId: number; adminPassword: string; newPassword: string },
    client: ClientInfo,
  ): Promise<void> {
    const admin = await this.requireUser(session.userId);
    await this.confirmOwnPassword(admin, input.adminPassword, 'auth.password.adminWrong', client);
    const target = await this.deps.repo.findUserById(input.userId);
    // Only accounts of the administrator's own organization or below (any for a super administrator).
    if (!target || !(await this.administers(session, target.id))) throw errors.business('auth.user.notFound');
    await this.deps.repo.updatePassword(target.id, await hashPassword(input.newPassword), Date.now());
    await this.deps.sessions.revokeAll(target.id, REVOKE_REASON.passwordReset);
  }

  /** Personal settings; phone and e-mail stay unique across accounts. */
  async editOwnInfo(session: AuthSession, input: z.output<typeof authContract.editOwnInfo.input>): Promise<SessionUser> {
    if (await this.deps.repo.contactTaken(session.userId, input.phone, input.email)) {
      throw errors.business('auth.register.accountExists');
    }
    await this.deps.repo.updateProfile(session.userId, input, Date.now());
    return presentUser(await this.requireUser(session.userId));
  }

  /** Makes an uploaded avatar (already checked by the file service) the user's, replacing the old one. */
  async setAvatar(session: AuthSession, fileId: string): Promise<SessionUser> {
    const user = await this.requireUser(session.userId);
    await this.deps.files.attach([fileId], { kind: 'user', id: user.id }, { by: user.id, replace: true });
    await this.deps.repo.setAvatar(user.id, fileId, Date.now());
    return presentUser(await this.requireUser(session.userId));
  }

  /** The own avatar (at most 1 MB: read whole). */
  async readAvatar(session: AuthSession): Promise<{ contentType: string; body: Buffer }> {
    const user = await this.requireUser(session.userId);
    const file = user.avatar_key ? await this.deps.files.find(user.avatar_key) : undefined;
    if (!file) throw errors.business('common.notice.fileNotFound');
    const parts: Buffer[] = [];
    for await (const part of this.deps.files.open(file).body) parts.push(Buffer.from(part));
    return { contentType: file.content_type, body: Buffer.concat(parts) };
  }

  async loginLog(session: AuthSession, input: z.output<typeof authContract.loginLog.input>) {
    const all = await this.deps.policy.isAllowed(session, 'messages.loginLog.readAll');
    // Reading every account means every account of the reader's organizations, not other tenants'.
    const orgPath = all && !session.sa ? await this.deps.repo.userOrgPath(session.userId) : null;
    const filter = {
      ...(all ? {} : { userId: session.userId }),
      ...(orgPath ? { orgPath } : {}),
      ...(input.account ? { account: input.account } : {}),
      ...(input.result ? { result: input.result } : {}),
      ...(input.from !== undefined ? { from: input.from } : {}),
      ...(input.to !== undefined ? { to: input.to } : {}),
    };
    const { total, records } = await this.deps.repo.pageLoginLog(filter, input.page, input.pageSize);
    return { total, page: input.page, pageSize: input.pageSize, records: records.map(presentLoginLog) };
  }

  /** The embedded outbox holds every tenant's messages: the super administrator's alone. */
  async smsOutbox(session: AuthSession, input: z.output<typeof authContract.smsOutbox.input>) {
    if (!session.sa) throw errors.forbidden();
    const { total, records } = await this.deps.repo.pageSms(input.phone, input.page, input.pageSize);
    return { total, page: input.page, pageSize: input.pageSize, records: records.map(presentSms) };
  }

  private async admit(
    user: UserRow,
    key: string,
    account: string,
    method: LoginMethod,
    client: ClientInfo,
  ): Promise<LoginResult> {
    if (user.enabled !== 1) {
      await this.log(user.id, account, method, 'disabled', client);
      throw errors.business('auth.login.disabled');
    }
    await this.deps.throttle.succeeded(key, client.ip);
    const { token, expiresAt } = await this.deps.sessions.open(user.id, client);
    await this.log(user.id, account, method, 'success', client);
    const session: AuthSession = { sessionId: 0, userId: user.id, sa: user.is_sa === 1, zb: user.is_zb === 1, orgId: user.org_id, expiresAt, runId: null };
    const [resources, roles] = await Promise.all([this.deps.policy.resourcesOf(session), this.deps.policy.rolesOf(session)]);
    return { token, user: presentUser(user), resources, roles, expiresAt };
  }

  private async throttled(key: string, account: string, method: LoginMethod, client: ClientInfo): Promise<SignInPressure> {
    try {
      return await this.deps.throttle.check(key, client.ip);
    } catch (error) {
      if (error instanceof AppError) await this.log(null, account, method, 'throttled', client);
      throw error;
    }
  }

  /** A signed-in user proves their password again, under the same throttle as sign-in. */
  private async confirmOwnPassword(user: UserRow, password: string, wrong: MessageKey, client: ClientInfo): Promise<void> {
    const key = throttleKey(user, user.phone);
    await this.deps.throttle.check(key, client.ip);
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.deps.throttle.failed(key, client.ip);
      throw errors.business(wrong);
    }
  }

  /** Whether the caller administers the account: a super administrator, or the account's organization is theirs or below. */
  private async administers(session: AuthSession, userId: number): Promise<boolean> {
    if (session.sa) return true;
    const [mine, theirs] = await Promise.all([this.deps.repo.userOrgPath(session.userId), this.deps.repo.userOrgPath(userId)]);
    return !!mine && !!theirs && isWithin(theirs, mine);
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.deps.repo.findUserById(userId);
    if (!user) throw errors.sessionExpired();
    return user;
  }

  private log(userId: number | null, account: string, method: LoginMethod, result: LoginOutcome, client: ClientInfo) {
    return this.deps.repo.insertLoginLog({ userId, account, method, result, now: Date.now(), ...client });
  }
}

