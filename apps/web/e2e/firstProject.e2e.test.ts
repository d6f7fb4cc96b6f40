import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminContract, KEY_TAGS, projectContract, RESOURCE_CODES, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const BROKER = { host: '127.0.0.1', port: '1883' };
const PREFIX = `boreline-first-${randomBytes(3).toString('hex')}`;
const ORG = 'Alpine Tunnelling';
const ADMIN = { name: 'Site Admin Alpine', phone: '13700137777', email: 'site.admin@alpine.test', password: 'Alpine-admin-1' };
const PROJECT = 'Brenner Base Tunnel – Lot Mules';
/** The gateway's own names for three tags, as its PLC calls them. */
const RAW = { ring: 'DB1.RING_NR', advance: 'DB1.MODE_VORTRIEB', build: 'DB1.MODE_RINGBAU' } as const;
const UNMAPPED = 'DB9.SPARE_TEMP';
const OWN_TAG = 'own.gearboxOilTemp';
/** The live drive starts at ring 201; rings 1–200 were built before the console. */
const LIVE_RING = 201;
const HISTORY_RINGS = 200;

/** Debian's MQTT client, installed when missing (it is a client only, the broker is separate). */
function ensureMosquittoPub(): void {
  try {
    execFileSync('mosquitto_pub', ['--help'], { stdio: 'ignore' });
  } catch (error) {
    // mosquitto_pub --help exits 1 but exists; only a missing program (ENOENT) needs installing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    execFileSync('bash', ['-c', 'apt-get install -y -qq mosquitto-clients >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq mosquitto-clients >/dev/null)'], { stdio: 'inherit' });
  }
}

/**
 * One ring of the machine at one frame per 5 s: its advance, its building, then the next ring's
 * advance (which completes it), under the gateway's own names for ring number and modes.
 */
function ringOfFrames(start: number): object[] {
  const frames: object[] = [];
  const phase = (from: number, minutes: number, ring: number, mode: 'advance' | 'build') => {
    for (let s = 0; s < minutes * 60; s += 5) {
      const advancing = mode === 'advance';
      frames.push({
        ts: from + s * 1000,
        values: {
          [RAW.ring]: ring,
          [RAW.advance]: advancing ? 1 : 0,
          [RAW.build]: advancing ? 0 : 1,
          [KEY_TAGS.advanceSpeed]: advancing ? 40 : 0,
          [KEY_TAGS.cutterSpeed]: advancing ? 1.5 : 0,
          [KEY_TAGS.totalThrust]: advancing ? 15_000 : 2_000,
          [UNMAPPED]: 41.5,
        },
      });
    }
    return from + minutes * 60_000;
  };
  let t = phase(start, 12, LIVE_RING, 'advance');
  t = phase(t, 6, LIVE_RING, 'build');
  phase(t, 3, LIVE_RING + 1, 'advance');
  return frames;
}

/** Rings 1–200, two hours each, ten a day, ending well before the live data. */
async function historySheet(firstStart: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rings');
  sheet.addRow(['Ring number', 'Start time', 'End time']);
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (ms: number) => {
    const d = new Date(ms);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  };
  for (let ring = 1; ring <= HISTORY_RINGS; ring += 1) {
    const start = firstStart + (ring - 1) * 144 * 60_000;
    sheet.addRow([ring, at(start), at(start + 120 * 60_000)]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function okModal(page: Page) {
  await page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

async function choose(page: Page, label: string, option: string) {
  await page.locator('.ant-modal').getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: false }).first().click();
}

async function signedIn(browser: Browser, server: RunningServer, account: string, password: string) {
  const { page, problems } = await newPage(browser);
  const login = new LoginPage(page, server.base);
  await login.open();
  await login.signIn(account, password);
  const shell = new Shell(page);
  await shell.waitUntilShown();
  return { page, problems, shell };
}

describe('a real project from zero in Chromium: no demo data, a real MQTT client and curl', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureMosquittoPub();
    [server, browser] = await Promise.all([
      startServer({ DEMO_DATA: 'false', MQTT_URL: `mqtt://${BROKER.host}:${BROKER.port}`, MQTT_TOPIC_PREFIX: PREFIX }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('organization and administrator, project and machine, key, mapping, an own tag, MQTT and HTTP data, live values, rings, unmapped names and the history', { timeout: 300_000 }, async () => {
    // The super administrator: the contractor's organization, a role of it, and its administrator.
    const sa = await signedIn(browser, server, E2E_ADMIN.email, E2E_ADMIN.password);
    await sa.page.goto(`${server.base}/fw0/sys/dept/list`);
    await sa.page.getByTestId('org-tree').getByText('Boreline').click();
    await sa.page.getByRole('button', { name: text('admin.page.addSub') }).click();
    await sa.page.locator('.ant-modal').getByLabel(text('admin.page.name')).fill(ORG);
    await okModal(sa.page);
    await sa.page.getByTestId('org-tree').getByText(ORG).waitFor();
    await sa.page.goto(`${server.base}/fw0/sys/role/list`);
    await sa.page.getByRole('button', { name: text('admin.page.addRole') }).click();
    await sa.page.locator('.ant-modal').getByLabel(text('admin.page.name')).fill('Project administrators');
    await choose(sa.page, text('admin.page.org'), ORG);
    await okModal(sa.page);
    // Every resource for the organization and its role (the grant dialogs' own calls; their
    // check boxes are exercised by the administration test).
    const saToken = await tokenOf(sa.page);
    const flat = (nodes: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const orgId = flat(await apiCall(server.origin, saToken, adminContract.orgQuery, {})).find((o) => o.name === ORG)?.id ?? 0;
    const roleId = (await apiCall(server.origin, saToken, adminContract.roleList, { orgId })).find((r) => r.name === 'Project administrators')?.id ?? 0;
    await apiCall(server.origin, saToken, adminContract.orgResourcesEdit, { orgId, codes: [...RESOURCE_CODES] });
    await apiCall(server.origin, saToken, adminContract.roleResourcesUpdate, { roleId, codes: [...RESOURCE_CODES] });
    await sa.page.goto(`${server.base}/fw0/sys/user/list`);
    await sa.page.getByRole('button', { name: text('admin.page.addUser') }).click();
    const userForm = sa.page.locator('.ant-modal');
    await userForm.getByLabel(text('admin.page.nickname')).fill(ADMIN.name);
    await userForm.getByLabel(text('admin.page.phone')).fill(ADMIN.phone);
    await userForm.getByLabel(text('admin.page.email')).fill(ADMIN.email);
    await choose(sa.page, text('admin.page.org'), ORG);
    await userForm.getByLabel(text('admin.page.password'), { exact: true }).fill(ADMIN.password);
    await userForm.getByLabel(text('admin.page.confirmPassword')).fill(ADMIN.password);
    await okModal(sa.page);
    await sa.page.getByTestId('user-table').locator('tr', { hasText: ADMIN.name }).getByRole('button', { name: text('admin.page.roles') }).click();
    await sa.page.locator('.ant-modal').getByLabel(`Project administrators (${ORG})`).check();
    await okModal(sa.page);
    expect(sa.problems).toEqual([]);
    await sa.page.context().close();

    // The contractor's administrator: an empty list, then the project with its TBM, fed over MQTT.
    const { page, problems, shell } = await signedIn(browser, server, ADMIN.email, ADMIN.password);
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await page.getByTestId('no-project').waitFor();
    await page.getByTestId('run-add').click();
    const form = page.getByTestId('run-add-form');
    await form.waitFor();
    await form.getByLabel(text('field.projectName')).fill(PROJECT);
    await form.getByLabel(text('field.projectCode')).fill('BBT-H61');
    await form.getByLabel(text('field.lineName')).fill('Brenner Base Tunnel');
    await form.getByLabel(text('field.totalRings')).fill('3000');
    await form.getByLabel(text('field.country')).fill('Ital');
    await page.locator('.ant-select-item-option-active').waitFor();
    await page.keyboard.press('Enter');
    await form.getByLabel(text('field.tbmCode')).fill('S-1139');
    await form.getByLabel(text('field.startChainage')).fill('0+000');
    await form.getByLabel(text('field.endChainage')).fill('6+000');
    await form.getByLabel(`${text('field.ringWidthMm')} (mm)`).fill('2000');
    await form.getByRole('radio', { name: text('runAdmin.source.mqtt') }).check();
    await page.getByRole('button', { name: text('runAdmin.dialog.create') }).click();
    await form.waitFor({ state: 'detached' });
    const list = new ProjectList(page);
    await list.row(PROJECT).waitFor();
    await list.enter(PROJECT);
    await page.waitForURL(/\/fw1\/home$/);
    const token = await tokenOf(page);
    const runId = (await apiCall(server.origin, token, projectContract.runQueryProject, {})).find((r) => r.projectName === PROJECT)?.runId ?? 0;
    expect(runId).toBeGreaterThan(0);

    // Its gateway's key, from the connection page, with the topic it publishes to.
    await shell.expandMenu();
    await page.getByTestId('side-menu').getByRole('link', { name: text('connection.menu') }).click();
    await page.waitForURL(/\/fw1\/connection$/);
    const topic = await page.getByTestId('connection-mqtt-topic').inputValue();
    expect(topic).toBe(`${PREFIX}/runs/${runId}/frames`);
    const httpUrl = await page.getByTestId('connection-http-url').inputValue();
    await page.getByTestId('connection-rotate').click();
    await page.getByRole('dialog').getByRole('button', { name: text('connection.key.issue') }).click();
    const key = await page.getByTestId('connection-key-value').inputValue();
    expect(key).toMatch(/^bk[\w-]{43}$/);
    await page.keyboard.press('Escape');

    // Three of the PLC's names mapped to catalogue tags, pasted as lines.
    await page.getByTestId('side-menu').getByRole('link', { name: text('tagMapping.menu') }).click();
    await page.waitForURL(/\/fw1\/tagMapping$/);
    await page.getByRole('button', { name: text('tagMapping.action.paste') }).click();
    await page.getByRole('dialog').locator('textarea').fill(`${RAW.ring}\t${KEY_TAGS.ringNo}\n${RAW.advance}\t${KEY_TAGS.advanceMode}\n${RAW.build}\t${KEY_TAGS.erectMode}`);
    await page.getByRole('button', { name: text('tagMapping.paste.apply') }).click();
    await expect.poll(() => page.getByTestId('mapping-table').locator('tr.ant-table-row').count()).toBe(3);
    await page.getByRole('button', { name: text('tagMapping.action.save') }).click();
    await expect.poll(async () => (await apiCall(server.origin, token, telemetryContract.tagMappingQuery, { runId })).length, { timeout: 10_000 }).toBe(3);

    // A sensor the catalogue lacks: an own tag of the run, on the hydraulic page.
    await page.getByTestId('own-tag-add').click();
    const ownDialog = page.getByTestId('own-tag-dialog');
    await ownDialog.getByLabel(text('ownTags.field.code')).fill(OWN_TAG);
    await ownDialog.getByLabel('Name (English)').fill('Gearbox oil temperature');
    await ownDialog.getByLabel(text('ownTags.field.unit')).fill('°C');
    // The list is long (virtual): typed, then taken with Enter as a keyboard user does.
    await ownDialog.getByLabel(text('ownTags.field.subsystem')).fill(text('telemetry.subsystem.hydraulic'));
    await page.locator('.ant-select-item-option-active', { hasText: text('telemetry.subsystem.hydraulic') }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await ownDialog.getByLabel(text('ownTags.field.rangeMin')).fill('0');
    await ownDialog.getByLabel(text('ownTags.field.rangeMax')).fill('120');
    await ownDialog.getByLabel(text('ownTags.field.precision')).fill('1');
    await okModal(page);
    await page.getByTestId('own-tag-table').getByText(OWN_TAG).waitFor();
    await page.screenshot({ path: '.test-results/first-project-tag-mapping.png', fullPage: true });

    // The machine: a ring's worth of frames published by Debian's MQTT client with the key, then the
    // newest frame posted by curl.
    const now = Date.now();
    const frames = ringOfFrames(now - 25 * 60_000);
    const dir = mkdtempSync(join(tmpdir(), 'boreline-first-'));
    const file = join(dir, 'ring.json');
    writeFileSync(file, JSON.stringify({ batchId: 'ring-201', frames }));
    execFileSync('mosquitto_pub', ['-h', BROKER.host, '-p', BROKER.port, '-V', 'mqttv5', '-q', '1', '-t', topic, '-D', 'publish', 'user-property', 'ingest-key', key, '-f', file]);
    const latest = { frames: [{ ts: now - 1_000, values: { [RAW.ring]: LIVE_RING + 1, [RAW.advance]: 1, [RAW.build]: 0, [KEY_TAGS.advanceSpeed]: 44.4, [KEY_TAGS.cutterSpeed]: 1.6, [OWN_TAG]: 47.26 } }] };
    const answer = JSON.parse(
      execFileSync('curl', ['-sS', '-X', 'POST', httpUrl, '-H', `Authorization: ${key}`, '-H', 'Content-Type: application/json', '--data-binary', JSON.stringify(latest)], { encoding: 'utf8' }),
    ) as { code: number; data: { accepted: number; unknownTags: string[] } };
    expect(answer).toMatchObject({ code: 0, data: { accepted: 1, unknownTags: [] } });

    // The real-time page shows the machine's values: the ring under the PLC's name, the speed from curl.
    await page.goto(`${server.base}/fw1/rta`);
    await expect.poll(() => page.getByTestId('rta-ring').innerText(), { timeout: 30_000 }).toBe(String(LIVE_RING + 1));
    const speed = page.locator(`[data-testid=key-figure][data-code="${KEY_TAGS.advanceSpeed}"] [data-testid=key-figure-value]`);
    await expect.poll(() => speed.innerText(), { timeout: 15_000 }).toMatch(/^44\.4/);
    await page.screenshot({ path: '.test-results/first-project-realtime.png', fullPage: true });
    // The own tag on its subsystem's page, with its name, unit and one decimal.
    await page.goto(`${server.base}/fw1/rta/hydraulic`);
    const own = page.locator(`[data-testid=tag-row][data-code="${OWN_TAG}"]`);
    await expect.poll(() => own.locator('[data-testid=tag-value]').innerText(), { timeout: 15_000 }).toBe('47.3');
    expect(await own.innerText()).toContain('Gearbox oil temperature');
    expect(await own.innerText()).toContain('°C');
    await page.screenshot({ path: '.test-results/first-project-hydraulic.png', fullPage: true });

    // The ring the frames made is on the board (its total counts the drive's rings up to it).
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/fw1/home`);
          return (await page.getByTestId('figures-total-rings').innerText()).split('\n').map((s) => s.trim());
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain(String(LIVE_RING));

    // The name the mapping lacks waits in the unmapped list with its last value.
    await page.goto(`${server.base}/fw1/tagMapping`);
    const unmapped = page.getByTestId('unmapped-table').locator('tr.ant-table-row', { hasText: UNMAPPED });
    await unmapped.waitFor({ timeout: 15_000 });
    expect(await unmapped.innerText()).toContain('41.5');

    // The 200 rings built before the console: the drive then starts at ring 1.
    await page.goto(`${server.base}/fw1/ringHistory`);
    expect(await page.getByTestId('missing-rings').innerText({ timeout: 30_000 })).toContain(`Rings 1 to ${HISTORY_RINGS} were built before recording began`);
    await page.getByRole('button', { name: text('ringHistory.page.import') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'lot-mules-history.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await historySheet(now - 40 * 24 * 3_600_000),
    });
    await dialog.getByText(`${HISTORY_RINGS} rows imported`).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: text('ui.import.close') }).last().click();
    await expect.poll(() => page.getByTestId('missing-rings').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('built-rings').innerText()).toContain(String(HISTORY_RINGS + 1));
    const firstImported = page.getByTestId('imported-rings').locator('tbody tr.ant-table-row').first();
    const cells = (await firstImported.locator('td').allInnerTexts()).map((c) => c.trim());
    expect(cells[0]).toBe('1');
    // The sheet gave no durations: none are shown (not "0.0 min").
    expect(cells.slice(5, 8)).toEqual(['—', '—', '—']);
    await page.screenshot({ path: '.test-results/first-project-history.png', fullPage: true });

    // The progress statistics count from ring 1: month by month, the first month's total is its own
    // rings, the last month's total is every ring of the drive.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await page.goto(`${server.base}/fw1/statistic/process?unit=month&from=${day(now - 41 * 24 * 3_600_000)}&to=${day(now)}`);
    const months = page.getByTestId('progress-table').locator('tbody tr.ant-table-row');
    await months.first().waitFor({ timeout: 30_000 });
    const cellsOf = async (row: ReturnType<typeof months.first>) => (await row.locator('td').allInnerTexts()).map((c) => c.trim());
    const withRings = [];
    for (const row of await months.all()) {
      const cells = await cellsOf(row);
      if (cells[1] !== '0') withRings.push(cells);
    }
    expect(withRings[0]?.[6]).toBe(withRings[0]?.[1]);
    expect(withRings.at(-1)?.[6]).toBe(String(HISTORY_RINGS + 1));
    await page.screenshot({ path: '.test-results/first-project-progress.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
