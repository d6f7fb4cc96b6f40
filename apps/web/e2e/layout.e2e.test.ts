import { mkdirSync } from 'node:fs';
import { monitorContract, projectContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { newPage, PHONE } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const SHOTS = '/tmp/shots';
const MILAN = 'Metro M4 Lot 3 – San Babila';

/** Screens measured as a user sees them: nothing hidden under something else, nothing off the window. */
describe('layout at the sizes people use', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Scroll bars drawn as a desktop browser draws them (headless hides them unless told not to).
    const shown = chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      ignoreDefaultArgs: ['--hide-scrollbars'],
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), shown]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> {
    const { page, problems } = await newPage(browser, { viewport });
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    return { page, problems };
  }

  it('shows every column of the project list at 1280 px, beside the fixed ones or by a visible scroll bar', async () => {
    const { page, problems } = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${server.base}/fw0/stsRun/list`);
    const table = page.getByTestId('project-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/project-list-1280.png` });
    const actions = await table.locator('thead th', { hasText: text('project.list.actions') }).boundingBox();
    expect(actions).not.toBeNull();
    const content = table.locator('.ant-table-content, .ant-table-body').first();
    // Scroll to the far right: the last scrolled columns end where the fixed actions column begins.
    await content.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.screenshot({ path: `${SHOTS}/project-list-1280-right.png` });
    for (const key of ['project.list.waitingRate', 'project.list.status', 'project.list.totalDuration', 'project.list.lineName']) {
      const box = await table.locator('thead th', { hasText: text(key) }).first().boundingBox();
      expect(box, key).not.toBeNull();
      if (box && actions) expect(box.x + box.width, key).toBeLessThanOrEqual(actions.x + 1);
    }
    // The list is wider than 1280 px, so its middle scrolls, and the scroll bar is on screen, not
    // below the fold of a long table. The bar is the list's own (10 px, drawn always): left to the
    // system, browsers with overlay scroll bars (macOS, phones) show none until one scrolls, and
    // the system's 15 px bar here would mean the list's style no longer applies.
    const bar = await content.evaluate((el: HTMLElement) => ({ scrolls: el.scrollWidth > el.clientWidth, bottom: el.getBoundingClientRect().bottom, barHeight: el.offsetHeight - el.clientHeight }));
    expect(bar.scrolls).toBe(true);
    expect(bar.barHeight).toBe(10);
    expect(bar.bottom).toBeLessThanOrEqual(800);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the collapsed menu’s Intelligent construction flyout inside an 800 px window', async () => {
    const { page, problems } = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${server.base}/fw0/stsRun/list`);
    const menu = page.getByTestId('side-menu');
    expect(await menu.getAttribute('class')).toContain('collapsed');
    await menu.locator('.ant-menu-submenu', { hasText: text('shell.menu.intelligentConstruction') }).first().hover();
    const flyout = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').last();
    await flyout.waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/menu-flyout-800.png` });
    const box = await flyout.locator('.ant-menu').first().boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
    }
    // Its last item can be reached and clicked.
    const last = flyout.locator('.ant-menu-item').last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = await last.boundingBox();
    expect(lastBox && lastBox.y + lastBox.height).toBeLessThanOrEqual(800);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws the H5 machine diagram legibly on a 390 px phone, labels whole', async () => {
    const { page: desk } = await signedIn({ width: 1280, height: 800 });
    const token = await tokenOf(desk);
    const runs = await apiCall(server.origin, token, projectContract.runQueryProject, {});
    const runId = runs.find((r) => r.projectName === MILAN)?.runId ?? 0;
    const link = await apiCall(server.origin, token, monitorContract.h5LinkIssue, { runId });
    const { page, problems } = await newPage(browser, PHONE);
    await page.goto(`${server.origin}${link.path}`);
    await page.locator('[data-testid=machine-diagram] svg').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/h5-diagram-390.png`, fullPage: true });
    const sizes = await page.locator('[data-testid=machine-diagram] svg text').evaluateAll((nodes) =>
      nodes
        .filter((n) => (n.textContent ?? '').trim() !== '' && (n as SVGGraphicsElement).getBoundingClientRect().width > 0)
        .map((n) => ({ text: n.textContent ?? '', size: Number.parseFloat(getComputedStyle(n).fontSize) * ((n as SVGGraphicsElement).getScreenCTM()?.a ?? 1) })),
    );
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.filter((s) => s.size < 11)).toEqual([]);
    // No label runs out of the diagram or into its neighbour.
    const clipped = await page.locator('[data-testid=machine-diagram] svg').evaluate((svg) => {
      const frame = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((n) => (n.textContent ?? '').trim() !== '')
        .filter((n) => {
          const r = n.getBoundingClientRect();
          return r.width > 0 && (r.left < frame.left - 1 || r.right > frame.right + 1);
        })
        .map((n) => n.textContent);
    });
    expect(clipped).toEqual([]);
    // The key figures' names are whole, not cut with an ellipsis.
    const cut = await page.locator('.rt-figure-name').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
    expect(cut).toEqual([]);
    expect(problems).toEqual([]);
    await Promise.all([page.close(), desk.close()]);
  });
});
