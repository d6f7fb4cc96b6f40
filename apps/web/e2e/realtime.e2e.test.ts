import { mkdirSync } from 'node:fs';
import { findTag, type MachineType, REALTIME_PAGE_KEYS, realtimePagesOf } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage, PHONE } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';
const WUHAN = 'Yangtze river crossing, line 12';
const SHOTS = '/tmp/shots';

interface ValueCell {
  code: string;
  text: string;
  value: number | null;
  alarm: string | null;
}

/** The real-time page as a user reads it: header, diagram values, tabs and the value table. */
class Realtime {
  constructor(private readonly page: Page) {}

  /** Machine time of the newest frame on screen (0 before any). */
  async frameTs(): Promise<number> {
    return Number((await this.page.getByTestId('rta-frame-time').getAttribute('data-ts')) ?? 0);
  }

  async diagramTexts(): Promise<Record<string, string>> {
    return this.page.locator('[data-testid=machine-diagram] [data-tag]').evaluateAll((nodes) =>
      Object.fromEntries(nodes.map((node) => [node.getAttribute('data-tag') ?? '', node.textContent ?? ''])),
    );
  }

  async tabLabels(): Promise<string[]> {
    return (await this.page.locator('[data-testid=rta-tabs] [role=tab]').allInnerTexts()).map((t) => t.trim());
  }

  async cells(): Promise<ValueCell[]> {
    return this.page.locator('[data-testid=tag-row]').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = row.querySelector('[data-testid=tag-value]');
        const raw = cell?.getAttribute('data-value');
        return {
          code: row.getAttribute('data-code') ?? '',
          text: (cell?.textContent ?? '').trim(),
          value: raw === null || raw === undefined ? null : Number(raw),
          alarm: cell?.getAttribute('data-alarm') ?? null,
        };
      }),
    );
  }
}

/** Which cells the data says are out of range, and which the page marked: the two must agree. */
function alarmMismatches(machineType: MachineType, cells: ValueCell[]): string[] {
  return cells.flatMap((cell) => {
    const tag = findTag(machineType, cell.code);
    if (!tag || cell.value === null || tag.kind === 'flag') return cell.alarm === null ? [] : [`${cell.code}: marked without a value`];
    const expected = cell.value > tag.max ? 'high' : cell.value < tag.min ? 'low' : null;
    return expected === cell.alarm ? [] : [`${cell.code}=${cell.value} [${tag.min}, ${tag.max}]: ${cell.alarm ?? 'none'} instead of ${expected ?? 'none'}`];
  });
}

describe('real-time monitoring in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The simulator feeds every demo machine once a second from the start; no history is needed.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function enter(projectName: string): Promise<{ page: Page; problems: string[] }> {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(projectName);
    await page.waitForURL(/\/fw1\/home$/);
    return { page, problems };
  }

  it('shows the Milan TBM live on the overview and every subsystem tab with values', { timeout: 240_000 }, async () => {
    const { page, problems } = await enter(MILAN);
    const shell = new Shell(page);
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.realTime') }).click();
    await page.waitForURL(/\/fw1\/rta$/);
    // The menu folds away again so the page has the width a user has at 1280×720.
    await page.locator('header button').first().click();
    const rta = new Realtime(page);

    await page.locator('[data-testid=machine-diagram] svg').waitFor();
    await expect.poll(async () => (await rta.diagramTexts())['cutterhead.speed'], { timeout: 20_000 }).toMatch(/^-?[\d,]+\.\d\d$/);
    const firstTs = await rta.frameTs();
    const first = await rta.diagramTexts();
    expect(firstTs).toBeGreaterThan(0);
    // New frames arrive once a second over the socket: the frame time moves on without a reload.
    await expect.poll(() => rta.frameTs(), { timeout: 15_000, interval: 500 }).toBeGreaterThanOrEqual(firstTs + 3_000);
    const later = await rta.diagramTexts();
    expect(Object.keys(later).length).toBeGreaterThan(20);
    expect(Object.values(later).filter((v) => v === '--')).toEqual([]);
    // Forty-odd noisy measurements do not all keep their value for three seconds.
    expect(Object.keys(later).filter((code) => later[code] !== first[code]).length).toBeGreaterThan(0);
    expect(await page.getByTestId('rta-live').getAttribute('data-live')).toBe('true');
    expect(await page.getByTestId('stale-alert').count()).toBe(0);
    expect(await page.getByTestId('rta-ring').innerText()).toMatch(/^\d+$/);
    expect(await page.getByTestId('rta-chainage').innerText()).toMatch(/^4\+\d{3}\.\d{3}$/);
    expect(await page.getByTestId('rta-connection').innerText()).toBe(text('realtime.header.connected'));
    expect(await page.locator('[data-testid=machine-diagram] circle[data-marker=head]').getAttribute('transform')).toMatch(/^translate\(-?[\d.]+,-?[\d.]+\)$/);
    expect(await page.getByTestId('key-figure').count()).toBe(5);
    await page.screenshot({ path: `${SHOTS}/rta-overview.png` });

    const pages = realtimePagesOf('epb');
    const labels = await rta.tabLabels();
    expect(labels).toEqual([text('realtime.page.main'), ...pages.map((p) => text(REALTIME_PAGE_KEYS[p]))]);
    expect(pages).toContain('foam');
    expect(pages).not.toContain('slurry');

    // A tab is a sub-path: clicking one changes the address, and the address alone opens the tab.
    await page.getByRole('tab', { name: text(REALTIME_PAGE_KEYS.foam) }).click();
    await page.waitForURL(/\/fw1\/rta\/foam$/);
    for (const name of pages) {
      if (name !== 'foam') await page.goto(`${server.base}/fw1/rta/${name}`);
      await page.getByTestId('tag-table').waitFor();
      await expect.poll(async () => (await rta.cells()).filter((c) => c.text !== '--' && c.text !== '').length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.getByRole('tab', { selected: true }).innerText()).toBe(text(REALTIME_PAGE_KEYS[name]));
      expect(alarmMismatches('epb', await rta.cells()), name).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rta-${name}.png` });
    }

    // The trend: two ticked values draw from the stored history, then grow with the live frames.
    await page.goto(`${server.base}/fw1/rta/hydraulic`);
    await page.getByTestId('tag-table').waitFor();
    const boxes = page.locator('[data-testid=tag-row] input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.locator('[data-testid=trend-chart] canvas').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('trend-legend-item').count()).toBe(2);
    await page.waitForTimeout(2_000);
    await page.screenshot({ path: `${SHOTS}/rta-trend.png` });

    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives the slurry shield its slurry pages and sends an EPB-only page back to the overview', { timeout: 120_000 }, async () => {
    const { page, problems } = await enter(WUHAN);
    await page.goto(`${server.base}/fw1/rta`);
    await page.locator('[data-testid=machine-diagram] svg').waitFor();
    const labels = await new Realtime(page).tabLabels();
    expect(labels).toContain(text(REALTIME_PAGE_KEYS.slurry));
    expect(labels).toContain(text(REALTIME_PAGE_KEYS.slurryCircuit));
    expect(labels).not.toContain(text(REALTIME_PAGE_KEYS.beltConveyor));
    expect(await page.locator('[data-testid=machine-diagram] [data-tag="slurryCircuit.bubblePressure"]').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/rta-overview-slurry.png` });

    await page.goto(`${server.base}/fw1/rta/beltConveyor`);
    await page.waitForURL(/\/fw1\/rta$/);
    await page.getByTestId('overview-tab').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('issues an H5 link from the real-time page that opens the run on a phone once', { timeout: 120_000 }, async () => {
    const { page, problems } = await enter(WUHAN);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await page.goto(`${server.base}/fw1/rta`);
    await page.getByRole('button', { name: text('realtime.h5Link.button') }).click();
    const dialog = page.getByTestId('h5-link-dialog');
    const url = await dialog.getByTestId('h5-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^${server.origin}/client_web/h5/rta/\\d+/h5[\\w-]{40,}$`));
    const expiresAt = Number(await dialog.getByTestId('h5-link-expiry').getAttribute('data-expires-at'));
    expect(expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await dialog.getByRole('button', { name: text('realtime.h5Link.copy') }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.screenshot({ path: `${SHOTS}/rta-h5-link.png` });

    // The host app opens it on a phone: the run's real-time view, once.
    const phone = await newPage(browser, PHONE);
    await phone.page.goto(url);
    await phone.page.getByTestId('h5-realtime').waitFor({ timeout: 20_000 });
    const again = await newPage(browser, PHONE);
    await again.page.goto(url);
    await again.page.getByText(text('realtime.h5.linkInvalid')).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await Promise.all([page.close(), phone.page.close(), again.page.close()]);
  });
});
