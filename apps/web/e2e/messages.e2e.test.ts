import { mkdirSync } from 'node:fs';
import { messagesContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** No table loading and no pop-up still moving, so a screenshot shows the screen as a user reads it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, [class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0);
}

describe('messages in Chromium', () => {
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The demo projects with their first messages for the administrator; no machine history or simulator.
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '0', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false' }), launchBrowser()]);
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
    return { page, problems };
  }

  it('counts a message sent while the page is open without a reload, lists it, and reads all down to 0', { timeout: 120_000 }, async () => {
    const { page, problems } = await signIn();
    const bell = new MessageBell(page);
    const token = await tokenOf(page);
    const before = await apiCall(server.origin, token, messagesContract.countPersonal, {});
    expect(before.total).toBeGreaterThan(0);
    await expect.poll(() => bell.count(), { timeout: 15_000 }).toBe(before.total);

    // The server sends a stock warning to the administrator, as the stock module will.
    const admin = await server.test.db.kysely.selectFrom('users').select('id').where('email', '=', E2E_ADMIN.email).executeTakeFirstOrThrow();
    const milan = await server.test.db.kysely.selectFrom('runs').select('id').where('project_name', '=', MILAN).executeTakeFirstOrThrow();
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const sent = await server.messageCentre.send({
      type: 'stockWarning',
      runId: milan.id,
      userIds: [admin.id],
      key: 'messages.template.stockBelowLine',
      params: { part: 'Disc cutter 17"', code: 'DC-17', stock: 3, line: 4 },
      object: { kind: 'stockPart', id: 17 },
    });
    expect(sent.recipients).toEqual([admin.id]);
    await expect.poll(() => bell.count(), { timeout: 10_000 }).toBe(before.total + 1);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(await bell.button.getAttribute('aria-label')).toBe(text('messages.web.bell.label').replace('{{count}}', String(before.total + 1)));

    // The panel shows it among the newest (by the time it is about), in the reader's language.
    const warning = 'Stock of Disc cutter 17" (DC-17) is down to 3, at or below its warning line of 4';
    await bell.open();
    expect(await bell.titles()).toContain(warning);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/msgweb-bell.png` });
    await page.keyboard.press('Escape');
    await bell.panel.waitFor({ state: 'hidden' });

    // The full list, from the bell.
    await bell.open();
    await bell.panel.getByTestId('bell-view-all').click();
    await page.waitForURL(/\/fw1\/stm_smtce_message$/);
    const table = page.getByTestId('message-table');
    await table.getByText(warning).waitFor();
    expect(await table.getByTestId('unread-mark').count()).toBe(Math.min(20, before.total + 1));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/msgweb-list.png` });

    // The project's maintenance and alarm messages, after entering the project.
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    await page.goto(`${server.base}/fw1/stm_smtce_message/alarm`);
    await page.getByTestId('run-stats').waitFor();
    await page.getByTestId('run-message-table').locator('tbody tr.ant-table-row').first().waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/msgweb-run-alarms.png` });

    // Read all, after the question: the badge goes to 0 without a reload.
    await page.getByTestId('messages-nav').getByTestId('tab-all').click();
    await page.waitForURL(/\/fw1\/stm_smtce_message$/);
    await page.getByTestId('read-all').click();
    const dialog = page.locator('.ant-modal:visible');
    // The demo machines may add a message meanwhile: the question names the unread count of that moment, at least ours.
    const question = text('messages.web.confirm.readAll').split('{{count}}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(question.join('(\\d+)'));
    const asked = dialog.getByText(pattern);
    await asked.waitFor();
    const asking = Number(pattern.exec((await asked.textContent()) ?? '')?.[1]);
    expect(asking).toBeGreaterThanOrEqual(before.total + 1);
    await dialog.getByRole('button', { name: text('messages.web.action.readAll') }).click();
    await expect.poll(() => bell.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => table.getByTestId('unread-mark').count(), { timeout: 10_000 }).toBe(0);
    expect((await apiCall(server.origin, token, messagesContract.countPersonal, {})).total).toBe(0);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/msgweb-list-read.png` });

    expect(problems).toEqual([]);
    await page.close();
  });
});
