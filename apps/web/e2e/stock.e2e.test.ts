import { stockContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringRecord } from '../../server/test/factories.js';
import { LoginPage } from './pom/LoginPage.js';
import { MessageBell } from './pom/MessageBell.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';
import { E2E_ADMIN } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';
const SHOTS = '/tmp';
const HOUR = 3_600_000;

/** Two parts new to the run: cutters with a warning line of 5, grease without one. */
const CUTTER = { code: 'E2E-CUT-17', name: 'E2E disc cutter 17 inch', unit: 'pcs', warningLine: '5', delivered: '10', issued: '6' };
const GREASE = { code: 'E2E-GRS-EP2', name: 'E2E tail-seal grease EP2', unit: 'kg', warningLine: '0', delivered: '50' };
const CREW = { handler: 'Anna Ferri', recipient: 'Luca Verdi', issuer: 'Giulia Rossi' };
/** Rings built in the last days, so consumption has work to be normalised by. */
const RINGS = 8;

/** No table loading and no pop-up still moving, so a screenshot shows the screen as a user reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, [class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0);
}

/** Chooses the option of an antd select by typing its words and picking the match. */
async function choose(page: Page, select: Locator, words: string): Promise<void> {
  await select.click();
  await page.keyboard.type(words);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: words }).first().click();
}

/** Adds a part from the current stock page's "add part" dialog. */
async function addPart(page: Page, part: { code: string; name: string; unit: string; warningLine: string }): Promise<void> {
  await page.getByTestId('part-add').click();
  const dialog = page.getByTestId('part-dialog');
  await dialog.getByTestId('part-code').waitFor();
  await dialog.getByTestId('part-code').fill(part.code);
  await dialog.getByTestId('part-name').fill(part.name);
  // Tab leaves a suggesting field with its dropdown closed (Escape would ask to close the dialog).
  await dialog.getByLabel(text('stockWeb.field.unit')).fill(part.unit);
  await page.keyboard.press('Tab');
  await dialog.getByLabel(text('stockWeb.field.warningLine')).fill(part.warningLine);
  await dialog.getByRole('button', { name: text('ui.dialog.save') }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The row of a part (by its number) in a table. */
const rowOf = (page: Page, table: string, code: string) => page.getByTestId(table).locator('tbody tr.ant-table-row', { hasText: code });

describe('spare parts in Chromium: two parts delivered, one issued below its warning line, warned in the bell, red on the stock page, consumption per ring, exported', () => {
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '0', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('a store keeper adds and delivers two parts, issues cutters below their line, is warned and sees it on every stock page', { timeout: 240_000 }, async () => {
    const db = server.test.db.kysely;
    const admin = await db.selectFrom('users').select('id').where('email', '=', E2E_ADMIN.email).executeTakeFirstOrThrow();
    const milan = await db.selectFrom('runs').select('id').where('project_name', '=', MILAN).executeTakeFirstOrThrow();
    // Super administrators get a run's messages (stock warnings among them) when assigned to it.
    await db.insertInto('user_runs').values({ user_id: admin.id, run_id: milan.id }).execute();
    // Rings built over the last day, after the run's last ring: the work the consumption is normalised by.
    const last = await db.selectFrom('rings').select((eb) => eb.fn.max('ring_no').as('ringNo')).where('run_id', '=', milan.id).executeTakeFirst();
    const first = Number(last?.ringNo ?? 1000) + 1;
    const now = Date.now();
    for (let i = 0; i < RINGS; i += 1) {
      const end = now - (RINGS - i) * HOUR;
      await db.insertInto('rings').values(ringRecord(milan.id, first + i, end - 50 * 60_000, end, { start_chainage: 3_000 + i * 1.5, end_chainage: 3_001.5 + i * 1.5 })).execute();
    }

    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    const token = await tokenOf(page);

    // The spare parts menu leads to the current stock; two parts are added to the catalogue.
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.spareParts') }).click();
    await page.waitForURL(/\/fw1\/stock\/stockCurrent$/);
    await page.getByTestId('current-table').waitFor();
    await addPart(page, CUTTER);
    await addPart(page, GREASE);
    await page.getByTestId('filter-keyword').fill('E2E-');
    await page.getByTestId('filter-keyword').press('Enter');
    await rowOf(page, 'current-table', CUTTER.code).waitFor();
    await rowOf(page, 'current-table', GREASE.code).waitFor();

    // Both delivered on one first-delivery sheet.
    await page.getByTestId('stock-tab-in').click();
    await page.waitForURL(/\/fw1\/stock\/in/);
    await page.getByTestId('sheet-add').click();
    const inDialog = page.getByTestId('stock-in-dialog');
    await inDialog.getByTestId('in-line').first().waitFor();
    await inDialog.getByTestId('in-type').getByText(text('stockWeb.type.first')).click();
    await inDialog.getByLabel(text('stockWeb.field.handler')).fill(CREW.handler);
    await page.keyboard.press('Tab');
    await choose(page, inDialog.getByTestId('in-line').nth(0).getByTestId('in-line-part'), CUTTER.code);
    await inDialog.getByLabel('Quantity of line 1').fill(CUTTER.delivered);
    await inDialog.getByTestId('in-line-add').click();
    await choose(page, inDialog.getByTestId('in-line').nth(1).getByTestId('in-line-part'), GREASE.code);
    await inDialog.getByLabel('Quantity of line 2').fill(GREASE.delivered);
    await inDialog.getByRole('button', { name: text('ui.dialog.save') }).click();
    await inDialog.waitFor({ state: 'hidden' });
    const inRow = page.getByTestId('sheet-table').locator('tbody tr.ant-table-row', { hasText: CREW.handler }).first();
    await inRow.waitFor();
    expect(await inRow.innerText()).toContain(text('stockWeb.type.first'));

    // Six cutters issued: four left, at or below the line of five.
    const bell = new MessageBell(page);
    await expect.poll(() => bell.count(), { timeout: 15_000 }).not.toBeNull();
    const unreadBefore = (await bell.count()) ?? 0;
    await page.getByTestId('stock-tab-out').click();
    await page.waitForURL(/\/fw1\/stock\/out/);
    await page.getByTestId('sheet-add').click();
    const outDialog = page.getByTestId('stock-out-dialog');
    await outDialog.getByTestId('out-line').first().waitFor();
    await choose(page, outDialog.getByTestId('out-line').first().getByTestId('out-line-part'), CUTTER.code);
    await outDialog.getByLabel('Quantity of line 1').fill(CUTTER.issued);
    await outDialog.getByLabel(text('stockWeb.field.recipient')).fill(CREW.recipient);
    await page.keyboard.press('Tab');
    await outDialog.getByLabel(text('stockWeb.field.issuer')).fill(CREW.issuer);
    await page.keyboard.press('Tab');
    await outDialog.getByRole('button', { name: text('ui.dialog.save') }).click();
    await outDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('sheet-table').locator('tbody tr.ant-table-row', { hasText: CREW.recipient }).first().waitFor();

    // The warning arrives in the bell without a reload, naming the part.
    await expect.poll(() => bell.count(), { timeout: 15_000 }).toBeGreaterThan(unreadBefore);
    await bell.open();
    const warning = (await bell.titles()).find((title) => title.includes(CUTTER.code));
    expect(warning).toContain(CUTTER.name);
    await page.keyboard.press('Escape');
    await bell.panel.waitFor({ state: 'hidden' });

    // The ledger as the server keeps it: 10 − 6 = 4 cutters, at or below their line of 5; 50 kg of grease.
    const current = await apiCall(server.origin, token, stockContract.currentPage, { runId: milan.id, keyword: 'E2E-', page: 1, pageSize: 20 });
    expect(current.records.find((p) => p.code === CUTTER.code)).toMatchObject({ stock: 4, warningLine: 5, belowLine: true });
    expect(current.records.find((p) => p.code === GREASE.code)).toMatchObject({ stock: 50, belowLine: false });

    // The current stock: the cutters' row is red and says it is below the line; the grease's is not.
    await page.getByTestId('stock-tab-current').click();
    await page.waitForURL(/\/fw1\/stock\/stockCurrent/);
    // Parts below their line come first; the demo store's eighty parts are filtered away by number.
    await page.getByTestId('filter-keyword').fill('E2E-');
    await page.getByTestId('filter-keyword').press('Enter');
    await page.waitForURL(/keyword=E2E-/);
    const cutterRow = rowOf(page, 'current-table', CUTTER.code);
    await cutterRow.waitFor();
    // The list seen before the sheets (no stock then) shows until its refreshed answer arrives.
    await expect.poll(() => cutterRow.getByTestId('current-stock').innerText(), { timeout: 10_000 }).toMatch(/^4/);
    expect(await cutterRow.getAttribute('class')).toContain('stock-row-below');
    expect((await cutterRow.getByTestId('below-line').innerText()).trim()).toBe(text('stockWeb.current.belowLine'));
    expect(await rowOf(page, 'current-table', GREASE.code).getAttribute('class')).not.toContain('stock-row-below');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/stock-current.png`, fullPage: true });


    // Consumption: the cutters' use per ring over the default period, as the server computes it.
    await page.getByTestId('stock-tab-stats').click();
    await page.waitForURL(/\/fw1\/stock\/stats/);
    const usedRow = rowOf(page, 'stats-table', CUTTER.code);
    await usedRow.waitFor();
    const stats = await apiCall(server.origin, token, stockContract.consumptionPage, { runId: milan.id, keyword: CUTTER.code, page: 1, pageSize: 20 });
    const used = stats.records.find((r) => r.code === CUTTER.code);
    expect(used).toMatchObject({ used: 6, sheets: 1 });
    expect(stats.work.rings).toBeGreaterThanOrEqual(RINGS);
    expect(used?.perRing).toBeCloseTo(6 / stats.work.rings, 3);
    expect(await usedRow.getByTestId('per-ring').innerText()).toBe((6 / stats.work.rings).toFixed(3));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/stock-stats.png`, fullPage: true });

    // The export downloads a workbook that names the cutters.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const cells: string[] = [];
    for (const sheet of book.worksheets) sheet.eachRow((r) => cells.push((r.values as unknown[]).map((v) => String(v ?? '')).join(' | ')));
    expect(cells.some((row) => row.includes(CUTTER.code))).toBe(true);

    expect(problems).toEqual([]);
  });
});
