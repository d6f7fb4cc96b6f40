import { authContract, endpointUrl, type LoginResult } from '@boreline/contracts';
import { session, useFramework } from '../../core/session.js';

/** A fresh random id for an image captcha (the server keys the answer by it). */
export function newCaptchaState(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const captchaImageUrl = (state: string): string => `${endpointUrl(authContract.captchaImage)}?state=${state}`;

/** Stores a new session (token in session storage with the web-auth flag) and its user. */
export function startSession(result: LoginResult, options: { fromMessage: boolean }): void {
  useFramework.getState().signIn({ token: result.token, user: result.user, resources: result.resources });
  session.markFromMessage(options.fromMessage);
  session.setH5(false);
}
