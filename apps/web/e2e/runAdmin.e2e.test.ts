import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string, params: Record<string, string> = {}) => Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), en[key] ?? key);
const NAME = 'Training drive Linate';

describe('an administrator creates and finishes a project in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    // No demo projects: the administrator starts from an empty list.
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'false' }), launchBrowser()]);
    ({ page, problems } = await newPage(browser));
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('creates a simulator project from the empty list; it produces data at once, is finished, and can no longer be deleted', async () => {
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await page.getByTestId('no-project').waitFor();
    await page.getByTestId('run-add').click();
    const form = page.getByTestId('run-add-form');
    await form.waitFor();
    await form.getByLabel(text('field.projectName')).fill(NAME);
    await form.getByLabel(text('field.projectCode')).fill('M4-T1');
    await form.getByLabel(text('field.lineName')).fill('Training line');
    await form.getByLabel(text('field.totalRings')).fill('1200');
    await form.getByLabel(text('field.country')).fill('Ital');
    await page.locator('.ant-select-item-option-active').waitFor();
    await page.keyboard.press('Enter');
    await form.getByLabel(text('field.tbmCode')).fill('T-01');
    await form.getByLabel(text('field.startChainage')).fill('1+000');
    await form.getByLabel(text('field.endChainage')).fill('2+800');
    await form.getByLabel(`${text('field.ringWidthMm')} (mm)`).fill('1500');
    expect(await form.getByTestId('run-direction').innerText()).toBe(text('runAdmin.direction.up'));
    await page.getByRole('button', { name: text('runAdmin.dialog.create') }).click();
    await form.waitFor({ state: 'detached' });

    // The simulator feeds the new project without a restart: the list shows its machine state.
    const list = new ProjectList(page);
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/fw0/stsRun/list`);
          const rows = await list.read();
          return rows.find((r) => r.projectName === NAME)?.text.includes(text('project.status.offline')) === false;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);

    await list.row(NAME).getByTestId('run-actions').click();
    await page.getByRole('menuitem', { name: text('runAdmin.action.finish') }).click();
    const confirm = page.getByRole('dialog', { name: text('runAdmin.confirm.finishTitle', { name: NAME }) });
    await confirm.getByRole('button', { name: text('runAdmin.action.finish') }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await list.row(NAME).innerText()).includes(text('runAdmin.finishedTag')), { timeout: 10_000 }).toBe(true);

    // It holds data: delete is unavailable.
    await list.row(NAME).getByTestId('run-actions').click();
    expect(await page.getByRole('menuitem', { name: text('runAdmin.action.delete') }).getAttribute('aria-disabled')).toBe('true');
    expect(problems).toEqual([]);
  });
});
