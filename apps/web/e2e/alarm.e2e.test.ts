import { adminContract, alarmContract, endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
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
const THRUST = KEY_TAGS.totalThrust;
/** The machine is on ring 42: ring 41 ended an hour before the frames. */
const RING = 42;
const SHOTS = '/tmp';

/** No table loading and no pop-up still moving, so a screenshot shows the screen as a user reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, [class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0);
}

/** Picks an option of an antd select by typing it (the list is virtual). */
/** Chooses an option of a searchable select by typing it; waits until its list has closed (the next select opens its own). */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect.poll(() => open.count()).toBe(0);
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await open.locator('.ant-select-item-option-active').waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => open.count()).toBe(0);
}

describe('alarms in Chromium: a frame over HTTP raises an alarm live, acknowledged, found by ring, exported', () => {
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    // The demo projects without history or simulator: the only frames are this test's.
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '0', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('shows the new alarm within 3 s without a reload and counts it in the bell; acknowledge; history by ring range; the workbook read back', { timeout: 180_000 }, async () => {
    const db = server.test.db.kysely;
    const admin = await db.selectFrom('users').select('id').where('email', '=', E2E_ADMIN.email).executeTakeFirstOrThrow();
    const milan = await db.selectFrom('runs').select('id').where('project_name', '=', MILAN).executeTakeFirstOrThrow();
    // Super administrators get a run's messages when assigned to it.
    await db.insertInto('user_runs').values({ user_id: admin.id, run_id: milan.id }).execute();
    const now = Date.now();
    await db.insertInto('rings').values(ringRecord(milan.id, RING - 1, now - 3 * 3_600_000, now - 3_600_000, { start_chainage: 2_058, end_chainage: 2_059.5 })).execute();

    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    const token = await tokenOf(page);
    const key = (await apiCall(server.origin, token, telemetryContract.ingestKeyRotate, { runId: milan.id })).key;
    await apiCall(server.origin, token, adminContract.warnSettingUpdate, {
      runId: milan.id,
      tagCode: THRUST,
      enabled: true,
      notify: true,
      lowAlarm: null,
      lowWarn: null,
      highWarn: 30_000,
      highAlarm: 35_000,
      delaySeconds: 0,
    });

    // The alarm menu item leads to the alarm pages; the tabs to the current alarms.
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.alarm') }).click();
    await page.waitForURL(/\/fw1\/alarm\/history_alarm$/);
    await page.getByTestId('alarm-tab-present').click();
    await page.waitForURL(/\/fw1\/alarm\/present_alarm$/);
    await page.getByTestId('alarm-present').waitFor();
    await page.locator('[data-testid="alarm-live"][data-live="true"]').waitFor({ timeout: 15_000 });
    const bell = new MessageBell(page);
    await expect.poll(() => bell.count(), { timeout: 15_000 }).not.toBeNull();
    const unreadBefore = (await bell.count()) ?? 0;
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The gateway posts two frames: the thrust passes its alarm limit.
    const response = await fetch(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({ frames: [{ ts: Date.now() - 2_000, values: { [THRUST]: 21_000 } }, { ts: Date.now() - 1_000, values: { [THRUST]: 36_500 } }] }),
    });
    expect(((await response.json()) as { code: number }).code).toBe(0);
    const row = page.getByTestId('present-table').locator('tbody tr.ant-table-row');
    await row.waitFor({ timeout: 3_000 });
    const [raised] = (await apiCall(server.origin, token, alarmContract.alarmCurrentQuery, { runId: milan.id })).alarms;
    const thrustName = raised?.name ?? 'no alarm';
    expect(raised).toMatchObject({ point: THRUST, level: 'alarm', ringNo: RING, value: 36_500, limit: 35_000 });
    expect(await row.getByTestId('alarm-name').innerText()).toContain(thrustName);
    expect(await row.getByTestId('alarm-level').getAttribute('data-level')).toBe('alarm');
    expect(await row.getByTestId('alarm-state').getAttribute('data-state')).toBe('activeUnacked');
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await expect.poll(() => bell.count(), { timeout: 10_000 }).toBe(unreadBefore + 1);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/alarm-present.png` });

    // Acknowledged with a comment: still active, now acknowledged.
    await row.getByTestId('ack-one').click();
    const ack = page.getByTestId('ack-dialog');
    await ack.getByTestId('ack-comment').fill('Thrust peak on a boulder, cutterhead checked');
    await page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
    await expect.poll(() => row.getByTestId('alarm-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('activeAcked');

    // The history finds it by its ring.
    await page.getByTestId('alarm-tab-history').click();
    await page.getByTestId('alarm-history').waitFor();
    await pick(page, 'filter-ring-start', String(RING));
    await pick(page, 'filter-ring-end', String(RING));
    await page.getByRole('button', { name: text('ui.query.search') }).click();
    await page.waitForURL(/ringStart=42/);
    const found = page.getByTestId('history-table').locator('tr', { hasText: thrustName });
    await found.waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/alarm-history.png` });

    // The workbook, read back: the caller's headers and the alarm's row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[])).buffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows.some((r) => r.some((cell) => cell.includes(thrustName)))).toBe(true);
    expect(rows.some((r) => r.includes(String(RING)))).toBe(true);

    // The server agrees: one alarm of the run, acknowledged with the comment.
    const history = await apiCall(server.origin, token, alarmContract.alarmHistoryQuery, { runId: milan.id, ringStart: RING, ringEnd: RING, page: 1, pageSize: 20 });
    expect(history.records.map((a) => [a.point, a.level, a.state, a.ackComment])).toEqual([[THRUST, 'alarm', 'activeAcked', 'Thrust peak on a boulder, cutterhead checked']]);
    expect(problems).toEqual([]);
  });
});
