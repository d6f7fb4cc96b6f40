import { adminContract, type OrgNode } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList, type ProjectRow } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;

const DEMO = {
  milan: 'Metro M4 Lot 3 – San Babila',
  istanbul: 'Metro M12 Göztepe–Ümraniye',
  lisbon: 'Linha Vermelha extension',
  wuhan: 'Yangtze river crossing, line 12',
} as const;

function findOrg(nodes: OrgNode[], name: string): OrgNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const below = findOrg(node.children, name);
    if (below) return below;
  }
  return undefined;
}

describe('projects in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    // Two days of simulated history give every demo project rings, rates and a progress graph.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '2' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  async function signedIn(account: string, password: string): Promise<Page> {
    const { page, problems: seen } = await newPage(browser);
    problems.push(...seen);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(account, password);
    await new Shell(page).waitUntilShown();
    return page;
  }

  /** The list once the background history has reached every project (it fills in a few seconds). */
  async function listWithHistory(page: Page, count: number): Promise<ProjectRow[]> {
    const list = new ProjectList(page);
    let rows: ProjectRow[] = [];
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/fw0/stsRun/list`);
          rows = await list.read();
          return rows.length === count && rows.every((r) => (r.ring ?? 0) > 0);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    return rows;
  }

  it('lists the four demo projects with plausible figures, enters Milan and shows its home with charts', async () => {
    const page = await signedIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const rows = await listWithHistory(page, 4);
    expect(rows.map((r) => r.projectName).sort()).toEqual(Object.values(DEMO).sort());
    for (const row of rows) {
      expect(row.progress, row.projectName).toBeGreaterThan(0);
      expect(row.chainage, row.projectName).toMatch(/^\d+\+\d{3}\.\d{3}$/);
      expect(row.rates).toHaveLength(3);
      expect(row.rates.reduce((a, b) => a + b, 0), row.projectName).toBeCloseTo(100, 0);
    }
    const milan = rows.find((r) => r.projectName === DEMO.milan);
    // The Milan drive began at 4+219.833; its record starts at ring 412 (4+836.333) and two days add some tens of metres.
    expect(milan?.chainage).toMatch(/^4\+8\d\d\.\d{3}$/);
    expect(milan?.text).toContain('Italy');
    expect(milan?.text).toContain('S-1125');
    expect(rows.find((r) => r.projectName === DEMO.wuhan)?.text).toContain(text('project.machineType.slurry'));
    await page.screenshot({ path: '.test-results/project-list.png' });

    await new ProjectList(page).enter(DEMO.milan);
    await page.waitForURL(/\/fw1\/home$/);
    await expect.poll(() => page.getByTestId('current-project').innerText()).toContain(DEMO.milan);
    const totalRings = Number((await page.getByTestId('figures-total-rings').locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));
    expect(totalRings).toBeGreaterThan(0);
    expect(await page.getByTestId('home-chainage').innerText()).toMatch(/^4\+8\d\d\.\d{3}$/);
    await page.getByTestId('current-status').getByTestId('run-status').waitFor();
    await page.locator('[data-testid=progress-chart] canvas').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=rates-chart] canvas').first().waitFor({ timeout: 20_000 });
    // Switching to weeks asks for weekly figures and draws them.
    await page.getByText(text('project.home.perWeek'), { exact: true }).click();
    await page.locator('[data-testid=progress-chart] canvas').first().waitFor();
    await page.getByText(text('project.home.perDay'), { exact: true }).click();
    await page.locator('[data-testid=progress-chart] canvas').first().waitFor();
    await page.screenshot({ path: '.test-results/project-home.png', fullPage: true });

    // The board totals every visible project.
    await page.goto(`${server.base}/fw0/projectBoard`);
    await page.getByTestId('board-projects').getByText('4').waitFor();
    expect(await page.getByTestId('machine-card').count()).toBe(4);
    await page.screenshot({ path: '.test-results/project-board.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a user granted only the Milan site office the Milan project alone', async () => {
    const admin = await signedIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const token = await tokenOf(admin);
    const orgs = await apiCall(server.origin, token, adminContract.orgQuery, {});
    const site = findOrg(orgs, 'Milano site office');
    if (!site) throw new Error('the demo organization is missing');
    const codes = ['menu.enterSystem', 'menu.projectList', 'menu.project.home', 'project.run.read'];
    await apiCall(server.origin, token, adminContract.orgResourcesEdit, { orgId: site.id, codes, overwriteLower: false });
    const role = await apiCall(server.origin, token, adminContract.roleAdd, { name: 'Milan site viewers', kind: 'custom', orgId: site.id, sort: 1 });
    await apiCall(server.origin, token, adminContract.roleResourcesUpdate, { roleId: role.id, codes });
    const user = await apiCall(server.origin, token, adminContract.userAdd, {
      phone: '13700137055',
      nickname: 'Milan engineer',
      email: 'milan@example.test',
      orgId: site.id,
      newPassword: 'Milan-pass-1',
      confirmPassword: 'Milan-pass-1',
    });
    await apiCall(server.origin, token, adminContract.userAssignRoles, { userId: user.id, roleIds: [role.id] });
    await admin.close();

    const page = await signedIn('milan@example.test', 'Milan-pass-1');
    const rows = await listWithHistory(page, 1);
    expect(rows.map((r) => r.projectName)).toEqual([DEMO.milan]);
    // The filters offer only what the user may see.
    await page.getByTestId('filter-tbm').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts()).toEqual(['S-1125']);
    await page.keyboard.press('Escape');
    await new ProjectList(page).enter(DEMO.milan);
    await page.waitForURL(/\/fw1\/home$/);
    await page.getByTestId('figures-total-rings').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
