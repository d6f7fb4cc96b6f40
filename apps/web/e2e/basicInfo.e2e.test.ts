import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasicInfo } from './pom/BasicInfo.js';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';

describe('basic info in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Basic info needs no machine history.
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('edits the project information and the shifts of the Milan project; both stay after a reload', async () => {
    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    const shell = new Shell(page);
    await shell.waitUntilShown();
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);

    // From the side menu, as a user gets there.
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('shell.menu.basicInfo') }).click();
    await page.waitForURL(/\/fw1\/basic_info\/project_info$/);
    const info = new BasicInfo(page, text);
    expect(await info.value('projectName')).toBe(MILAN);
    expect(await info.value('startChainage')).toBe('4+219.833');
    expect(await info.value('country')).toBe('Italy');
    expect(await info.value('projectManager')).toBe('—');

    await page.getByTestId('project-info').getByRole('button', { name: text('project.basicInfo.edit') }).click();
    const form = info.dialog();
    await form.getByLabel(text('field.projectManager')).fill('Giulia Bianchi');
    await form.getByLabel(text('field.plannedRingsPerDay')).fill('14');
    await form.getByLabel(text('field.plannedStart')).click();
    await form.getByLabel(text('field.plannedStart')).fill('02/03/2026');
    await form.getByLabel(text('field.plannedStart')).press('Enter');
    await info.save();
    expect(await info.savedMessage()).toBe(text('common.outcome.editSuccess'));

    await page.reload();
    await page.getByTestId('project-info').waitFor();
    expect(await info.value('projectManager')).toBe('Giulia Bianchi');
    expect(await info.value('plannedRingsPerDay')).toBe('14.00');
    expect(await info.value('plannedStart')).toBe('02/03/2026');
    expect(await page.getByTestId('project-info-saved').innerText()).toMatch(/^Last saved on \d\d\/\d\d\/\d{4} \d\d:\d\d \(site time\) by /);
    await page.screenshot({ path: '.test-results/basic-info.png' });

    // Shifts: the two defaults become three 8-hour shifts, the last across midnight.
    await info.openTab('project.basicInfo.tabs.shifts');
    await page.waitForURL(/\/fw1\/basic_info\/shift_info$/);
    await page.getByTestId('shift-defaults').waitFor();
    expect(await page.getByTestId('shift-zone').innerText()).toContain('Europe/Rome');
    await page.getByRole('button', { name: text('project.basicInfo.shift.edit') }).click();
    const [first, second] = [info.shiftRows().nth(0), info.shiftRows().nth(1)];
    await info.fillShift(first, { name: 'Early', start: '06:00', end: '14:00', handover: '05:45' });
    await info.fillShift(second, { name: 'Late', start: '14:00', end: '22:00', handover: '13:45' });
    await info.dialog().getByRole('button', { name: text('project.basicInfo.shift.add') }).click();
    await info.fillShift(info.shiftRows().nth(2), { name: 'Night', start: '22:00', end: '06:00', handover: '21:45' });
    await info.save();
    expect(await info.savedMessage()).toBe(text('common.outcome.editSuccess'));

    await page.reload();
    expect(await info.shifts()).toEqual(['Early 06:00–14:00', 'Late 14:00–22:00', 'Night 22:00–06:00']);
    expect(await page.getByTestId('shift-defaults').count()).toBe(0);
    const night = page.getByTestId('shift-table').locator('tr', { hasText: 'Night' });
    expect(await night.innerText()).toContain(text('project.basicInfo.shift.crossesMidnight'));
    expect(await night.innerText()).toContain('21:45');
    await page.screenshot({ path: '.test-results/shifts.png' });

    expect(problems).toEqual([]);
    await page.close();
  });
});
