import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { SlideCaptcha } from '@boreline/contracts';
import sharp from 'sharp';
import type { AuthRepo } from './auth.repo.js';
import { renderSlide, SLIDE, slideLayout } from './slidePuzzle.js';

type RenderCaptcha = (text: string, options: Record<string, unknown>) => string;
// svg-captcha's typings omit its main export, which draws a given text; we choose the text ourselves
// with a CSPRNG because the library's own text uses Math.random.
const renderCaptcha: RenderCaptcha = createRequire(import.meta.url)('svg-captcha');

const IMAGE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefhjkmnpqrstuvwxyz23456789';
const IMAGE_TTL_MS = 2 * 60_000;
const SLIDE_TTL_MS = 2 * 60_000;
/** How far, in background pixels, a piece may sit from its gap and still pass. */
const SLIDE_TOLERANCE = 5;
/** Where the gap sits while CAPTCHA_TEST_ANSWER is set (documented in the README). */
export const SLIDE_TEST_X = 150;

const digest = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

const randomItem = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

/** Image and slide captchas and SMS codes: single use, expiring, stored in the database. */
export class CaptchaService {
  constructor(
    private readonly repo: AuthRepo,
    private readonly testAnswer: string | undefined,
  ) {}

  /**
   * The text drawn by svg-captcha, then rasterized: the browser gets pixels only (a PNG at twice the
   * on-screen size), never the glyphs' outlines, which a script could match shape by shape.
   */
  async issueImage(state: string): Promise<Buffer> {
    const text =
      this.testAnswer ?? Array.from({ length: 4 }, () => randomItem([...IMAGE_ALPHABET])).join('');
    const id = `img:${state}`;
    const now = Date.now();
    await this.repo.putChallenge({ id, kind: 'image', answer: digest(id, text), expiresAt: now + IMAGE_TTL_MS, now });
    const svg = renderCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: true, background: '#f4f6f8' });
    return sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 6 }).toBuffer();
  }

  async verifyImage(state: string, answer: string): Promise<boolean> {
    const id = `img:${state}`;
    const challenge = await this.repo.takeChallenge(id);
    return !!challenge && challenge.expires_at > Date.now() && challenge.answer === digest(id, answer);
  }

  async issueSlide(): Promise<SlideCaptcha> {
    // The answer is where the piece image's left edge must go.
    const layout = slideLayout(this.testAnswer ? SLIDE_TEST_X : undefined);
    const images = await renderSlide(layout);
    const captchaId = randomBytes(18).toString('base64url');
    const now = Date.now();
    await this.repo.putChallenge({ id: `slide:${captchaId}`, kind: 'slide', answer: String(layout.answer), expiresAt: now + SLIDE_TTL_MS, now });
    return {
      captchaId,
      width: SLIDE.width,
      height: SLIDE.height,
      pieceSize: SLIDE.box,
      pieceY: layout.pieceY,
      ...images,
      expiresInSeconds: SLIDE_TTL_MS / 1000,
    };
  }

  /** `slideX` is where the client put the piece image's left edge, in background pixels. */
  async verifySlide(captchaId: string, slideX: number): Promise<boolean> {
    const challenge = await this.repo.takeChallenge(`slide:${captchaId}`);
    if (!challenge || challenge.expires_at <= Date.now()) return false;
    return Math.abs(Number(challenge.answer) - slideX) <= SLIDE_TOLERANCE;
  }
}

export const SMS_CODE = { ttlMs: 5 * 60_000, resendAfterMs: 60_000, maxAttempts: 5 } as const;

/** Six-digit sign-in codes sent by SMS; five wrong tries end a code. */
export class MobileCodeService {
  constructor(private readonly repo: AuthRepo) {}

  /**
   * Returns the new code, or the milliseconds to wait when one was sent too recently. The check and
   * the write are one statement: requests racing for one phone (on any instance) get one code.
   */
  async issue(phone: string): Promise<{ code: string } | { waitMs: number }> {
    const id = `sms:${phone}`;
    const now = Date.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const claimed = await this.repo.claimChallenge({ id, kind: 'sms', answer: digest(id, code), expiresAt: now + SMS_CODE.ttlMs, now, notAfter: now - SMS_CODE.resendAfterMs });
    if (claimed) return { code };
    const existing = await this.repo.findChallenge(id);
    return { waitMs: Math.max(1_000, SMS_CODE.resendAfterMs - (now - (existing?.created_at ?? now))) };
  }

  /** Withdraws a code that was claimed but will not be sent. */
  async withdraw(phone: string): Promise<void> {
    await this.repo.takeChallenge(`sms:${phone}`);
  }

  async verify(phone: string, code: string): Promise<boolean> {
    const id = `sms:${phone}`;
    const challenge = await this.repo.findChallenge(id);
    if (!challenge || challenge.expires_at <= Date.now()) return false;
    if (challenge.answer !== digest(id, code)) {
      if (challenge.attempts + 1 >= SMS_CODE.maxAttempts) await this.repo.takeChallenge(id);
      else await this.repo.countChallengeAttempt(id);
      return false;
    }
    return (await this.repo.takeChallenge(id)) !== undefined;
  }
}
