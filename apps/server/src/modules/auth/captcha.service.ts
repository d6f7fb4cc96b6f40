import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { SlideCaptcha } from '@boreline/contracts';
import type { AuthRepo } from './auth.repo.js';

type RenderCaptcha = (text: string, options: Record<string, unknown>) => string;
// svg-captcha's typings omit its main export, which draws a given text; we choose the text ourselves
// with a CSPRNG because the library's own text uses Math.random.
const renderCaptcha: RenderCaptcha = createRequire(import.meta.url)('svg-captcha');

const IMAGE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefhjkmnpqrstuvwxyz23456789';
const IMAGE_TTL_MS = 2 * 60_000;
const SLIDE_TTL_MS = 2 * 60_000;
const SLIDE = { width: 300, height: 150, piece: 44, knob: 8, tolerance: 5 } as const;
/** Where the gap sits while CAPTCHA_TEST_ANSWER is set (documented in the README). */
export const SLIDE_TEST_X = 150;
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

const digest = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

const randomItem = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

/** Outline of a puzzle piece: a square with a round knob on one side. */
function piecePath(x: number, y: number, side: Side): string {
  const s = SLIDE.piece;
  const k = SLIDE.knob;
  const h = s / 2;
  const knob = (edge: Side) => (edge === side ? `a${k} ${k} 0 1 1 ` : null);
  const top = knob('top') ? `L${x + h - k} ${y} ${knob('top')}${2 * k} 0 ` : '';
  const right = knob('right') ? `L${x + s} ${y + h - k} ${knob('right')}0 ${2 * k} ` : '';
  const bottom = knob('bottom') ? `L${x + h + k} ${y + s} ${knob('bottom')}${-2 * k} 0 ` : '';
  const left = knob('left') ? `L${x} ${y + h + k} ${knob('left')}0 ${-2 * k} ` : '';
  return `M${x} ${y} ${top}L${x + s} ${y} ${right}L${x + s} ${y + s} ${bottom}L${x} ${y + s} ${left}Z`;
}

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function slideImages(x: number, y: number, side: Side) {
  const { width, height, piece } = SLIDE;
  const hue = randomInt(360);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const h = (hue + randomInt(120)) % 360;
    shapes.push(
      `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="${8 + randomInt(40)}" fill="hsl(${h},55%,${35 + randomInt(35)}%)" fill-opacity="0.7"/>`,
    );
  }
  // Decoy gaps with knobs on other sides: a person matches the piece's shape, a script must too.
  const decoys = SIDES.filter((s) => s !== side)
    .slice(0, 2)
    .map((s, i) => {
      const dx = i === 0 ? (x > 160 ? x - 110 : x + 90) : randomInt(10, width - piece - 10);
      const dy = randomInt(6, height - piece - 6);
      return `<path d="${piecePath(dx, dy, s)}" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-opacity="0.6"/>`;
    });
  const gap = `<path d="${piecePath(x, y, side)}" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-opacity="0.6"/>`;
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="hsl(${hue},40%,60%)"/>${shapes.join('')}${[gap, ...decoys].sort(() => randomInt(3) - 1).join('')}</svg>`;
  const size = piece + 2 * SLIDE.knob + 2;
  const o = SLIDE.knob + 1;
  const pieceSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><path d="${piecePath(o, o, side)}" fill="hsl(${hue},60%,85%)" stroke="#fff" stroke-width="2"/></svg>`;
  return { background: dataUrl(background), piece: dataUrl(pieceSvg) };
}

/** Image and slide captchas and SMS codes: single use, expiring, stored in the database. */
export class CaptchaService {
  constructor(
    private readonly repo: AuthRepo,
    private readonly testAnswer: string | undefined,
  ) {}

  async issueImage(state: string): Promise<string> {
    const text =
      this.testAnswer ?? Array.from({ length: 4 }, () => randomItem([...IMAGE_ALPHABET])).join('');
    const id = `img:${state}`;
    const now = Date.now();
    await this.repo.putChallenge({ id, kind: 'image', answer: digest(id, text), expiresAt: now + IMAGE_TTL_MS, now });
    return renderCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: true, background: '#f4f6f8' });
  }

  async verifyImage(state: string, answer: string): Promise<boolean> {
    const id = `img:${state}`;
    const challenge = await this.repo.takeChallenge(id);
    return !!challenge && challenge.expires_at > Date.now() && challenge.answer === digest(id, answer);
  }

  async issueSlide(): Promise<SlideCaptcha> {
    const { width, height, piece, knob } = SLIDE;
    const pieceSize = piece + 2 * knob + 2;
    // The answer is where the piece image's left edge must go; its square sits knob + 1 further right.
    const answer = this.testAnswer ? SLIDE_TEST_X : randomInt(70, width - pieceSize - 4);
    const y = randomInt(6, height - piece - 6);
    const side = randomItem(SIDES);
    const captchaId = randomBytes(18).toString('base64url');
    const now = Date.now();
    await this.repo.putChallenge({ id: `slide:${captchaId}`, kind: 'slide', answer: String(answer), expiresAt: now + SLIDE_TTL_MS, now });
    return {
      captchaId,
      width,
      height,
      pieceSize,
      pieceY: y - knob - 1,
      ...slideImages(answer + knob + 1, y, side),
      expiresInSeconds: SLIDE_TTL_MS / 1000,
    };
  }

  /** `slideX` is where the client put the piece image's left edge, in background pixels. */
  async verifySlide(captchaId: string, slideX: number): Promise<boolean> {
    const challenge = await this.repo.takeChallenge(`slide:${captchaId}`);
    if (!challenge || challenge.expires_at <= Date.now()) return false;
    return Math.abs(Number(challenge.answer) - slideX) <= SLIDE.tolerance;
  }
}

export const SMS_CODE = { ttlMs: 5 * 60_000, resendAfterMs: 60_000, maxAttempts: 5 } as const;

/** Six-digit sign-in codes sent by SMS; five wrong tries end a code. */
export class MobileCodeService {
  constructor(private readonly repo: AuthRepo) {}

  /** Returns the new code, or the milliseconds to wait when one was sent too recently. */
  async issue(phone: string): Promise<{ code: string } | { waitMs: number }> {
    const id = `sms:${phone}`;
    const now = Date.now();
    const existing = await this.repo.findChallenge(id);
    if (existing && existing.expires_at > now && now - existing.created_at < SMS_CODE.resendAfterMs) {
      return { waitMs: SMS_CODE.resendAfterMs - (now - existing.created_at) };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.putChallenge({ id, kind: 'sms', answer: digest(id, code), expiresAt: now + SMS_CODE.ttlMs, now });
    return { code };
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
