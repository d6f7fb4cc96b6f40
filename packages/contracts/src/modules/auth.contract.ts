import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { LANGUAGES } from '../core/languages.js';
import { pageOf, PageQuerySchema } from '../core/pagination.js';
import {
  EmailSchema,
  EpochMsSchema,
  nameSchema,
  PASSWORD_MISMATCH,
  PasswordSchema,
  passwordsMatch,
  PhoneSchema,
} from '../core/primitives.js';
import { LIMITS } from '../limits.js';

/** A client-chosen id of an image captcha (`state`), random enough not to collide. */
export const CaptchaStateSchema = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'validation.invalid' });

const CaptchaAnswerSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(16, { error: 'validation.invalid' });

/** Phone number or e-mail address of an account. */
export const AccountSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(LIMITS.emailMaxLength, { error: 'validation.maxLength' });

/** Login payloads never bound the password's length: a wrong one is just a wrong password. */
const LoginPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(1024, { error: 'validation.invalid' });

export const SessionUserSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  orgId: z.number().int().nullable(),
  sa: z.boolean(),
  zb: z.boolean(),
  avatarUrl: z.string().nullable(),
  lang: z.enum(LANGUAGES),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionInfoSchema = z.object({
  user: SessionUserSchema,
  /** Resource codes granted to the user; a super administrator is granted everything. */
  resources: z.array(z.string()),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  expiresAt: EpochMsSchema,
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const LoginResultSchema = SessionInfoSchema.extend({
  /** Opaque session token: send it as the `Authorization` header of every call. */
  token: z.string(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const captchaImage = defineEndpoint({
  id: 'auth.captchaImage',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/getKaptcha/',
  permission: 'public',
  summary: 'Image captcha for the state id chosen by the client (a PNG raster, 240 × 80 px for 120 × 40 on screen; single use, expires)',
  input: z.object({ state: CaptchaStateSchema }),
  output: z.string(),
  response: 'raw',
  rawContentType: 'image/png',
});

export const SlideCaptchaSchema = z.object({
  captchaId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  /** Top edge of the piece; the client moves it horizontally. */
  pieceY: z.number().int(),
  /**
   * Raster images as data URLs, never vector drawings: the background (a JPEG holding the gap and
   * decoy gaps drawn alike) and the piece (a PNG with transparency, pieceSize square).
   */
  background: z.string().startsWith('data:image/jpeg;base64,'),
  piece: z.string().startsWith('data:image/png;base64,'),
  expiresInSeconds: z.number().int(),
});
export type SlideCaptcha = z.infer<typeof SlideCaptchaSchema>;

export const captchaSlide = defineEndpoint({
  id: 'auth.captchaSlide',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/getSlideCaptcha/v1',
  permission: 'public',
  summary: 'Slide-puzzle challenge: move the piece into its gap; verified on the server',
  input: z.object({}),
  output: SlideCaptchaSchema,
});

export const mobileCode = defineEndpoint({
  id: 'auth.mobileCode',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/getMobileCode',
  permission: 'public',
  summary: 'Sends a sign-in code by SMS (an image captcha answer is required)',
  input: z.object({ mobile: PhoneSchema, state: CaptchaStateSchema, captcha: CaptchaAnswerSchema }),
  output: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

export const loginV1 = defineEndpoint({
  id: 'auth.loginV1',
  base: 'main',
  method: 'POST',
  path: '/g/web/sys/login/v1',
  permission: 'public',
  summary: 'Sign in with phone or e-mail, password and an image captcha',
  input: z.object({
    account: AccountSchema,
    password: LoginPasswordSchema,
    state: CaptchaStateSchema,
    captcha: CaptchaAnswerSchema,
  }),
  output: LoginResultSchema,
});

export const loginV2 = defineEndpoint({
  id: 'auth.loginV2',
  base: 'main',
  method: 'POST',
  path: '/g/web/sys/login/v2',
  permission: 'public',
  summary: 'Sign in with phone or e-mail, password and a solved slide puzzle',
  input: z.object({
    account: AccountSchema,
    password: LoginPasswordSchema,
    captchaId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(64),
    slideX: z.number({ error: 'validation.required' }).min(0).max(1000),
  }),
  output: LoginResultSchema,
});

export const loginV3 = defineEndpoint({
  id: 'auth.loginV3',
  base: 'main',
  method: 'POST',
  path: '/g/web/sys/login/v3',
  permission: 'public',
  summary: 'Sign in with a phone number and the code sent to it by SMS',
  input: z.object({
    mobile: PhoneSchema,
    code: z.string({ error: 'validation.required' }).trim().regex(/^\d{6}$/, { error: 'validation.mobileCode' }),
  }),
  output: LoginResultSchema,
});

export const logout = defineEndpoint({
  id: 'auth.logout',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/logout/v1',
  permission: 'public',
  summary: 'Ends the session of the Authorization header (no-op without one)',
  input: z.object({}),
  output: z.null(),
});

export const RegisterInputSchema = z
  .object({
    phone: PhoneSchema,
    nickname: nameSchema(LIMITS.nicknameMaxLength),
    email: EmailSchema,
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }),
    acceptPrivacy: z.literal(true, { error: 'validation.privacyRequired' }),
    confirmAdult: z.literal(true, { error: 'validation.adultRequired' }),
    state: CaptchaStateSchema,
    captcha: CaptchaAnswerSchema,
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);

export const register = defineEndpoint({
  id: 'auth.register',
  base: 'main',
  method: 'POST',
  path: '/g/sys/user/register/v1',
  permission: 'public',
  summary: 'Creates an account (privacy consent and the 18+ rule required)',
  input: RegisterInputSchema,
  output: z.object({ userId: z.number().int() }),
});

export const me = defineEndpoint({
  id: 'auth.me',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/queryUserInfo/v1',
  permission: 'authenticated',
  summary: 'The signed-in user, roles and granted resources',
  input: z.object({}),
  output: SessionInfoSchema,
});

export const changePassword = defineEndpoint({
  id: 'auth.changePassword',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/changePwd/v1',
  permission: 'authenticated',
  summary: 'Changes the own password (original required); every session of the account ends',
  input: z
    .object({
      oldPassword: LoginPasswordSchema,
      newPassword: PasswordSchema,
      confirmPassword: z.string({ error: 'validation.required' }),
    })
    .refine(passwordsMatch, PASSWORD_MISMATCH),
  output: z.null(),
});

export const resetPassword = defineEndpoint({
  id: 'auth.resetPassword',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/resetWebPwdByUserId/v1',
  permission: 'admin.user.resetPassword',
  summary: "Administrator sets another user's password (administrator's password required)",
  input: z
    .object({
      userId: z.number({ error: 'validation.required' }).int().positive(),
      adminPassword: LoginPasswordSchema,
      newPassword: PasswordSchema,
      confirmPassword: z.string({ error: 'validation.required' }),
    })
    .refine(passwordsMatch, PASSWORD_MISMATCH),
  output: z.null(),
});

export const LOGIN_METHODS = ['password_image', 'password_slide', 'mobile_code'] as const;

/**
 * `data` of the answer (code 3) to a password sign-in with the image captcha while the account or
 * the address has had many failures: sign in again with the slide puzzle (login v2).
 */
export const PUZZLE_REQUIRED = { captchaRequired: 'slide' } as const;
export const PuzzleRequiredSchema = z.object({ captchaRequired: z.literal('slide') });
export const LOGIN_RESULTS = [
  'success',
  'bad_credentials',
  'bad_captcha',
  'puzzle_required',
  'bad_code',
  'throttled',
  'disabled',
] as const;

export const LoginLogEntrySchema = z.object({
  id: z.number().int(),
  time: EpochMsSchema,
  account: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  method: z.enum(LOGIN_METHODS),
  result: z.enum(LOGIN_RESULTS),
});
export type LoginLogEntry = z.infer<typeof LoginLogEntrySchema>;

export const loginLog = defineEndpoint({
  id: 'auth.loginLog',
  base: 'project',
  method: 'POST',
  path: '/u/user/listLoginLog',
  permission: 'authenticated',
  summary: 'Sign-in history: the own account, or every account with messages.loginLog.readAll',
  input: PageQuerySchema.extend({
    account: z.string().trim().max(LIMITS.emailMaxLength).optional(),
    result: z.enum(LOGIN_RESULTS).optional(),
    from: EpochMsSchema.optional(),
    to: EpochMsSchema.optional(),
  }),
  output: pageOf(LoginLogEntrySchema),
});

export const smsOutbox = defineEndpoint({
  id: 'auth.smsOutbox',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/smsOutbox/query/v1',
  permission: 'admin.smsOutbox.read',
  summary: 'Text messages written by the embedded SMS sender (newest first)',
  input: PageQuerySchema.extend({ phone: z.string().trim().max(LIMITS.phoneMaxLength).optional() }),
  output: pageOf(z.object({ id: z.number().int(), phone: z.string(), text: z.string(), time: EpochMsSchema })),
});

export const editOwnInfo = defineEndpoint({
  id: 'auth.editOwnInfo',
  base: 'main',
  method: 'POST',
  path: '/u/web/sys/user/editUserInfo/v1',
  permission: 'authenticated',
  summary: 'Personal settings: name, e-mail, phone and language of the signed-in user',
  input: z.object({
    nickname: nameSchema(LIMITS.nicknameMaxLength),
    email: EmailSchema,
    phone: PhoneSchema,
    lang: z.enum(LANGUAGES, { error: 'validation.invalid' }),
  }),
  output: SessionUserSchema,
});

export const uploadAvatar = defineEndpoint({
  id: 'auth.uploadAvatar',
  base: 'main',
  method: 'POST',
  path: '/u/web/uploadAvatar/v1',
  permission: 'authenticated',
  summary: 'Sets the own avatar: one JPG or PNG file of at most 1 MB in the multipart field `file`',
  inputFrom: 'multipart',
  input: z.object({}),
  output: SessionUserSchema,
});

export const avatar = defineEndpoint({
  id: 'auth.avatar',
  base: 'main',
  method: 'GET',
  path: '/u/web/sys/user/avatar/v1',
  permission: 'authenticated',
  summary: 'The own avatar image',
  input: z.object({ v: z.string().max(64).optional() }),
  output: z.string(),
  response: 'raw',
  rawContentType: 'image/png',
});

export const authEndpoints = [
  captchaImage,
  captchaSlide,
  mobileCode,
  loginV1,
  loginV2,
  loginV3,
  logout,
  register,
  me,
  changePassword,
  resetPassword,
  loginLog,
  smsOutbox,
  editOwnInfo,
  uploadAvatar,
  avatar,
] as const;
