import { RESULT_CODE, SESSION_END_REASON } from '@boreline/contracts';
import type { MessageKey, MessageParams } from '@boreline/i18n';

/**
 * The one error type handlers throw. The error handler turns it into the `{code,msg,data}`
 * envelope with `msg` translated into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const errors = {
  sessionExpired: () =>
    new AppError(RESULT_CODE.unauthenticated, 401, 'common.error.sessionExpired', {}, {}, { reason: SESSION_END_REASON.expired }),
  forcedOffline: () =>
    new AppError(RESULT_CODE.unauthenticated, 401, 'common.error.forcedOffline', {}, {}, {
      reason: SESSION_END_REASON.forcedOffline,
    }),
  forbidden: () => new AppError(RESULT_CODE.forbidden, 403, 'common.error.forbidden'),
  /** The object (a run, a record of a run) is not the caller's to touch, or does not exist. */
  noPermission: () => new AppError(RESULT_CODE.forbidden, 403, 'common.error.noPermission'),
  /** A rule of the product the caller should show as it is (code 3). */
  business: (key: MessageKey, params: MessageParams = {}) =>
    new AppError(RESULT_CODE.business, 400, key, params),
  tooManyAttempts: (retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AppError(
      RESULT_CODE.business,
      429,
      'common.error.tooManyAttempts',
      { minutes: Math.max(1, Math.ceil(seconds / 60)) },
      { 'retry-after': String(seconds) },
    );
  },
  notFound: () => new AppError(RESULT_CODE.notFound, 404, 'common.error.notFound404'),
};
