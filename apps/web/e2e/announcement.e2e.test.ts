import { adminContract, announcementContract, endpointUrl } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser, call, loginV1 } from '../../server/test/factories.js';
import { envelope } from '../../server/test/testApp.js';
import { LoginPage } from './pom/LoginPage.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';
import { E2E_ADMIN, E2E_CAPTCHA } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const SHOTS = '/tmp';
const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
const TITLE = 'Tunnel A: ventilation test tonight';

/** A page that records alert/confirm dialogs and CSP violations from its first script on. */
async function watchedPage(browser: Browser): Promise<{ page: Page; problems: string[]; dialogs: string[]; violations: () => Promise<string[]> }> {
  const { page, problems } = await newPage(browser);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return { page, problems, dialogs, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

describe('announcements and the collection in Chromium', () => {
  let server: InProcessServer;
  let browser: Browser;
  let userA: BuiltUser;
  let userB: BuiltUser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'false', SIMULATOR: 'false' }), launchBrowser()]);
    const app = server.test.app;
    const signedIn = envelope(await loginV1(app, E2E_ADMIN.email, E2E_ADMIN.password, { ip: '10.99.0.1', captcha: E2E_CAPTCHA }));
    const sa = (signedIn.data as { token?: string } | null)?.token ?? '';
    if (!sa) throw new Error(`sign-in: ${signedIn.msg}`);
    const ok = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
      const body = envelope(await call(app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
      if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
      return body.data as { id: number };
    };
    const root = ((await ok(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    const codes = ['menu.messages.announcement', 'menu.messages.announcementHistory', 'menu.project.collection'];
    const place = async (name: string, sort: number) => {
      const orgId = (await ok(adminContract.orgAdd, { parentId: root, name, type: 'company', sort })).id;
      await ok(adminContract.orgResourcesEdit, { orgId, codes });
      const roleId = (await ok(adminContract.roleAdd, { name: `${name} staff`, kind: 'custom', orgId, sort: 1 })).id;
      await ok(adminContract.roleResourcesUpdate, { roleId, codes });
      const user = await buildUser(server.test.db, { nickname: `${name} engineer` });
      await server.test.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
      return { orgId, user };
    };
    const a = await place('Contractor A', 1);
    const b = await place('Contractor B', 2);
    [userA, userB] = [a.user, b.user];
    // The super administrator publishes for A only, with a stored-XSS payload in the body.
    await ok(announcementContract.announcementAdd, {
      title: TITLE,
      content: `<p>Fans run from <b>22:00</b>.</p>${XSS}<p>Details: <a href="https://example.com/vent">plan</a></p>`,
      start: Date.now() - 60_000,
      end: Date.now() + 86_400_000,
      orgIds: [a.orgId],
      runIds: [],
      pinned: true,
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function signIn(user: BuiltUser) {
    const watched = await watchedPage(browser);
    const login = new LoginPage(watched.page, server.base);
    await login.open();
    await login.signIn(user.email, user.password);
    await new Shell(watched.page).waitUntilShown();
    return watched;
  }

  it("shows A's announcement to A's user as harmless markup (no script, no dialog, no CSP violation), and stars a page opened again from the collection", { timeout: 120_000 }, async () => {
    const { page, problems, dialogs, violations } = await signIn(userA);
    // Once per session, right after sign-in: the unread current announcements.
    const signInDialog = page.getByTestId('announcement-signin');
    await signInDialog.getByText(TITLE).waitFor();
    const body = signInDialog.getByTestId('announcement-body');
    expect(await body.locator('b').innerText()).toBe('22:00');
    expect(await body.locator('img, script, iframe').count()).toBe(0);
    expect(await body.evaluate((el) => el.innerHTML)).not.toMatch(/onerror|javascript:|alert\(/);
    const links = body.locator('a');
    expect(await links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBeNull();
    expect([await links.nth(1).getAttribute('href'), await links.nth(1).getAttribute('target'), await links.nth(1).getAttribute('rel')]).toEqual(['https://example.com/vent', '_blank', 'noopener noreferrer']);
    await page.screenshot({ path: `${SHOTS}/announcement-signin.png` });
    await page.getByTestId('announcement-signin-read').click();
    await signInDialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => page.getByTestId('announcement-bell').getAttribute('data-count'), { timeout: 10_000 }).toBe('0');

    // The header lists it; the history page shows it, read.
    await page.getByTestId('announcement-bell').click();
    await page.getByTestId('announcement-panel').getByText(TITLE).waitFor();
    await page.getByTestId('announcement-history-link').click();
    await page.waitForURL(/\/fw1\/announcement\/history$/);
    await page.getByTestId('announcement-history').getByText(TITLE).waitFor();

    // Star the history page, then open it again from the collection.
    const star = page.getByTestId('collection-star');
    await star.click();
    await expect.poll(() => star.getAttribute('data-starred'), { timeout: 10_000 }).toBe('true');
    await page.goto(`${server.base}/fw1/collection`);
    const entry = page.getByTestId('collection-entry').filter({ hasText: text('shell.menu.announcementHistory') });
    await entry.waitFor();
    await page.screenshot({ path: `${SHOTS}/collection-page.png` });
    await entry.getByTestId('collection-open').click();
    await page.waitForURL(/\/fw1\/announcement\/history$/);
    await page.getByTestId('announcement-history').getByText(TITLE).waitFor();
    expect(await page.getByTestId('collection-star').getAttribute('data-starred')).toBe('true');

    // A reader without the write code sees the current ones on the announcement page.
    await page.goto(`${server.base}/fw1/announcement`);
    await page.getByTestId('announcement-current').getByText(TITLE).waitFor();

    expect(dialogs).toEqual([]);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lists it for the writer with its audience, and opens the form with the allowed markup explained', { timeout: 90_000 }, async () => {
    const { page, problems, dialogs } = await signIn({ id: 0, phone: '', email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await page.goto(`${server.base}/fw1/announcement`);
    const row = page.getByTestId('announcement-table').locator('tbody tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('Contractor A');
    await page.getByTestId('announcement-add').click();
    const form = page.getByTestId('announcement-dialog');
    await form.getByTestId('announcement-content').fill(`<p>Preview <b>bold</b></p>${XSS}`);
    expect(await form.getByTestId('announcement-preview').locator('b').innerText()).toBe('bold');
    expect(await form.getByTestId('announcement-preview').locator('img, script').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/announcement-form.png` });
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("does not show A's announcement to B's user", { timeout: 90_000 }, async () => {
    const { page, problems, dialogs } = await signIn(userB);
    await expect.poll(async () => page.getByTestId('announcement-bell').getAttribute('data-count'), { timeout: 15_000 }).toBe('0');
    expect(await page.getByTestId('announcement-signin').count()).toBe(0);
    await page.goto(`${server.base}/fw1/announcement/history`);
    await page.getByTestId('announcement-history-table').waitFor();
    await page.getByText(text('announcementWeb.history.empty')).waitFor();
    expect(await page.getByText(TITLE).count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  });
});
