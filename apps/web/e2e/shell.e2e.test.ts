import { CATALOGUES, flatten, type Locale } from '@boreline/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const LANGUAGE_MENU: [string, Locale][] = [
  ['简体中文', 'zh-CN'],
  ['Italiano', 'it-IT'],
  ['Deutsch (Österreich)', 'de-AT'],
  ['Português', 'pt-PT'],
  ['Türkçe', 'tr-TR'],
  ['English', 'en-US'],
];
const text = (locale: Locale, key: string) => flatten(CATALOGUES[locale])[key] ?? key;

/** The administrator reads the embedded SMS outbox over the API, as an operator would. */
async function readSmsCode(base: string, phone: string): Promise<string> {
  const api = base.replace('/client_web', '/server_main');
  const state = 'e2e-outbox-state-0123456789';
  await fetch(`${api}/g/web/sys/getKaptcha/?state=${state}`);
  const login = (await (
    await fetch(`${api}/g/web/sys/login/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: E2E_ADMIN.email, password: E2E_ADMIN.password, state, captcha: 'E2E1' }),
    })
  ).json()) as { data: { token: string } };
  const outbox = (await (
    await fetch(`${api}/u/web/sys/smsOutbox/query/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: login.data.token },
      body: JSON.stringify({ phone }),
    })
  ).json()) as { data: { records: { text: string }[] } };
  const code = /\b(\d{6})\b/.exec(outbox.data.records[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

describe('web shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
    expect(problems).toEqual([]);
  });

  async function signedIn(account = E2E_ADMIN.email, password = E2E_ADMIN.password) {
    const { page, problems: seen } = await newPage(browser);
    problems.push(...seen);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(account, password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    return { page, shell, seen };
  }

  it('sends a visitor of a deep link to sign-in with the expiry warning, then back to the link after signing in', async () => {
    const { page, problems: seen } = await newPage(browser);
    await page.goto(`${server.base}/fw0/sys/userSetting/loginLog`);
    await page.waitForURL(/\/client_web\/login$/);
    await page.getByText(text('en-US', 'common.error.sessionExpired')).waitFor();
    await new LoginPage(page, server.base).signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(/\/fw0\/sys\/userSetting\/loginLog$/);
    await page.getByTestId('login-log').getByText(text('en-US', 'account.loginLog.resultSuccess')).first().waitFor();
    expect(await new Shell(page).userName()).toContain('Administrator');
    problems.push(...seen);
    await page.close();
  });

  it('shows the translated menu in each of the six languages, and keeps the choice on reload', async () => {
    const { page, shell } = await signedIn();
    await shell.expandMenu();
    for (const [name, locale] of LANGUAGE_MENU) {
      await shell.chooseLanguage(name);
      const expected = [text(locale, 'shell.menu.statsBoard'), text(locale, 'shell.menu.systemSetting'), text(locale, 'shell.menu.intelligentConstruction')];
      await page.getByText(expected[1] ?? '').first().waitFor();
      expect(await shell.sectionLabels()).toEqual(expected);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    }
    await shell.chooseLanguage('Türkçe');
    // The choice is in force (its catalogue loaded) before the reload, as a user sees it.
    await page.getByText(text('tr-TR', 'shell.menu.systemSetting')).first().waitFor();
    await page.reload();
    await shell.waitUntilShown();
    await shell.expandMenu();
    expect(await shell.sectionLabels()).toContain(text('tr-TR', 'shell.menu.systemSetting'));
    await page.close();
  });

  it('reloads a deep link and stays on it, signed in', async () => {
    const { page } = await signedIn();
    await page.goto(`${server.base}/fw0/sys/userSetting/password`);
    await page.getByTestId('password-form').waitFor();
    await page.reload();
    await page.getByTestId('password-form').waitFor();
    expect(page.url()).toBe(`${server.base}/fw0/sys/userSetting/password`);
    await page.close();
  });

  it('shows the forced-offline dialog when the account signs in elsewhere, then sign-in', async () => {
    const first = await signedIn();
    const second = await signedIn();
    await first.page.goto(`${server.base}/fw0/sys/userSetting/loginLog`);
    const dialog = first.page.getByRole('dialog');
    await dialog.getByText(text('en-US', 'common.error.forcedOffline')).waitFor();
    await dialog.getByRole('button', { name: text('en-US', 'shell.forcedOffline.ok') }).click();
    await first.page.waitForURL(/\/client_web\/login$/);
    await second.page.goto(`${server.base}/fw0/sys/userSetting`);
    await second.page.getByTestId('profile-form').waitFor();
    await Promise.all([first.page.close(), second.page.close()]);
  });

  it('signs out from the user menu, after which a protected page sends to sign-in', async () => {
    const { page } = await signedIn();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: text('en-US', 'shell.header.logout') }).click();
    await page.getByRole('dialog').getByRole('button', { name: text('en-US', 'shell.header.logout') }).click();
    await page.waitForURL(/\/client_web\/login$/);
    await page.goto(`${server.base}/fw0/sys/userSetting`);
    await page.waitForURL(/\/client_web\/login$/);
    await page.close();
  });

  it('registers a new user, who can then sign in and sees their name', async () => {
    const { page, problems: seen } = await newPage(browser);
    await page.goto(`${server.base}/register`);
    const form = page.getByTestId('register-form');
    await form.waitFor();
    await page.locator('#phone').fill('13800138000');
    await page.locator('#nickname').fill('Night shift engineer');
    await page.locator('#email').fill('night.shift@example.test');
    await page.locator('#newPassword').fill('Tunnel-2026!');
    await page.locator('#confirmPassword').fill('Tunnel-2026!');
    await page.getByTestId('captcha-input').fill('E2E1');
    await page.locator('#acceptPrivacy').check();
    await page.locator('#confirmAdult').check();
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/client_web\/login$/);
    await page.getByText(text('en-US', 'auth.register.success')).waitFor();
    await new LoginPage(page, server.base).signIn('night.shift@example.test', 'Tunnel-2026!');
    const shell = new Shell(page);
    await shell.waitUntilShown();
    expect(await shell.userName()).toContain('Night shift engineer');
    problems.push(...seen);
    await page.close();
  });

  it('signs in with the slide puzzle', async () => {
    const { page } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await page.locator('#account').fill(E2E_ADMIN.email);
    await page.locator('#password').fill(E2E_ADMIN.password);
    await page.getByRole('radio', { name: text('en-US', 'account.login.kindSlide') }).click();
    const handle = page.getByTestId('slide-handle');
    await handle.waitFor();
    // The pictures are rasters: nothing on the page draws where the gap is.
    await page.waitForFunction(() => {
      const loaded = (id: string) => {
        const img = document.querySelector<HTMLImageElement>(`img[data-testid=${id}]`);
        return !!img && img.complete && img.naturalWidth > 0;
      };
      return loaded('slide-background') && loaded('slide-piece');
    });
    const pictures = await page.getByTestId('slide-puzzle').evaluate((puzzle) => ({
      vectors: puzzle.querySelectorAll('svg, path').length,
      images: [...puzzle.querySelectorAll('img')].map((img) => ({ type: img.src.slice(0, img.src.indexOf(';')), width: img.naturalWidth })),
    }));
    expect(pictures).toEqual({ vectors: 0, images: [{ type: 'data:image/jpeg', width: 300 }, { type: 'data:image/png', width: 60 }] });
    await handle.fill('150');
    await page.locator('form[data-testid=login-form] button[type=submit]').click();
    await new Shell(page).waitUntilShown();
    await page.close();
  });

  it('signs in with an SMS code read from the outbox', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.base}/msglogin`);
    await page.locator('#mobile').fill('10000000000');
    await new LoginPage(page, server.base).captchaLoaded();
    await page.getByTestId('captcha-input').fill('E2E1');
    await page.getByRole('button', { name: text('en-US', 'account.messageLogin.send') }).click();
    await page.getByText(text('en-US', 'account.messageLogin.sent')).waitFor();
    const code = await readSmsCode(server.base, '10000000000');
    await page.locator('#code').fill(code);
    await page.getByTestId('message-login-form').locator('button[type=submit]').click();
    await new Shell(page).waitUntilShown();
    await page.close();
  });

  it('refuses inconsistent passwords in the register form before sending', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.base}/register`);
    await page.locator('#newPassword').fill('Tunnel-2026!');
    await page.locator('#confirmPassword').fill('Other-2026!');
    await page.getByTestId('register-form').locator('button[type=submit]').click();
    await page.getByText(text('en-US', 'validation.passwordMismatch')).waitFor();
    await page.close();
  });

  it('redirects an unknown path to not-found and shows the privacy policy with its date', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.base}/no/such/page`);
    await page.waitForURL(/\/client_web\/notfound$/);
    await page.getByText(text('en-US', 'shell.page.notFoundTitle')).waitFor();
    await page.goto(`${server.base}/privacy`);
    expect(await page.getByTestId('privacy-updated').innerText()).toBe('Last updated: 18/10/2023');
    await page.getByText(text('en-US', 'account.privacy.age')).waitFor();
    await page.close();
  });
});
