import { endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
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

describe('connecting a machine in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('issues a key on the connection page, a gateway sends with it, and a refused batch shows up with its reason', async () => {
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
    await page.getByTestId('side-menu').getByRole('link', { name: text('connection.menu') }).click();
    await page.waitForURL(/\/fw1\/connection$/);
    const url = await page.getByTestId('connection-http-url').inputValue();
    expect(url).toBe(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`);

    await page.getByTestId('connection-rotate').click();
    await page.getByRole('dialog').getByRole('button', { name: text('connection.key.issue') }).click();
    const key = await page.getByTestId('connection-key-value').inputValue();
    expect(key).toMatch(/^bk[\w-]{43}$/);
    await page.getByTestId('connection-new-key').getByRole('button', { name: new RegExp(text('connection.copy')) }).first().click();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('connection-example-curl').inputValue()).toContain(`Authorization: ${key}`);

    // The gateway: one batch with the key, one that is no batch.
    const send = (body: object) => fetch(url, { method: 'POST', headers: { authorization: key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await send({ frames: [{ ts: Date.now(), values: { [KEY_TAGS.cutterSpeed]: 1.5 } }] })).status).toBe(200);
    expect((await send({ frames: [{ ts: 'now', values: {} }] })).status).toBe(400);

    // The page refreshes itself: the refusal appears with its reason.
    const refusals = page.getByTestId('connection-refusals');
    await expect.poll(() => refusals.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
    expect(await refusals.locator('tbody tr.ant-table-row').first().innerText()).toContain(text('connection.reason.badPayload'));
    expect(await page.getByTestId('connection-key-state').innerText()).toMatch(/^A key is issued \(since \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d\)\.$/);
    await page.screenshot({ path: '.test-results/connection.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
