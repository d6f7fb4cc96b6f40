import { endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../server/test/factories.js';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';
import { E2E_ADMIN } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const PROJECT = 'Milano M4 – Tratta Forlanini';
const SHOTS = '/tmp';

/** The floor plan: 1200 × 800, the alignment drawn right from (100, 600) to (600, 600), then up to (600, 100). */
const WIDTH = 1200;
const HEIGHT = 800;
const MARKS = [
  { x: 100, y: 600, chainage: '1+000' },
  { x: 600, y: 600, chainage: '1010' },
  { x: 600, y: 100, chainage: '1+020.0' },
];
const floorPlan = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#f4f1e8"/>` +
        `<polyline points="100,600 600,600 600,100" fill="none" stroke="#555" stroke-width="6"/>` +
        `<text x="90" y="640" font-size="22">1+000</text><text x="610" y="620" font-size="22">1+010</text><text x="610" y="110" font-size="22">1+020</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/**
 * One ring of the machine, one frame per 5 s: 12 minutes of advance from `fromChainage` over one
 * ring width (1.5 m), 6 minutes of ring building, then the next ring's first advance (which
 * completes it), under the catalogue's own codes.
 */
function ringOfFrames(start: number, ring: number, fromChainage: number): object[] {
  const frames: object[] = [];
  const phase = (from: number, minutes: number, ringNo: number, advancing: boolean, chainageAt: (share: number) => number) => {
    const steps = (minutes * 60) / 5;
    for (let i = 0; i < steps; i += 1) {
      frames.push({
        ts: from + i * 5_000,
        values: {
          [KEY_TAGS.ringNo]: ringNo,
          [KEY_TAGS.advanceMode]: advancing ? 1 : 0,
          [KEY_TAGS.erectMode]: advancing ? 0 : 1,
          [KEY_TAGS.advanceSpeed]: advancing ? 40 : 0,
          [KEY_TAGS.cutterSpeed]: advancing ? 1.5 : 0,
          [KEY_TAGS.totalThrust]: advancing ? 15_000 : 2_000,
          [KEY_TAGS.chainage]: chainageAt(i / steps),
        },
      });
    }
    return from + minutes * 60_000;
  };
  let t = phase(start, 12, ring, true, (share) => fromChainage + 1.5 * share);
  t = phase(t, 6, ring, false, () => fromChainage + 1.5);
  phase(t, 3, ring + 1, true, (share) => fromChainage + 1.5 + 0.3 * share);
  return frames;
}

/** The screen point of a picture pixel: the drawing keeps its proportions, centred in its box. */
async function screenPoint(svg: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await svg.boundingBox();
  if (!box) throw new Error('the drawing is not on screen');
  const scale = Math.min(box.width / WIDTH, box.height / HEIGHT);
  return { x: box.x + (box.width - WIDTH * scale) / 2 + x * scale, y: box.y + (box.height - HEIGHT * scale) / 2 + y * scale };
}

describe('floor plan in Chromium: upload, calibrate, follow the machine, open a ring', () => {
  let server: InProcessServer;
  let browser: Browser;
  let runId = 0;

  beforeAll(async () => {
    // No demo projects: one drive of its own (1+000 to 2+500, rings of 1.5 m from ring 1), fed over HTTP as its gateway would.
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'false', SIMULATOR: 'false' }), launchBrowser()]);
    const root = await server.test.db.kysely.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow();
    runId = await buildRun(server.test.db, root.id, { projectName: PROJECT });
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function signIn(): Promise<{ page: Page; problems: string[] }> {
    const { page, problems } = await newPage(browser, { viewport: { width: 1400, height: 1000 } });
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(PROJECT);
    await page.waitForURL(/\/fw1\/home$/);
    return { page, problems };
  }

  async function ingest(page: Page, key: string, batch: string, frames: object[]): Promise<void> {
    for (let at = 0; at < frames.length; at += 200) {
      const response = await fetch(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ batchId: `${batch}-${at}`, frames: frames.slice(at, at + 200) }),
      });
      expect(response.status).toBe(200);
    }
    expect(page.isClosed()).toBe(false);
  }

  it('uploads and calibrates a floor plan, moves the machine with the frames and opens a ring from it', { timeout: 240_000 }, async () => {
    const { page, problems } = await signIn();
    await page.goto(`${server.base}/fw1/graph/plan`);

    // No drawing yet: the page says what a floor plan is and offers the upload.
    const empty = page.getByTestId('graph-empty');
    expect(await empty.innerText({ timeout: 30_000 })).toContain(text('graphWeb.empty.plan').slice(0, 30));
    await page.getByTestId('graph-upload-empty').click();
    const dialog = page.locator('.ant-modal:visible');
    expect(await dialog.innerText()).toContain('JPG or PNG, at most 4 MB');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: await floorPlan() });
    await expect.poll(() => dialog.locator('.bl-upload-thumb').count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('graph-upload-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-testid="drawing-picture"][href^="blob:"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('graph-uncalibrated').waitFor();

    // Calibration: three points clicked along the drawn alignment, each given its chainage.
    await page.getByTestId('graph-calibrate').click();
    const svg = page.getByTestId('drawing-svg');
    for (const [i, mark] of MARKS.entries()) {
      const at = await screenPoint(svg, mark.x, mark.y);
      await page.mouse.click(at.x, at.y);
      await page.getByRole('textbox', { name: text('graphWeb.calibrate.chainageOf').replace('{{n}}', String(i + 1)) }).fill(mark.chainage);
    }
    await page.getByTestId('calibration-save').click();
    await page.getByTestId('calibration-panel').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByTestId('alignment').waitFor();
    await page.getByTestId('graph-uncalibrated').waitFor({ state: 'detached' });

    // The gateway sends ring 1 and the start of ring 2: the machine appears at 1+001.8.
    const token = await tokenOf(page);
    const { key } = await apiCall(server.origin, token, telemetryContract.ingestKeyRotate, { runId });
    const start = Date.now() - 60 * 60_000;
    await ingest(page, key, 'ring1', ringOfFrames(start, 1, 1000));
    const machine = page.getByTestId('machine');
    // The frames arrive in batches: the icon passes the ring's end (1+001.5, x 175) on its way.
    await expect.poll(async () => Number(await machine.getAttribute('data-x', { timeout: 45_000 })), { timeout: 45_000 }).toBeGreaterThan(185);
    const first = { x: Number(await machine.getAttribute('data-x')), transform: await page.getByTestId('machine-icon').getAttribute('transform') };
    // 1+001.79 (the last frame) lies 18 % of the way from the 1+000 mark (x 100) to the 1+010 mark (x 600).
    expect(first.x).toBeCloseTo(190, 0);
    await page.screenshot({ path: `${SHOTS}/graph-plan-ring1.png` });

    // Ring 2 and the start of ring 3: the icon moves on along the alignment without a reload.
    await ingest(page, key, 'ring2', ringOfFrames(start + 21 * 60_000, 2, 1001.5));
    await expect.poll(async () => Number(await machine.getAttribute('data-x')), { timeout: 45_000 }).toBeGreaterThan(260);
    expect(Number(await machine.getAttribute('data-x'))).toBeCloseTo(265, 0);
    expect(await page.getByTestId('machine-icon').getAttribute('transform')).not.toBe(first.transform);
    expect(await page.getByTestId('machine-label').textContent()).toContain('1+003.292');
    await page.screenshot({ path: `${SHOTS}/graph-plan-ring3.png` });

    // A built ring opens its report.
    const ring1 = page.locator('[data-testid="overlay-ring"][data-ring="1"]');
    // A straight ring is a line of no height, which the browser's hit test still finds under its stroke.
    await ring1.waitFor({ state: 'attached', timeout: 45_000 });
    expect(await ring1.locator('title').textContent()).toContain('Ring 1 at 1+000.000');
    const onRing1 = await screenPoint(page.getByTestId('drawing-svg'), 137, 600);
    await page.mouse.click(onRing1.x, onRing1.y);
    await page.waitForURL(/\/fw1\/report\/ring\?ringStart=1&ringEnd=1$/);
    await page.getByTestId('ring-report').waitFor();
    expect(problems).toEqual([]);
  });
});
