import { endpointUrl, KEY_TAGS, projectContract, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';

describe('mapping a machine’s own variable names in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('shows a name the gateway sent that maps to no tag, maps it with its suggestion, and the next frame is stored under the tag', async () => {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);

    // The gateway sends the advance speed under its own name.
    const token = await tokenOf(page);
    const runId = (await apiCall(server.origin, token, projectContract.runQueryProject, {})).find((r) => r.projectName === MILAN)?.runId ?? 0;
    const { key } = await apiCall(server.origin, token, telemetryContract.ingestKeyRotate, { runId });
    const send = (values: Record<string, number>) =>
      fetch(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ frames: [{ ts: Date.now(), values }] }),
      });
    expect((await send({ Vortriebsgeschwindigkeit: 41.5 })).status).toBe(200);

    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('tagMapping.menu') }).click();
    await page.waitForURL(/\/fw1\/tagMapping$/);
    const unmapped = page.getByTestId('unmapped-table');
    const row = unmapped.locator('tr.ant-table-row', { hasText: 'Vortriebsgeschwindigkeit' });
    await row.waitFor();
    expect(await row.innerText()).toContain('41.5');
    // The German name of the advance speed is suggested first; "Map" takes it into the table.
    await row.getByRole('button', { name: /^Map Vortriebsgeschwindigkeit to Advance speed/ }).first().waitFor();
    await row.getByRole('button', { name: 'Map Vortriebsgeschwindigkeit', exact: true }).click();
    const mapped = page.getByTestId('mapping-table').locator('tr.ant-table-row', { has: page.locator('input[value="Vortriebsgeschwindigkeit"]') });
    expect(await mapped.innerText()).toContain(KEY_TAGS.advanceSpeed);
    await page.getByRole('button', { name: text('tagMapping.action.save') }).click();
    await expect.poll(() => unmapped.locator('tr.ant-table-row').count(), { timeout: 10_000 }).toBe(0);

    // From now on the machine's name is read as the tag.
    const answer = (await (await send({ Vortriebsgeschwindigkeit: 42 })).json()) as { data: { unknownTags: string[] } };
    expect(answer.data.unknownTags).toEqual([]);
    await page.screenshot({ path: '.test-results/tagMapping.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
