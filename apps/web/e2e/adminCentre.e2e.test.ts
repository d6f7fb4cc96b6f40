import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;

describe('admin centre in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('opens the admin centre from the menu and finds the own session among those signed in now', async () => {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.adminCenter') }).click();
    await page.waitForURL(/\/fw0\/sys\/dp$/);
    const sessions = page.getByTestId('admin-centre-sessions');
    await sessions.getByText(/^Administrator \(/).waitFor();
    expect(await page.getByTestId('admin-centre-scope').innerText()).toContain(text('adminCentreWeb.scopeAll'));
    // The super administrator sees the platform's jobs and the SMS outbox too.
    await page.getByTestId('admin-centre-jobs').waitFor();
    await page.getByTestId('admin-centre-sms').waitFor();
    // A figure leads to the admin page behind it.
    await page.getByTestId('figure-emptyRoles').getByRole('link').click();
    await page.waitForURL(/\/fw0\/sys\/role\/list$/);
    expect(problems).toEqual([]);
  });
});
