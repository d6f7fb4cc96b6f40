import { authContract as c } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, requireAuth } from '../../core/auth.js';
import { clientOf, registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { type FilesService, receiveUploads } from '../files/index.js';
import type { AuthService } from './auth.service.js';
import type { CaptchaService } from './captcha.service.js';
import { addressOf, ISSUE_LIMITS, type SignInThrottle } from './throttle.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; captcha: CaptchaService; throttle: SignInThrottle; files: FilesService },
  options: { validateResponses: boolean },
): void {
  const { auth, captcha, throttle } = deps;
  const limitCaptchas = (request: FastifyRequest) =>
    throttle.issue(`captcha:ip:${addressOf(request.ip)}`, ISSUE_LIMITS.captchasPerIpPerMinute, 60_000);

  registerRawEndpoint(app, c.captchaImage, async ({ input, request }) => {
    await limitCaptchas(request);
    return { contentType: 'image/png', body: await captcha.issueImage(input.state) };
  });

  registerEndpoint(
    app,
    c.captchaSlide,
    async ({ request }) => {
      await limitCaptchas(request);
      return captcha.issueSlide();
    },
    options,
  );

  registerEndpoint(
    app,
    c.mobileCode,
    async ({ input, request, setMessage }) => {
      const answer = await auth.sendMobileCode(input, clientOf(request));
      setMessage('auth.mobileCode.sent');
      return answer;
    },
    options,
  );

  registerEndpoint(
    app,
    c.loginV1,
    async ({ input, request, setMessage }) => {
      setMessage('auth.login.success');
      return auth.loginWithPassword(input, 'password_image', () => captcha.verifyImage(input.state, input.captcha), clientOf(request));
    },
    options,
  );

  registerEndpoint(
    app,
    c.loginV2,
    async ({ input, request, setMessage }) => {
      setMessage('auth.login.success');
      return auth.loginWithPassword(input, 'password_slide', () => captcha.verifySlide(input.captchaId, input.slideX), clientOf(request));
    },
    options,
  );

  registerEndpoint(
    app,
    c.loginV3,
    async ({ input, request, setMessage }) => {
      setMessage('auth.login.success');
      return auth.loginWithMobileCode(input, clientOf(request));
    },
    options,
  );

  registerEndpoint(
    app,
    c.logout,
    async ({ request, setMessage }) => {
      await auth.logout(bearerToken(request));
      setMessage('auth.logout.done');
      return null;
    },
    options,
  );

  registerEndpoint(
    app,
    c.register,
    async ({ input, request, setMessage }) => {
      const result = await auth.register(input, clientOf(request));
      setMessage('auth.register.success');
      return result;
    },
    options,
  );

  registerEndpoint(app, c.me, async ({ request }) => auth.sessionInfo(requireAuth(request)), options);

  registerEndpoint(
    app,
    c.changePassword,
    async ({ input, request, setMessage }) => {
      await auth.changePassword(requireAuth(request), input, clientOf(request));
      setMessage('auth.password.changed');
      return null;
    },
    options,
  );

  registerEndpoint(
    app,
    c.resetPassword,
    async ({ input, request, setMessage }) => {
      await auth.resetPassword(requireAuth(request), input, clientOf(request));
      setMessage('common.outcome.resetSuccess');
      return null;
    },
    options,
  );

  registerEndpoint(app, c.loginLog, async ({ input, request }) => auth.loginLog(requireAuth(request), input), options);

  registerEndpoint(app, c.smsOutbox, async ({ input, request }) => auth.smsOutbox(requireAuth(request), input), options);

  registerEndpoint(
    app,
    c.editOwnInfo,
    async ({ input, request, setMessage }) => {
      const user = await auth.editOwnInfo(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return user;
    },
    options,
  );

  registerEndpoint(
    app,
    c.uploadAvatar,
    async ({ request, setMessage }) => {
      const session = requireAuth(request);
      // Streamed into the file service, checked there as the avatar purpose says (JPG/PNG, 1 MB, decoded).
      const [file] = await receiveUploads(request, session, deps.files, { maxFiles: 1, target: async () => ({ purpose: 'avatar' }) });
      const user = await auth.setAvatar(session, file?.id ?? '');
      setMessage('common.outcome.setSuccess');
      return user;
    },
    options,
  );

  registerRawEndpoint(app, c.avatar, async ({ request }) => auth.readAvatar(requireAuth(request)));
}
