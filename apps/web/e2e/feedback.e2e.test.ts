import { adminContract, feedbackContract, messagesContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.js';
import { LoginPage } from './pom/LoginPage.js';
import { MessageBell } from './pom/MessageBell.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';
import { E2E_ADMIN, E2E_CAPTCHA } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
/** A stored-XSS attempt: it must show as the very characters the visitor typed. */
const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';
/** The name field holds 50 characters: its part of the payload. */
const XSS_NAME = '<img src=x onerror=alert(3)>';

/** Everything on the page that would tell a script ran or the CSP had to stop one. */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (line: string) => seen.push(`csp: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation: (s: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

async function captchaLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img[data-testid=feedback-captcha-image]');
    return !!img && img.complete && img.naturalWidth > 0;
  });
}

async function fillFeedback(page: Page, fields: { name: string; contact: string; content: string }): Promise<void> {
  await captchaLoaded(page);
  await page.locator('#feedback-name').fill(fields.name);
  await page.locator('#feedback-contact').fill(fields.contact);
  await page.locator('#feedback-content').fill(fields.content);
  await page.getByTestId('feedback-captcha-input').fill(E2E_CAPTCHA);
  await page.locator('form[data-testid=feedback-form] button[type=submit]').click();
}

describe('feedback in Chromium', () => {
  let server: InProcessServer;
  let browser: Browser;
  const member = { email: '', password: '', id: 0 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'false', SIMULATOR: 'false' }), launchBrowser()]);
    // A site engineer: may send feedback, reads nothing else.
    const { page } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    const sa = await tokenOf(page);
    const orgs = await apiCall(server.origin, sa, adminContract.orgQuery, {});
    const org = await apiCall(server.origin, sa, adminContract.orgAdd, { parentId: orgs[0]?.id ?? 1, name: 'Tunnel contractor', type: 'company', sort: 1 });
    await apiCall(server.origin, sa, adminContract.orgResourcesEdit, { orgId: org.id, codes: ['menu.feedback.submit'] });
    const role = await apiCall(server.origin, sa, adminContract.roleAdd, { name: 'Engineers', kind: 'custom', orgId: org.id, sort: 1 });
    await apiCall(server.origin, sa, adminContract.roleResourcesUpdate, { roleId: role.id, codes: ['menu.feedback.submit'] });
    const user = await buildUser(server.test.db, { nickname: 'Site engineer' });
    await server.test.db.kysely.updateTable('users').set({ org_id: org.id }).where('id', '=', user.id).execute();
    await apiCall(server.origin, sa, adminContract.userAssignRoles, { userId: user.id, roleIds: [role.id] });
    Object.assign(member, { email: user.email, password: user.password, id: user.id });
    await page.context().close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('a visitor sends feedback from the sign-in page; the administrator sees the payload as text and answers it', { timeout: 120_000 }, async () => {
    const { page, problems } = await newPage(browser);
    const seen = await watch(page);
    const login = new LoginPage(page, server.base);
    await login.open();
    await page.getByTestId('open-feedback').click();
    await page.getByTestId('feedback-dialog').waitFor();
    // Required fields are asked before anything is sent.
    await captchaLoaded(page);
    await page.locator('form[data-testid=feedback-form] button[type=submit]').click();
    expect(await page.locator('#feedback-content-error').innerText()).toBe(text('validation.required'));
    await fillFeedback(page, { name: XSS_NAME, contact: 'visitor@example.com', content: `The map is blank ${XSS}` });
    expect(await page.getByTestId('feedback-sent').innerText()).toBe(text('feedbackWeb.form.sent'));
    await page.getByRole('button', { name: text('feedbackWeb.form.close') }).click();
    await page.getByTestId('feedback-dialog').waitFor({ state: 'detached' });

    // The administrator signs in and opens the list.
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw1/feedback/list`);
    const table = page.getByTestId('feedback-table');
    const row = table.locator('tr', { hasText: 'The map is blank' });
    await row.waitFor();
    // Literal text: the characters typed, no element made of them.
    expect(await row.getByTestId('feedback-content').innerText()).toBe(`The map is blank ${XSS}`);
    expect(await table.locator('img[src="x"], script:not([src])').count()).toBe(0);
    expect(await row.innerText()).toContain(XSS_NAME);
    expect(await row.innerText()).toContain(text('feedbackWeb.list.visitor'));
    // The details too.
    await row.getByTestId('feedback-detail').click();
    const detail = page.getByRole('dialog', { name: text('feedbackWeb.list.detail') });
    await detail.waitFor();
    expect(await detail.innerText()).toContain(`The map is blank ${XSS}`);
    expect(await page.locator('.ant-modal img[src="x"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The answer: state answered.
    await row.getByTestId('feedback-reply').click();
    const dialog = page.getByTestId('feedback-reply-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('feedback-reply-original').innerText()).toBe(`The map is blank ${XSS}`);
    await dialog.locator('textarea').fill('Thanks, the map layer is back.');
    await dialog.getByRole('button', { name: /OK|Save/ }).click();
    await expect.poll(() => row.getByTestId('feedback-state').innerText()).toBe(text('feedbackWeb.state.answered'));
    await page.screenshot({ path: '/tmp/feedback-list.png' });

    expect(seen).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a signed-in engineer sends feedback; the administrator answers; the engineer reads the answer in the bell', { timeout: 120_000 }, async () => {
    const { page, problems } = await newPage(browser);
    const seen = await watch(page);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(member.email, member.password);
    // Signed in once the page leaves the sign-in form for the engineer's start page.
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 45_000 });
    await page.goto(`${server.base}/fw1/feedback`);
    await page.getByTestId('feedback-page').waitFor({ timeout: 45_000 });
    // A screenshot (PNG), uploaded as the engineer before sending.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    await page.locator('input#feedback-screenshots').setInputFiles({ name: 'ring-412.png', mimeType: 'image/png', buffer: png });
    await page.locator('[data-testid=feedback-page] img').first().waitFor();
    await fillFeedback(page, { name: 'Site engineer', contact: '+39 333 000 0000', content: `Ring 412 shows twice ${XSS}` });
    await page.getByTestId('feedback-sent').waitFor();
    await page.screenshot({ path: '/tmp/feedback-form.png' });

    // The administrator answers through the list's call (the screen was shown above).
    const admin = await newPage(browser);
    const adminLogin = new LoginPage(admin.page, server.base);
    await adminLogin.open();
    await adminLogin.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(admin.page).waitUntilShown();
    const adminToken = await tokenOf(admin.page);
    const listed = await apiCall(server.origin, adminToken, feedbackContract.queryList, { page: 1, pageSize: 10, text: 'Ring 412' });
    const item = listed.records[0];
    expect(item?.userId).toBe(member.id);
    expect(item?.screenshotIds).toHaveLength(1);
    // The administrator sees the screenshot in the details (fetched with the session, shown from a blob URL).
    await admin.page.goto(`${server.base}/fw1/feedback/list`);
    const row = admin.page.getByTestId('feedback-table').locator('tr', { hasText: 'Ring 412 shows twice' });
    await row.getByTestId('feedback-detail').click();
    const detail = admin.page.getByRole('dialog', { name: text('feedbackWeb.list.detail') });
    await detail.locator('img[src^="blob:"]').first().waitFor();
    expect(await detail.innerText()).toContain(`Ring 412 shows twice ${XSS}`);
    expect(admin.problems).toEqual([]);
    await apiCall(server.origin, adminToken, feedbackContract.reply, { id: item?.id ?? 0, text: `Fixed: ring 412 is listed once ${XSS}` });

    // The engineer's bell counts it live and shows it, as text.
    const bell = new MessageBell(page);
    await expect.poll(() => bell.count(), { timeout: 15_000 }).toBe(1);
    await bell.open();
    const expected = text('feedback.message.replied').replace('{{reply}}', `Fixed: ring 412 is listed once ${XSS}`);
    expect(await bell.titles()).toContain(expected);
    expect(await bell.panel.locator('img[src="x"]').count()).toBe(0);
    const messages = await apiCall(server.origin, await tokenOf(page), messagesContract.getPersonal, { limit: 10 });
    expect(messages.records[0]?.text).toBe(`Fixed: ring 412 is listed once ${XSS}`);

    expect(seen).toEqual([]);
    expect(problems).toEqual([]);
  });
});
