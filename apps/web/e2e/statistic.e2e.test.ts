import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string, params: Record<string, string | number> = {}) => {
  const found = en[key];
  if (found === undefined) throw new Error(`no message ${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
};
const MILAN = 'Metro M4 Lot 3 – San Babila';

/**
 * Coloured pixels of a chart's canvas: a chart that drew its series has thousands, an empty or
 * half-loaded one a few hundred (axes and labels are grey and thin).
 */
async function colouredPixels(chart: Locator): Promise<number> {
  const canvas = chart.locator('canvas').first();
  await canvas.waitFor();
  // ECharts draws on the next frames after the option arrives.
  await chart.page().waitForTimeout(400);
  return canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!data) return 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 40) n += 1;
    }
    return n;
  });
}

/** Clicks an export button and answers where the workbook was saved. */
async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = join(mkdtempSync(join(tmpdir(), 'statistic-')), file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

/** Every cell of a sheet, as shown. */
function cellsOf(sheet: ExcelJS.Worksheet | undefined): string[] {
  const values: string[] = [];
  sheet?.eachRow((row) => row.eachCell((cell) => values.push(String(cell.text))));
  return values;
}

describe('statistics in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  /** Statistic calls the pages sent, by path. */
  const calls: string[] = [];

  beforeAll(async () => {
    // Five days of simulated history (sampled ring statistics, more rings than a table page), six
    // hours of every frame, and the ring statistics job every 2 s so the rings of those hours have
    // theirs from their frames.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '5', DEMO_FRAMES_HOURS: '6', RING_STATS_INTERVAL_SECONDS: '2' }), launchBrowser()]);
    const opened = await newPage(browser, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = opened.page;
    problems.push(...opened.problems);
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/statistic/')) calls.push(path);
    });
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(/\/fw0\//);
    const list = new ProjectList(page);
    // The demo history fills in the background: wait until Milan has rings.
    for (let attempt = 0; ; attempt += 1) {
      await page.goto(`${server.base}/fw0/stsRun/list`);
      const rows = await list.read();
      if ((rows.find((r) => r.projectName === MILAN)?.ring ?? 0) > 0) break;
      if (attempt > 60) throw new Error('the demo history did not fill');
      await page.waitForTimeout(2000);
    }
    await list.enter(MILAN);
    await page.waitForURL(/\/fw1\//);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('shows progress against plan with the forecast, as a chart and a table', async () => {
    await page.goto(`${server.base}/fw1/statistic/process`);
    const figures = page.getByTestId('progress-figures');
    await figures.waitFor();
    expect(await page.getByTestId('progress-built').innerText()).toMatch(/\d+ \/ [\d,]+/);
    expect(await page.getByTestId('progress-forecast').innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await colouredPixels(page.getByTestId('progress-chart'))).toBeGreaterThan(2000);
    // 30 days by default, one row each; yesterday built rings.
    const rows = page.getByTestId('progress-table').locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(30);
    expect(await rows.nth(28).locator('td').nth(1).innerText()).toMatch(/^[1-9]\d*$/);
  });

  it('splits the time of each ring, lists the slowest with their stop reasons, and refuses a 201-ring range in the form', async () => {
    await page.goto(`${server.base}/fw1/statistic/process/efficiency`);
    await page.getByTestId('efficiency-figures').waitFor();
    expect(await colouredPixels(page.getByTestId('efficiency-chart'))).toBeGreaterThan(2000);
    expect(await colouredPixels(page.getByTestId('efficiency-days-chart'))).toBeGreaterThan(500);
    const slow = page.getByTestId('slow-ring-table').locator('tbody tr.ant-table-row');
    expect(await slow.count()).toBe(10);
    expect(await page.getByTestId('slow-ring-reasons').first().innerText()).not.toBe('');

    const end = Number(await page.getByTestId('ring-end').inputValue());
    const sent = calls.length;
    await page.getByTestId('ring-start').fill(String(end - 200));
    await page.getByTestId('ring-start').press('Enter');
    await page.getByText(text('statistic.range.tooManyRings', { max: 200 })).waitFor();
    expect(calls.slice(sent).filter((p) => p.includes('effGraph'))).toEqual([]);
    await page.getByTestId('ring-start').fill(String(end + 1));
    await page.getByTestId('ring-start').press('Enter');
    await page.getByText(text('statistic.range.ringStartAboveEnd')).waitFor();
    expect(calls.slice(sent).filter((p) => p.includes('effGraph'))).toEqual([]);
  });

  it("draws one ring's curves with its machine states, and exports its frames", async () => {
    await page.goto(`${server.base}/fw1/statistic/singleRing`);
    const chart = page.getByTestId('single-ring-chart');
    expect(await colouredPixels(chart)).toBeGreaterThan(5000);
    expect(await page.getByTestId('curves-states').innerText()).toContain(text('telemetry.state.advance'));
    const headline = await page.getByTestId('curves-ring-line').innerText();
    const ringNo = Number(/(\d+)/.exec(headline)?.[1]);

    const book = await workbook(await download(page, 'curves-export'));
    expect(book.worksheets).toHaveLength(1);
    const cells = cellsOf(book.worksheets[0]);
    expect(cells.join(' ')).toContain(String(ringNo));
    // The tag's translated name with its unit heads its column (the legend shows the same name).
    expect(cells).toContain('Advance speed (mm/min)');
    // Every stored frame of the ring: one row a second, far more than the chart's points.
    expect(book.worksheets[0]?.rowCount ?? 0).toBeGreaterThan(2000);
  });

  it('overlays several rings and refuses an eleventh in the form', async () => {
    await page.goto(`${server.base}/fw1/statistic/multipleRing`);
    expect(await colouredPixels(page.getByTestId('multi-ring-chart'))).toBeGreaterThan(5000);
    const rings = await page.getByTestId('curves-rings').locator('.ant-select-selection-item').count();
    expect(rings).toBeGreaterThan(1);

    // The newest rings are preselected; ring numbers of a drive follow each other.
    const chosen = (await page.getByTestId('curves-rings').locator('.ant-select-selection-item').allInnerTexts()).map((t) => Number(/\d+/.exec(t)?.[0]));
    const newest = Math.max(...chosen);
    const numbers = Array.from({ length: 11 }, (_, i) => newest - 10 + i);
    const sent = calls.length;
    await page.goto(`${server.base}/fw1/statistic/multipleRing?rings=${numbers.join(',')}`);
    await page.getByText(text('statistic.rings.tooMany', { max: 10 })).waitFor();
    expect(calls.slice(sent).filter((p) => p.includes('getRingGraphData'))).toEqual([]);
  });

  it('analyses chosen tags ring by ring, and refuses 51 rings in the table and 10.5 m of chainage', async () => {
    await page.goto(`${server.base}/fw1/statistic/staticAnalysis`);
    expect(await colouredPixels(page.getByTestId('history-chart'))).toBeGreaterThan(5000);

    const end = Number(await page.getByTestId('ring-end').inputValue());
    const sent = calls.length;
    await page.getByTestId('history-view').getByText(text('statistic.history.viewTable')).click();
    await page.getByTestId('ring-start').fill(String(end - 50));
    await page.getByTestId('stat-apply').click();
    await page.getByText(text('statistic.range.tooManyRings', { max: 50 })).waitFor();

    await page.getByTestId('history-by').getByText(text('statistic.history.byChainage')).click();
    await page.getByTestId('chainage-start').fill('4+850.000');
    await page.getByTestId('chainage-end').fill('4+860.500');
    await page.getByTestId('stat-apply').click();
    await page.getByText(text('statistic.range.chainageTooLong', { max: 10 })).waitFor();
    expect(calls.slice(sent).filter((p) => p.includes('getRingStats'))).toEqual([]);

    // Ten metres are allowed: the rings the range passes through, with their min / mean / max.
    await page.getByTestId('chainage-end').fill('4+860.000');
    await page.getByTestId('stat-apply').click();
    const table = page.getByTestId('history-table');
    await table.waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(3);
  });

  it('tabulates ring statistics, pages on the server, and exports every selected ring', async () => {
    await page.goto(`${server.base}/fw1/statistic/staticAnalysis/rings`);
    const table = page.getByTestId('ring-stats-table');
    await table.waitFor();
    const rows = table.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    const overall = await page.getByTestId('ring-stats-overall').innerText();
    expect(overall).toMatch(/\d/);

    const book = await workbook(await download(page, 'ring-stats-export'));
    const sheet = book.worksheets[0];
    const cells = cellsOf(sheet);
    expect(cells).toContain(text('report.column.ringNo'));
    // Every ring of the range (the default is the newest 200, fewer in five days of history), not only the page shown.
    const total = Number(/(\d+)/.exec(await page.locator('.ant-pagination-total-text').innerText())?.[1]);
    expect(total).toBeGreaterThan(50);
    const ringColumn: number[] = [];
    sheet?.eachRow((row) => {
      const first = row.getCell(1).value;
      if (typeof first === 'number') ringColumn.push(first);
    });
    expect(ringColumn).toHaveLength(total);
  });

  it('ran without script errors or blocked resources', () => {
    expect(problems).toEqual([]);
  });
});
