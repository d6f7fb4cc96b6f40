import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => {
  const found = en[key];
  if (found === undefined) throw new Error(`no message ${key}`);
  return found;
};
const MILAN = 'Metro M4 Lot 3 – San Babila';

/** A local date of Milan `days` before today. */
function romeDate(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now() - daysAgo * 86_400_000);
}

/** Days of the week (Monday first) or month holding `date` that have begun by today in Milan. */
function daysBegun(unit: 'week' | 'month', date: string): number {
  const day = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  const at = day(date);
  const first = unit === 'week' ? at - ((new Date(at).getUTCDay() + 6) % 7) * 86_400_000 : Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth(), 1);
  const next = unit === 'week' ? first + 7 * 86_400_000 : Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth() + 1, 1);
  const today = day(romeDate(0));
  return Math.round((Math.min(next - 86_400_000, today) - first) / 86_400_000) + 1;
}

/** The success toast of a save, once it shows (it replaces any message before it). */
async function saved(page: Page): Promise<void> {
  const toast = page.locator('.bl-toast-success');
  await toast.waitFor();
  expect(await toast.innerText()).toContain(text('common.outcome.editSuccess'));
}

/** Clicks the page's export and answers where the workbook was saved. */
async function download(page: Page): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = join(mkdtempSync(join(tmpdir(), 'report-')), file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

/** Every cell of every sheet, as shown. */
async function cellsOf(path: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book.worksheets.flatMap((sheet) => {
    const values: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => values.push(String(cell.text))));
    return values;
  });
}

/** Pages of a PDF (each page object has `/Type /Page`; the tree's root has `/Type /Pages`). */
const pdfPages = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

/** Where daily report 2's shift table runs out of its section or into the stop reasons (none when laid out right). */
async function day2Overlaps(page: Page): Promise<string[]> {
  const layout = page.getByTestId('day2-layout');
  const table = await layout.getByTestId('shift-table').locator('table').boundingBox();
  const section = await layout.locator('.report-section', { has: page.getByTestId('shift-table') }).boundingBox();
  // The stop reasons: their list, or the line saying there were none.
  const stops = await layout.locator('.report-section', { has: page.getByText(text('report.periodPage.topStopReasons')) }).locator('.report-stops, .report-muted').boundingBox();
  if (!table || !section || !stops) return ['missing box'];
  const problems: string[] = [];
  if (table.x + table.width > section.x + section.width + 1) problems.push(`shift table ${table.x + table.width} past its section ${section.x + section.width}`);
  const apart = table.x + table.width <= stops.x || stops.x + stops.width <= table.x || table.y + table.height <= stops.y || stops.y + stops.height <= table.y;
  if (!apart) problems.push('shift table overlaps the stop reasons');
  return problems;
}

describe('reports in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    // Three days of simulated history: ended shifts with machine states, and full days for the period reports.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '3' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  /** Signed in, Milan entered once the background history has reached it. */
  async function inMilan(): Promise<Page> {
    const { page, problems: seen } = await newPage(browser);
    problems.push(...seen);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    const list = new ProjectList(page);
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/fw0/stsRun/list`);
          const rows = await list.read();
          return rows.length === 4 && rows.every((r) => (r.ring ?? 0) > 0);
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    await list.enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    return page;
  }

  it('fills in a shift report, generates it from the machine data with the overwrite confirmation, explains a stop, and finds an old shift closed', async () => {
    const page = await inMilan();
    const shell = new Shell(page);
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.reports') }).click();
    // The page opens on the latest shift that has ended.
    await page.waitForURL(/\/fw1\/report\/turn_over\?date=\d{4}-\d\d-\d\d&shift=\d$/);
    // Ended shifts get their report from the scheduler within minutes; one it has not reached yet is started by hand.
    await page.getByTestId('shift-main-form').or(page.getByTestId('shift-no-report')).waitFor();
    if (await page.getByTestId('shift-no-report').isVisible()) await page.getByRole('button', { name: text('report.shiftPage.start') }).click();
    await page.getByTestId('shift-main-form').waitFor();
    expect(await page.getByTestId('shift-editable-until').innerText()).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);

    const form = page.getByTestId('shift-main-form');
    await form.getByLabel(text('report.shiftPage.main.leader')).fill('Luca Ferri');
    await form.getByLabel(text('report.shiftPage.main.headcount')).fill('11');
    await form.getByLabel(text('report.shiftPage.main.remark')).fill('Cutter inspection at ring end');
    await form.getByLabel(text('report.shiftPage.main.leader')).press('Enter');
    await saved(page);

    const generate = page.getByRole('button', { name: text('report.shiftPage.generate') });
    const records = page.getByTestId('shift-records');
    const overwrite = page.getByRole('dialog').filter({ has: page.getByTestId('overwrite-confirm') });
    // Once: the records come from the machine (the shift may already have some from the scheduler or the demo).
    await generate.click();
    const first = await Promise.race([
      overwrite.waitFor().then(() => 'asked' as const),
      // The generation's own message: the main part's "Saved successfully" may still be showing.
      page.locator('.bl-toast-success', { hasText: text('report.shift.generated') }).waitFor().then(() => 'done' as const),
    ]);
    if (first === 'asked') {
      await overwrite.getByRole('button', { name: text('report.shiftPage.overwrite') }).click();
      // The dialog closes once the records are written (the scheduler's may already show meanwhile).
      await overwrite.waitFor({ state: 'hidden', timeout: 60_000 });
    }
    await records.getByText(text('project.dic.workProcess.advance')).first().waitFor();
    // Twice: now records exist, so the overwrite warning comes first.
    await generate.click();
    await overwrite.waitFor();
    expect(await overwrite.innerText()).toContain(text('report.shift.overwriteConfirm'));
    await overwrite.getByRole('button', { name: text('report.shiftPage.overwrite') }).click();
    await overwrite.waitFor({ state: 'hidden' });

    // Advance and ring building are the machine's: locked, no delete.
    const lockedRows = records.locator('tbody tr').filter({ hasText: text('project.dic.workProcess.ringBuild') });
    expect(await lockedRows.count()).toBeGreaterThan(0);
    expect(await lockedRows.first().getByRole('button', { name: text('report.shiftPage.records.delete') }).count()).toBe(0);

    // Generated stops come without a reason; saving asks for one, then takes it.
    const unexplained = page.getByTestId('shift-unexplained');
    await unexplained.waitFor();
    await page.getByRole('button', { name: text('report.shiftPage.records.save') }).click();
    await page.getByTestId('shift-record-problems').waitFor();
    while (await records.getByText(text('report.shiftPage.records.reasonMissing')).count()) {
      const row = records.locator('tbody tr').filter({ hasText: text('report.shiftPage.records.reasonMissing') }).first();
      await row.getByRole('combobox').last().click();
      await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text('project.dic.stopReason.segmentSupply')}"]`).last().click();
    }
    await page.getByRole('button', { name: text('report.shiftPage.records.save') }).click();
    await saved(page);
    await unexplained.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('shift-time-bar').locator('[aria-label]').count()).toBeGreaterThan(2);
    expect(await page.getByTestId('shift-stat-lines').innerText()).toContain(text('project.dic.workProcess.advance'));
    await page.screenshot({ path: '.test-results/report-shift.png', fullPage: true });

    // The shift report as a workbook: the leader typed above and the records' names come back.
    const shiftCells = await cellsOf(await download(page));
    expect(shiftCells).toContain('Luca Ferri');
    expect(shiftCells).toContain(text('project.dic.workProcess.ringBuild'));

    // After a reload the report is as it was saved.
    await page.reload();
    expect(await page.getByTestId('shift-main-form').getByLabel(text('report.shiftPage.main.leader')).inputValue()).toBe('Luca Ferri');

    // Three days back the edit window (24 h after the shift) has closed: read only, with the spec's message.
    await page.goto(`${server.base}/fw1/report/turn_over?date=${romeDate(3)}&shift=1`);
    await page.getByTestId('shift-expired').waitFor();
    expect(await page.getByTestId('shift-expired').innerText()).toContain(text('report.shift.editExpired'));
    expect(await page.getByRole('button', { name: text('report.shiftPage.generate') }).count()).toBe(0);
    await page.screenshot({ path: '.test-results/report-shift-closed.png' });
  });

  it('opens the daily, weekly and monthly reports of the demo project, exports the daily report to Excel and prints daily 2 on one A4 page', async () => {
    const page = await inMilan();
    const yesterday = romeDate(1);

    await page.goto(`${server.base}/fw1/report/day?date=${yesterday}`);
    await page.getByTestId('key-figures').waitFor();
    const rings = await page.getByTestId('figure-rings').innerText();
    expect(Number(/\d+/.exec(rings)?.[0] ?? 0)).toBeGreaterThan(0);
    expect(await page.getByTestId('section-shifts').locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('section-stops').innerText()).toMatch(/\d+:\d\d/);
    await page.screenshot({ path: '.test-results/report-day.png', fullPage: true });

    // Export: the workbook comes down and says what the page says.
    const cells = await cellsOf(await download(page));
    expect(cells.some((c) => c.includes(MILAN))).toBe(true);
    expect(cells).toContain(text('report.column.ringNo'));
    const [y, m, d] = yesterday.split('-');
    expect(cells.some((c) => c.includes(`${d}/${m}/${y}`))).toBe(true);

    for (const unit of ['week', 'month'] as const) {
      await page.getByTestId('report-nav').getByRole('tab', { name: text(`report.nav.${unit}`) }).click();
      await page.waitForURL(new RegExp(`/fw1/report/${unit}`));
      await page.getByTestId('period-report').waitFor();
      // The period holding yesterday: one row per day that has begun.
      await page.goto(`${server.base}/fw1/report/${unit}?date=${yesterday}`);
      await page.getByTestId('section-days').waitFor();
      await expect.poll(() => page.getByTestId('section-days').locator('tbody tr').count()).toBe(daysBegun(unit, yesterday));
      expect(Number(/\d+/.exec(await page.getByTestId('figure-rings').innerText())?.[0] ?? 0)).toBeGreaterThan(0);
      await page.screenshot({ path: `.test-results/report-${unit}.png`, fullPage: true });
    }

    // Daily 2 is the one-page summary for the client: printed to PDF, it is one A4 page.
    await page.goto(`${server.base}/fw1/report/day2?date=${yesterday}`);
    await page.getByTestId('day2-layout').waitFor();
    await page.getByTestId('day2-layout').getByTestId('shift-table').locator('tbody tr').first().waitFor();
    await page.screenshot({ path: '.test-results/report-day2.png', fullPage: true });
    expect(await day2Overlaps(page)).toEqual([]);
    expect(await page.getByTestId('day2-ring-head').first().innerText()).toContain(text('report.column.end'));
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: '.test-results/report-day2-print.png', fullPage: true });
    expect(await day2Overlaps(page)).toEqual([]);
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    expect(pdfPages(pdf)).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    expect(problems).toEqual([]);
  });
});
