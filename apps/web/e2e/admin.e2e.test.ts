import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;

/** Picks an option of the antd select inside the form item labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.locator('.ant-modal').getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option.trim(), { exact: false }).first().click();
}

/** The check box of a resource in the open dialog's grant tree (grouped like the menu, each node with its code). */
const grant = (page: Page, code: string) =>
  page.locator('.ant-modal .ant-tree-treenode', { has: page.getByText(code, { exact: true }) }).locator('.ant-tree-checkbox');

async function okModal(page: Page) {
  await page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

describe('administration in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('creates an organization, a role with resources and a user, who sees exactly the granted menu; a withdrawn resource leaves at the next navigation', async () => {
    const { page: admin } = await newPage(browser);
    await new LoginPage(admin, server.base).open();
    await new LoginPage(admin, server.base).signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(admin).waitUntilShown();

    // Organization with the resources it may use.
    await admin.goto(`${server.base}/fw0/sys/dept/list`);
    await admin.getByTestId('org-tree').getByText('Boreline').click();
    await admin.getByRole('button', { name: text('admin.page.addSub') }).click();
    await admin.locator('.ant-modal').getByLabel(text('admin.page.name')).fill('E2E Contractor');
    await okModal(admin);
    await admin.getByTestId('org-tree').getByText('E2E Contractor').click();
    await admin.getByRole('button', { name: text('admin.page.grants') }).click();
    for (const code of ['menu.stock', 'menu.reports', 'menu.statistics']) await grant(admin, code).click();
    await okModal(admin);

    // A role of that organization granting two of them.
    await admin.goto(`${server.base}/fw0/sys/role/list`);
    await admin.getByRole('button', { name: text('admin.page.addRole') }).click();
    await admin.locator('.ant-modal').getByLabel(text('admin.page.name')).fill('E2E planners');
    await choose(admin, text('admin.page.org'), 'E2E Contractor');
    await okModal(admin);
    const roleRow = admin.getByTestId('role-table').locator('tr', { hasText: 'E2E planners' });
    await roleRow.getByRole('button', { name: text('admin.page.resources') }).click();
    for (const code of ['menu.stock', 'menu.reports']) await grant(admin, code).click();
    await okModal(admin);

    // A user of that organization holding the role.
    await admin.goto(`${server.base}/fw0/sys/user/list`);
    await admin.getByRole('button', { name: text('admin.page.addUser') }).click();
    const dialog = admin.locator('.ant-modal');
    await dialog.getByLabel(text('admin.page.nickname')).fill('Planner One');
    await dialog.getByLabel(text('admin.page.phone')).fill('13700137000');
    await dialog.getByLabel(text('admin.page.email')).fill('planner@example.test');
    await choose(admin, text('admin.page.org'), 'E2E Contractor');
    await dialog.getByLabel(text('admin.page.password'), { exact: true }).fill('Planner-pass-1');
    await dialog.getByLabel(text('admin.page.confirmPassword')).fill('Planner-pass-1');
    await okModal(admin);
    const userRow = admin.getByTestId('user-table').locator('tr', { hasText: 'Planner One' });
    await userRow.getByRole('button', { name: text('admin.page.roles') }).click();
    await admin.locator('.ant-modal').getByLabel('E2E planners (E2E Contractor)').check();
    await okModal(admin);

    // The user sees their own pages and exactly the two granted ones.
    const { page: planner } = await newPage(browser);
    await new LoginPage(planner, server.base).open();
    await new LoginPage(planner, server.base).signIn('planner@example.test', 'Planner-pass-1');
    const shell = new Shell(planner);
    await shell.waitUntilShown();
    await shell.expandMenu();
    const items = async () => (await planner.locator('[data-testid=side-menu] .ant-menu-item').allInnerTexts()).map((s) => s.trim());
    expect(await items()).toEqual([
      text('shell.menu.personalSettings'),
      text('shell.menu.changePassword'),
      text('shell.menu.loginLog'),
      text('shell.menu.spareParts'),
      text('shell.menu.reports'),
    ]);

    // Withdrawn by the administrator; gone at the user's next navigation.
    await admin.goto(`${server.base}/fw0/sys/role/list`);
    await admin.getByTestId('role-table').locator('tr', { hasText: 'E2E planners' }).getByRole('button', { name: text('admin.page.resources') }).click();
    // The role's current grants load into the dialog first; only then is the box worth clicking.
    const reports = grant(admin, 'menu.reports');
    await expect.poll(async () => (await reports.getAttribute('class')) ?? '', { timeout: 10_000 }).toContain('ant-tree-checkbox-checked');
    await reports.click();
    await okModal(admin);
    await planner.locator('[data-testid=side-menu]').getByText(text('shell.menu.spareParts')).click();
    await expect.poll(items, { timeout: 10_000 }).toEqual([
      text('shell.menu.personalSettings'),
      text('shell.menu.changePassword'),
      text('shell.menu.loginLog'),
      text('shell.menu.spareParts'),
    ]);
    // The planner becomes the organization's administrator.
    await admin.goto(`${server.base}/fw0/sys/dept/list`);
    await admin.getByTestId('org-tree').getByText('E2E Contractor').click();
    await admin.getByRole('button', { name: text('admin.page.edit') }).click();
    await choose(admin, text('admin.page.administrator'), 'Planner One (13700137000)');
    await okModal(admin);
    await admin.locator('.ant-descriptions').getByText('Planner One').waitFor();

    // The administrator resets the planner's password; the planner's session ends at once (the message server tells the open page).
    await admin.goto(`${server.base}/fw0/sys/user/list`);
    await admin.getByTestId('user-table').locator('tr', { hasText: 'Planner One' }).getByRole('button', { name: text('admin.page.resetPassword') }).click();
    const reset = admin.locator('.ant-modal');
    await reset.getByLabel(text('admin.page.adminPassword')).fill(E2E_ADMIN.password);
    await reset.getByLabel(text('admin.page.password'), { exact: true }).fill('Planner-pass-2');
    await reset.getByLabel(text('admin.page.confirmPassword')).fill('Planner-pass-2');
    await okModal(admin);
    await planner.waitForURL(/\/client_web\/login$/, { timeout: 10_000 });
    await Promise.all([admin.close(), planner.close()]);
  });

  it('sets a part alarm threshold of a demo project, refusing unordered thresholds in the form', async () => {
    const { page, problems } = await newPage(browser);
    await new LoginPage(page, server.base).open();
    await new LoginPage(page, server.base).signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw0/sys/sys_warn_setting`);
    // The first demo project is chosen; its machine's points are listed with their working ranges.
    await page.getByTestId('warn-run').getByText('Metro M4 Lot 3', { exact: false }).waitFor();
    await page.getByPlaceholder(text('admin.warn.search')).fill('thrust.advanceSpeed');
    await page.getByPlaceholder(text('admin.warn.search')).press('Enter');
    const row = page.getByTestId('warn-table').locator('tr', { hasText: 'thrust.advanceSpeed' }).first();
    await row.getByText('0 … 80').first().waitFor();
    await row.getByRole('button', { name: text('admin.page.edit') }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel(text('admin.warn.lowWarn')).fill('90');
    await dialog.getByLabel(text('admin.warn.highWarn')).fill('70');
    await page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
    await dialog.getByText(text('admin.warnSetting.unordered')).first().waitFor();
    await dialog.getByLabel(text('admin.warn.lowWarn')).fill('5');
    await dialog.getByLabel(text('admin.warn.highAlarm')).fill('80');
    await dialog.getByRole('switch').first().click();
    await okModal(page);
    await row.getByText('5 … 70').waitFor();
    await row.getByText('−∞ … 80').waitFor();
    await page.screenshot({ path: '.test-results/warn-settings.png' });

    // A user limited to that project: the choice is saved and shown again.
    await page.goto(`${server.base}/fw0/sys/user/list`);
    await page.getByRole('button', { name: text('admin.page.addUser') }).click();
    const form = page.locator('.ant-modal');
    await form.getByLabel(text('admin.page.nickname')).fill('Site engineer M4');
    await form.getByLabel(text('admin.page.phone')).fill('13700137044');
    await form.getByLabel(text('admin.page.email')).fill('m4@example.test');
    await choose(page, text('admin.page.org'), 'Milano site office');
    await choose(page, text('admin.page.projects'), 'Metro M4 Lot 3');
    await form.getByLabel(text('admin.page.password'), { exact: true }).fill('Engineer-pass-1');
    await form.getByLabel(text('admin.page.confirmPassword')).fill('Engineer-pass-1');
    await okModal(page);
    await page.getByTestId('user-table').locator('tr', { hasText: 'Site engineer M4' }).getByRole('button', { name: text('admin.page.edit') }).click();
    await page.locator('.ant-modal').getByText('Metro M4 Lot 3', { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('adds a button resource under a page in the resource tree', async () => {
    const { page } = await newPage(browser);
    await new LoginPage(page, server.base).open();
    await new LoginPage(page, server.base).signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await page.goto(`${server.base}/fw0/sys/src/list`);
    await page.getByTestId('resource-tree').getByText('menu.stock', { exact: true }).click();
    await page.getByRole('button', { name: text('admin.page.addResource') }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel(text('admin.page.name')).fill('Export parts');
    await dialog.getByLabel(text('admin.page.description')).fill('Export button of the stock page');
    await dialog.getByLabel(text('admin.page.encoding')).fill('stock.part.export');
    await okModal(page);
    await page.getByTestId('resource-tree').getByText('stock.part.export', { exact: true }).waitFor();
    await page.close();
  });
});
