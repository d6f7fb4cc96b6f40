import { mkdirSync } from 'node:fs';
import { monitorContract, projectContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInAdminOverApi } from './support/api.js';
import { launchBrowser, newPage, PHONE } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

const SHOTS = '/tmp/shots';
const MILAN = 'Metro M4 Lot 3 – San Babila';
const de = flatten(CATALOGUES['de-AT']);

const phone = (browser: Browser) => newPage(browser, PHONE);

const filledDiagramValues = (page: Page) =>
  page.locator('[data-testid=machine-diagram] [data-tag]').evaluateAll((nodes) => nodes.filter((n) => (n.textContent ?? '--') !== '--').length);

describe('mobile (H5) real-time view in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  let runId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), launchBrowser()]);
    token = await signInAdminOverApi(server.origin, 'e2e-h5-state-0123456789abcdef');
    const runs = await apiCall(server.origin, token, projectContract.runQueryProject, {});
    runId = runs.find((r) => r.projectName === MILAN)?.runId ?? 0;
    expect(runId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('opens a one-time link at 390×844: no token left in the address, live values, the subsystem tabs, German texts', async () => {
    const link = await apiCall(server.origin, token, monitorContract.h5LinkIssue, { runId });
    const { page, problems } = await phone(browser);
    await page.goto(`${server.origin}${link.path}?lang=de_AT`);
    await page.getByTestId('h5-realtime').waitFor({ timeout: 20_000 });
    expect(page.url()).not.toContain(link.token);
    expect(new URL(page.url()).pathname).toBe(`/client_web/h5/rta/${runId}`);
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);

    // The simulator sends a frame a second: the values fill in and move on without a reload.
    await expect.poll(() => filledDiagramValues(page), { timeout: 15_000 }).toBeGreaterThan(10);
    const frameTs = async () => Number((await page.getByTestId('rta-frame-time').getAttribute('data-ts')) ?? 0);
    const first = await frameTs();
    await expect.poll(frameTs, { timeout: 10_000 }).toBeGreaterThan(first);

    // Mobile mode: none of the console's menus; the texts in the host's language.
    expect(await page.locator('.ant-layout-sider, .ant-menu').count()).toBe(0);
    await expect.poll(() => page.getByTestId('h5-tabs').getByRole('tab').first().innerText()).toBe(de['realtime.page.main']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/h5-overview.png`, fullPage: true });

    await page.getByTestId('h5-tabs').getByRole('tab', { name: de['realtime.page.grouting'] }).click();
    await page.getByTestId('subsystem-tab').waitFor();
    await expect
      .poll(() => page.locator('[data-testid=tag-value]').evaluateAll((cells) => cells.filter((c) => (c.textContent ?? '').trim() !== '--').length), { timeout: 10_000 })
      .toBeGreaterThan(3);
    await page.screenshot({ path: `${SHOTS}/h5-grouting.png`, fullPage: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says the link is no longer valid when it is opened a second time', async () => {
    const link = await apiCall(server.origin, token, monitorContract.h5LinkIssue, { runId });
    const first = await phone(browser);
    await first.page.goto(`${server.origin}${link.path}`);
    await first.page.getByTestId('h5-realtime').waitFor({ timeout: 20_000 });
    const second = await phone(browser);
    await second.page.goto(`${server.origin}${link.path}`);
    await second.page.getByTestId('h5-failed').waitFor({ timeout: 20_000 });
    expect(second.page.url()).not.toContain(link.token);
    await Promise.all([first.page.context().close(), second.page.context().close()]);
  });

  it('takes the token from the host app by message when the link carries none', async () => {
    const link = await apiCall(server.origin, token, monitorContract.h5LinkIssue, { runId });
    const { page } = await phone(browser);
    await page.goto(`${server.origin}/client_web/h5/rta/${runId}?lang=en_US`);
    await page.getByTestId('h5-wait').waitFor();
    // A native host injects the handover into the view's own window.
    await page.evaluate((t) => window.postMessage(JSON.stringify({ type: 'boreline:h5:init', token: t }), '*'), link.token);
    await page.getByTestId('h5-realtime').waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
