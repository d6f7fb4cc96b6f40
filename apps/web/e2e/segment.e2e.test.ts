import { endpointUrl, importsContract, segmentContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
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

/** The surveyor's sheet: rings 601–612, ring 607 not surveyed, ring 610 62 mm right (warning), ring 611 118 mm below (alarm). */
const FIRST = 601;
const LAST = 612;
const SKIPPED = 607;
const rows = Array.from({ length: LAST - FIRST + 1 }, (_, i) => FIRST + i)
  .filter((r) => r !== SKIPPED)
  .map((r) => ({
    ringNo: r,
    horizontal: r === 610 ? 62 : 4 + (r % 5),
    elevation: r === 611 ? -118 : -3 - (r % 3),
    segmentType: 'Universal',
    ringWidth: 1500,
    kPosition: `K${(r % 16) + 1}`,
  }));

/** No table loading and no pop-up still moving, so a screenshot shows the screen as a user reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, [class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0);
}

/**
 * The stmseg template as the server gives it (in English), filled in as a surveyor would: its note
 * and header rows kept, the example row and those under it replaced by the survey's rows.
 */
async function filledTemplate(origin: string, token: string): Promise<Buffer> {
  const response = await fetch(`${origin}${endpointUrl(importsContract.templateStmseg)}`, { headers: { authorization: token, lang: 'en_US' } });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  // Row 1 is the note with the rules, row 2 the header (a required column ends with " *").
  const header = ((sheet.getRow(2).values as unknown[]) ?? []).map((v) => String(v ?? '').replace(/ \*$/, ''));
  const column = (key: string) => header.indexOf(text(`imports.column.${key}`));
  for (const key of ['ringNo', 'horizontalDeviation', 'elevationDeviation', 'segmentType', 'ringWidth', 'kPosition']) expect(column(key), key).toBeGreaterThan(0);
  rows.forEach((row, i) => {
    const target = sheet.getRow(3 + i);
    target.getCell(column('ringNo')).value = row.ringNo;
    target.getCell(column('horizontalDeviation')).value = row.horizontal;
    target.getCell(column('elevationDeviation')).value = row.elevation;
    target.getCell(column('segmentType')).value = row.segmentType;
    target.getCell(column('ringWidth')).value = row.ringWidth;
    target.getCell(column('kPosition')).value = row.kPosition;
    for (let c = 1; c < header.length; c += 1) if (![column('ringNo'), column('horizontalDeviation'), column('elevationDeviation'), column('segmentType'), column('ringWidth'), column('kPosition')].includes(c)) target.getCell(c).value = null;
    target.commit();
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('segments in Chromium: a surveyor imports a sheet, corrects a ring, reads the statistics with their tolerance colours and exports', () => {
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '0', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('imports rings 601–612, lists the missing ring, corrects ring 610 by hand, sees the bands in the statistics, exports, and the ring report shows the K position', { timeout: 240_000 }, async () => {
    const db = server.test.db.kysely;
    const milan = await db.selectFrom('runs').select('id').where('project_name', '=', MILAN).executeTakeFirstOrThrow();
    // The rings the sheet covers were built: the ring report has them to show.
    const end = Date.now() - 24 * HOUR;
    await db
      .insertInto('rings')
      .values(
        Array.from({ length: LAST - FIRST + 1 }, (_, i) => {
          const ringNo = FIRST + i;
          const ringEnd = end + i * HOUR;
          return {
            run_id: milan.id,
            ring_no: ringNo,
            start_ts: ringEnd - HOUR,
            end_ts: ringEnd,
            advance_ms: 40 * 60_000,
            ring_build_ms: 20 * 60_000,
            waiting_ms: 0,
            frames: 0,
            start_chainage: 4219.833 + 1.5 * (ringNo - 1),
            end_chainage: 4219.833 + 1.5 * ringNo,
            thrust_avg: null,
            thrust_max: null,
            torque_avg: null,
            torque_max: null,
            speed_avg: null,
            speed_max: null,
            penetration_avg: null,
            face_pressure_avg: null,
            grout_volume: null,
            grout_pressure_avg: null,
            foam_volume: null,
            bentonite_volume: null,
            head_horizontal: null,
            head_vertical: null,
            tail_horizontal: null,
            tail_vertical: null,
            tail_gap_top: null,
            tail_gap_bottom: null,
            tail_gap_left: null,
            tail_gap_right: null,
          };
        }),
      )
      .execute();

    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    const token = await tokenOf(page);

    // The Segment menu leads to the attitude page.
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.segment') }).click();
    await page.waitForURL(/\/fw1\/segment\/segmentPose$/);
    await page.getByTestId('pose-table').waitFor();

    // Import: the range first, then the filled template.
    await page.getByTestId('pose-table-import').click();
    await page.getByTestId('import-ring-start').fill(String(FIRST));
    await page.getByTestId('import-ring-end').fill(String(LAST));
    await page.getByRole('button', { name: text('segmentWeb.import.next') }).click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('import-file') });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'survey-601-612.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await filledTemplate(server.origin, token),
    });
    const done = page.locator('.ant-modal', { hasText: `${rows.length} rows imported` });
    await done.waitFor({ timeout: 30_000 });
    await done.getByRole('button', { name: text('ui.import.close') }).last().click();
    expect(await page.getByTestId('import-missing').innerText()).toBe(String(SKIPPED));

    // The warning and the alarm rings say their band in words beside the colour.
    const ring = (no: number) => page.getByTestId('pose-table').locator('tbody tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${no}$`) }) });
    await ring(610).waitFor();
    expect(await ring(610).getByTestId('band').innerText()).toBe(text('segmentWeb.band.warning'));
    expect(await ring(611).getByTestId('band').innerText()).toBe(text('segmentWeb.band.alarm'));
    expect(await ring(611).getByTestId('band').getAttribute('class')).toContain('ant-tag-red');

    // Importing the same sheet again asks replace or skip, naming the rings already stored.
    await page.getByTestId('pose-table-import').click();
    await page.getByTestId('import-ring-start').fill(String(FIRST));
    await page.getByTestId('import-ring-end').fill(String(LAST));
    await page.getByRole('button', { name: text('segmentWeb.import.next') }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'survey-again.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await filledTemplate(server.origin, token) });
    expect(await page.getByTestId('import-duplicates').innerText()).toContain(`${FIRST}–${SKIPPED - 1}, ${SKIPPED + 1}–${LAST}`);
    await page.getByTestId('import-skip').click();
    const skipped = page.locator('.ant-modal', { hasText: '0 rows imported' });
    await skipped.waitFor({ timeout: 30_000 });
    await skipped.getByRole('button', { name: text('ui.import.close') }).last().click();

    // Ring 610 corrected by hand: 62 mm right was 26 mm; it is within tolerance now.
    await ring(610).getByTestId('record-edit').click();
    const edit = page.getByTestId('pose-dialog');
    await edit.getByTestId('pose-horizontal').fill('26');
    await edit.getByRole('button', { name: text('ui.dialog.save') }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => ring(610).getByTestId('band').innerText()).toBe(text('segmentWeb.band.ok'));
    const stored = await apiCall(server.origin, token, segmentContract.segmentList, { runId: milan.id, ringStart: 610, ringEnd: 610, page: 1, pageSize: 10 });
    expect(stored.records[0]).toMatchObject({ horizontalDeviation: 26, state: 'confirmed', kPosition: 'K3' });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/segment-pose.png`, fullPage: true });

    // The tail gap of ring 612, typed by hand: tight on the left. The advisor ranks the K positions for ring 613.
    await page.getByTestId('seg-tab-tail').click();
    await page.waitForURL(/\/fw1\/segment\/tailSpace/);
    await page.getByTestId('gap-table-add').click();
    const gapDialog = page.getByTestId('gap-dialog');
    await gapDialog.getByTestId('gap-ring').fill(String(LAST));
    await gapDialog.getByTestId('gap-up').fill('31');
    await gapDialog.getByTestId('gap-down').fill('29');
    await gapDialog.getByTestId('gap-left').fill('14');
    await gapDialog.getByTestId('gap-right').fill('46');
    await gapDialog.getByRole('button', { name: text('ui.dialog.save') }).click();
    await gapDialog.waitFor({ state: 'hidden' });
    const gapRow = page.getByTestId('gap-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => gapRow.getByTestId('band').innerText()).toBe(text('segmentWeb.band.alarm'));
    await expect.poll(() => page.getByTestId('advisor-option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await page.getByTestId('advisor').innerText()).toContain(`${LAST + 1}`);
    expect(await page.getByTestId('advisor-disclaimer').innerText()).toContain(text('segmentWeb.advisor.disclaimer'));
    await page.getByTestId('clearance-chart').locator('canvas').waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/segment-tail.png`, fullPage: true });

    // The statistics of the range: one ring in alarm, ring 607 listed as missing, the share within tolerance.
    await page.goto(`${server.base}/fw1/statistic/segment?ringStart=${FIRST}&ringEnd=${LAST}`);
    await page.getByTestId('within-all').waitFor();
    expect(await page.getByTestId('stat-missing-rings').innerText()).toBe(String(SKIPPED));
    expect(await page.getByTestId('bands-alarm').innerText()).toContain('1');
    expect(await page.getByTestId('within-all').innerText()).toContain('91%');
    const alarmRow = page.getByTestId('seg-stat-rings').locator('tbody tr.ant-table-row', { hasText: '611' });
    expect(await alarmRow.getByTestId('band').innerText()).toBe(text('segmentWeb.band.alarm'));
    expect(await page.getByTestId('stat-nav').getByRole('tab', { selected: true }).innerText()).toBe(text('segmentWeb.nav.statSegment'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/segment-statistics.png`, fullPage: true });

    // Export: the workbook holds the range's rings.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('seg-stat-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((r) => cells.push((r.values as unknown[]).map((v) => String(v ?? '')).join(' | ')));
    expect(cells.some((c) => c.includes('611') && c.includes('-118'))).toBe(true);

    // The ring report of ring 610 shows its K position.
    await page.goto(`${server.base}/fw1/report/ring?ring=610`);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('K3');

    expect(problems).toEqual([]);
  });
});
