import { endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
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
const PROJECT = 'Torino Metro Line 2 – Lot Rebaudengo';

/** A site photo stand-in: a small PNG of its own colour. */
const picture = (i: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 20 * i } } }).png().toBuffer();

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

describe('risk points in Chromium', () => {
  let server: InProcessServer;
  let browser: Browser;
  let runId = 0;

  beforeAll(async () => {
    // No demo projects: one drive of its own, fed over HTTP as its gateway would.
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'false', SIMULATOR: 'false' }), launchBrowser()]);
    const root = await server.test.db.kysely.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow();
    runId = await buildRun(server.test.db, root.id, { projectName: PROJECT });
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function signIn(): Promise<{ page: Page; problems: string[] }> {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(PROJECT);
    await page.waitForURL(/\/fw1\/home$/);
    return { page, problems };
  }

  const zoneRow = (page: Page, code: string) => page.getByTestId('risk-table').locator('tbody tr.ant-table-row').filter({ hasText: code });

  it('adds a risk point with six pictures through the form, refuses the seventh there, and shows the gallery', { timeout: 180_000 }, async () => {
    const { page, problems } = await signIn();
    await page.goto(`${server.base}/fw1/alarm/risk`);
    await page.getByTestId('risk-add').click();
    const dialog = page.getByTestId('risk-dialog');
    await dialog.getByLabel(text('risk.field.code')).fill('R-01');
    await dialog.getByLabel(text('risk.field.name'), { exact: true }).fill('Underpass of a residential building');
    await dialog.getByLabel(text('risk.field.position')).fill('1013');
    await dialog.getByLabel(text('risk.field.startChainage')).fill('1+006');
    await dialog.getByLabel(text('risk.field.endChainage')).fill('1020.5');
    // Seven pictures chosen at once: six go up, the seventh is refused in the form.
    const files = await Promise.all(Array.from({ length: 7 }, async (_, i) => ({ name: `site-${i + 1}.png`, mimeType: 'image/png', buffer: await picture(i) })));
    await dialog.locator('input[type=file]').setInputFiles(files);
    await expect.poll(() => dialog.locator('.bl-upload-thumb').count(), { timeout: 30_000 }).toBe(6);
    expect(await dialog.getByRole('alert').innerText()).toContain('site-7.png');
    expect(await dialog.getByRole('button', { name: text('ui.upload.add') }).isDisabled()).toBe(true);
    await page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
    await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });

    const row = zoneRow(page, 'R-01');
    await row.waitFor();
    expect(await row.innerText()).toContain('1+006.000 – 1+020.500');
    expect((await row.locator('td').allInnerTexts()).map((s) => s.trim())).toContain('6');
    await row.getByTestId('risk-detail').click();
    const gallery = page.getByTestId('risk-gallery');
    await expect.poll(() => gallery.locator('img[src^="blob:"]').count(), { timeout: 20_000 }).toBe(6);
    await gallery.locator('img').first().click();
    await page.locator('.ant-image-preview-img, .ant-image-preview img').first().waitFor();
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });

  it('a zone becomes approaching as the machine advances: frames over HTTP complete a ring', { timeout: 180_000 }, async () => {
    const { page, problems } = await signIn();
    await page.goto(`${server.base}/fw1/alarm/risk`);
    // Warn 3 rings ahead: the zone's near edge (1+006) is 4 rings from the drive's start (1+000).
    // antd puts the test id on the number field's input itself.
    const warn = page.getByTestId('risk-warn-rings');
    await warn.fill('3');
    await page.getByTestId('risk-warn-save').click();
    await page.getByText(text('risk.settings.saved')).waitFor();
    const row = zoneRow(page, 'R-01');
    await expect.poll(async () => row.getByTestId('risk-state').innerText(), { timeout: 15_000 }).toBe(text('risk.state.ahead'));

    // The gateway: a key, then the frames of ring 1 (1+000 to 1+001.5) and the start of ring 2.
    const token = await tokenOf(page);
    const { key } = await apiCall(server.origin, token, telemetryContract.ingestKeyRotate, { runId });
    const frames = ringOfFrames(Date.now() - 30 * 60_000, 1, 1000);
    for (let at = 0; at < frames.length; at += 200) {
      const response = await fetch(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ batchId: `ring1-${at}`, frames: frames.slice(at, at + 200) }),
      });
      expect(response.status).toBe(200);
    }
    await server.test.app.platform.services.get('riskWatch').settled();

    await expect
      .poll(
        async () => {
          await page.reload();
          return (await row.getByTestId('risk-state').innerText({ timeout: 10_000 })).trim();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(text('risk.state.approaching'));
    expect(await row.innerText()).toMatch(/\b3\b/);
    const nearest = page.getByTestId('risk-page').getByTestId('nearest-risk-zone');
    expect(await nearest.getAttribute('data-state')).toBe('approaching');
    expect(await nearest.innerText()).toContain('R-01 Underpass of a residential building in 3 rings');

    // The home board shows it too.
    await page.goto(`${server.base}/fw1/home`);
    expect(await page.getByTestId('nearest-risk-zone').innerText({ timeout: 30_000 })).toContain('in 3 rings');
    expect(problems).toEqual([]);
  });
});
