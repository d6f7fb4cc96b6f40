import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';
const pad = (n: number) => String(n).padStart(2, '0');

/** Rings 1 to `last` of the Milan drive, ten a day from 5 January 2026, as a site office keeps them. */
async function historySheet(last: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rings');
  sheet.addRow(['Ring number', 'Start time', 'End time', 'Start chainage', 'End chainage', 'Advance (min)', 'Ring building (min)']);
  for (let ring = 1; ring <= last; ring += 1) {
    const start = new Date(Date.UTC(2026, 0, 5) + (ring - 1) * 144 * 60_000);
    const end = new Date(start.getTime() + 120 * 60_000);
    const at = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    sheet.addRow([ring, at(start), at(end), 4219.833 - 1.5 * 411 + 1.5 * (ring - 1), 4219.833 - 1.5 * 411 + 1.5 * ring, 80, 35]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('ring history in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The Milan drive's recording began at ring 412 a day ago: rings 1 to 411 were built before the console.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '1', DEMO_FRAMES_HOURS: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('imports the rings built before the console from the page of the run: the missing rings are complete', async () => {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('ringHistory.menu') }).click();
    await page.waitForURL(/\/fw1\/ringHistory$/);
    expect(await page.getByTestId('missing-rings').innerText({ timeout: 45_000 })).toContain('Rings 1 to 411 were built before recording began');

    await page.getByRole('button', { name: text('ringHistory.page.import') }).click();
    const dialog = page.getByRole('dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: text('ui.import.template') }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'milan-history.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await historySheet(411),
    });
    await dialog.getByText('411 rows imported').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: text('ui.import.close') }).last().click();

    await expect.poll(() => page.getByTestId('missing-rings').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('imported-count').innerText()).toContain('411');
    const firstRow = page.getByTestId('imported-rings').locator('tbody tr.ant-table-row').first();
    expect(await firstRow.innerText()).toContain('05/01/2026 00:00');
    await page.screenshot({ path: '.test-results/ringHistory.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
