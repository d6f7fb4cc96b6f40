import { adminContract, alarmContract, endpointUrl, filesContract, KEY_TAGS, repairContract, telemetryContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { typeInto } from './pom/pickers.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { apiCall, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';
import { E2E_ADMIN } from './support/server.js';

const en = flatten(CATALOGUES['en-US']);
const text = (key: string) => en[key] ?? key;
const MILAN = 'Metro M4 Lot 3 – San Babila';
const THRUST = KEY_TAGS.totalThrust;
/** A word of the new repair's cause, found in the case base once it is published. */
const CAUSE_WORD = 'Scoring';
const TITLE = 'Thrust cylinder 7 rod seal failure';

/** A site photo stand-in: a small PNG of its own colour. */
const picture = (i: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 60 * i, g: 110, b: 180 } } }).png().toBuffer();

/**
 * A real, playable MP4 of about two seconds (H.264, `isom` brand), recorded by the browser itself from
 * a canvas: the machine has no ffmpeg and the repository no video fixture.
 */
async function recordClip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 200_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 20) % 360},70%,50%)`;
      context.fillRect(0, 0, 160, 120);
    }, 66);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** A wall time on the Milan site's clock as the pickers take it (DD/MM/YYYY HH:mm), `minutesAhead` from now (the picker takes minutes: a repair dated now would fall before an alarm raised this minute). */
function milanNow(minutesAhead = 0): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + minutesAhead * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Uploads one file for a purpose of the run, as the pages do. */
async function upload(origin: string, token: string, runId: number, purpose: string, name: string, type: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('runId', String(runId));
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const response = await fetch(`${origin}${endpointUrl(filesContract.upload)}`, { method: 'POST', headers: { authorization: token, lang: 'en_US' }, body: form });
  const body = (await response.json()) as { code: number; msg: string; data: { id: string } };
  if (body.code !== 0) throw new Error(`upload: ${body.msg}`);
  return body.data.id;
}

describe('repairs in Chromium: diagnose an alarm, record its repair with photos and a video, publish it, find it', () => {
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    // The demo projects (their repairs and knowledge too) without history or simulator: the only frames are this test's.
    [server, browser] = await Promise.all([startInProcessServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '0', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('cites three suggestions for a current alarm, records the repair from it with photos and a playable video, publishes it and finds it by its cause', { timeout: 240_000 }, async () => {
    const db = server.test.db.kysely;
    const milan = await db.selectFrom('runs').select('id').where('project_name', '=', MILAN).executeTakeFirstOrThrow();

    const { page, problems } = await newPage(browser);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    await new ProjectList(page).enter(MILAN);
    await page.waitForURL(/\/fw1\/home$/);
    const token = await tokenOf(page);

    // A current alarm: the thrust passes its alarm limit in a frame the gateway posts.
    const key = (await apiCall(server.origin, token, telemetryContract.ingestKeyRotate, { runId: milan.id })).key;
    await apiCall(server.origin, token, adminContract.warnSettingUpdate, { runId: milan.id, tagCode: THRUST, enabled: true, notify: false, lowAlarm: null, lowWarn: null, highWarn: 30_000, highAlarm: 35_000, delaySeconds: 0 });
    const posted = await fetch(`${server.origin}${endpointUrl(telemetryContract.ingestFrames)}`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({ frames: [{ ts: Date.now() - 2_000, values: { [THRUST]: 21_000 } }, { ts: Date.now() - 1_000, values: { [THRUST]: 36_500 } }] }),
    });
    expect(((await posted.json()) as { code: number }).code).toBe(0);
    await expect.poll(async () => (await apiCall(server.origin, token, alarmContract.alarmCurrentQuery, { runId: milan.id })).alarms.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [alarm] = (await apiCall(server.origin, token, alarmContract.alarmCurrentQuery, { runId: milan.id })).alarms;
    if (!alarm) throw new Error('no alarm raised');

    // What the site knew before: a published case of the same point and a knowledge item on thrust.
    const prefill = await apiCall(server.origin, token, repairContract.repairFromAlarm, { runId: milan.id, alarmId: alarm.id });
    const earlier = await apiCall(server.origin, token, repairContract.repairAdd, {
      runId: milan.id,
      finder: 'Marco Bianchi',
      foundAt: Date.now() - 20 * 86_400_000,
      system: prefill.system,
      component: prefill.component,
      title: 'Total thrust too high on a boulder',
      description: `${alarm.name}: total thrust above the alarm limit while boring through a boulder`,
      failureMode: 'overheating',
      cause: 'Boulder at the face; thrust raised instead of cutterhead speed',
      result: 'Cutterhead speed lowered, thrust back under 30,000 kN',
      repairers: 'Luca Verdi',
      repairedAt: Date.now() - 19 * 86_400_000,
      photoIds: [],
      videoIds: [],
    });
    await apiCall(server.origin, token, repairContract.repairPublish, { runId: milan.id, id: earlier.id, publish: true });
    const drawing = await upload(server.origin, token, milan.id, 'knowledge', 'thrust-cylinders.png', 'image/png', await picture(1));
    await apiCall(server.origin, token, repairContract.knowledgeAdd, { runId: milan.id, name: `Total thrust: ${alarm.name}`, code: 'TH-PR-001', system: prefill.system, remark: 'Thrust cylinder layout', fileId: drawing });

    // From the current alarm: the diagnosis cites its sources.
    await page.goto(`${server.base}/fw1/alarm/present_alarm`);
    const row = page.getByTestId('present-table').locator('tbody tr.ant-table-row').first();
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('open-detail').click();
    const detail = page.getByTestId('alarm-detail');
    await detail.getByTestId('alarm-fields').waitFor();
    await page.getByTestId('diagnose').click();
    const suggestions = page.getByTestId('diagnosis-suggestion');
    await expect.poll(() => suggestions.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const kinds = await suggestions.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['case', 'knowledge', 'alarmSuggestion']));
    // No answer without a source: every suggestion links to one and says why it matched.
    for (let i = 0; i < 3; i += 1) {
      const item = suggestions.nth(i);
      expect(await item.getByTestId('suggestion-source').getAttribute('href')).toMatch(/^(\/client_web)?\/fw1\/(stm_smtce\/(case|knowledge)|alarm\/history_alarm)\?open=\d+/);
      expect(await item.getByTestId('suggestion-reasons').locator('li').count()).toBeGreaterThan(0);
    }
    const caseItem = page.locator('[data-testid="diagnosis-suggestion"][data-kind="case"]', { hasText: 'Total thrust too high on a boulder' });
    await caseItem.waitFor();
    await page.screenshot({ path: '/tmp/repair-diagnosis.png' });
    // The diagnosis drawer lies over the alarm's: closing it leaves the alarm open.
    await page.locator('.ant-drawer-open').last().locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(1);

    // The repair form, filled from the alarm.
    await page.getByTestId('create-repair-record').click();
    const dialog = page.getByTestId('repair-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('repair-system').inputValue()).toBe(prefill.system);
    expect(await dialog.getByTestId('repair-title').inputValue()).toBe(prefill.title);
    expect(await dialog.getByTestId('repair-description').inputValue()).toBe(prefill.description);
    await dialog.getByTestId('repair-finder').fill('Marco Bianchi');
    await dialog.getByTestId('repair-title').fill(TITLE);
    const [photos, videos] = [dialog.locator('input[type=file]').nth(0), dialog.locator('input[type=file]').nth(1)];
    await photos.setInputFiles([
      { name: 'rod-1.png', mimeType: 'image/png', buffer: await picture(1) },
      { name: 'rod-2.png', mimeType: 'image/png', buffer: await picture(2) },
    ]);
    await dialog.locator('.bl-upload-thumb img').nth(1).waitFor({ timeout: 15_000 });
    await videos.setInputFiles({ name: 'rod-seal.mp4', mimeType: 'video/mp4', buffer: await recordClip(page) });
    await dialog.locator('.bl-upload-chip a', { hasText: 'rod-seal.mp4' }).waitFor({ timeout: 30_000 });
    await dialog.getByTestId('repair-cause').fill(`${CAUSE_WORD} on the rod of thrust cylinder 7 cut the seal`);
    await dialog.getByTestId('repair-result').fill('Rod polished, seal kit replaced, cylinder tested at 350 bar');
    await dialog.getByTestId('repair-repairers').fill('Luca Verdi, Paolo Neri');
    await typeInto(page, dialog.getByTestId('repair-repaired-at'), milanNow(2), 'ok');
    await page.locator('.ant-modal-footer:visible').getByRole('button', { name: text('ui.dialog.save') }).click();
    // Saved: the dialog's window closes (its form stays mounted for the next opening).
    const saved = await db.selectFrom('repair_records').select(['id', 'alarm_id', 'repaired_at']).where('title', '=', TITLE).executeTakeFirstOrThrow();
    expect(saved.alarm_id).toBe(alarm.id);
    expect(saved.repaired_at).not.toBeNull();

    // The repair's detail: the photos as thumbnails, the video played and sought.
    await page.goto(`${server.base}/fw1/stm_smtce/repair?keyword=${encodeURIComponent('cylinder')}`);
    const repairRow = page.getByTestId('repair-table').locator('tbody tr', { hasText: TITLE });
    await repairRow.waitFor({ timeout: 15_000 });
    await repairRow.getByTestId('repair-detail-open').click();
    const body = page.getByTestId('repair-detail-body');
    await body.waitFor();
    await expect.poll(() => body.locator('[data-testid="repair-gallery"] img[src^="blob:"]').count(), { timeout: 15_000 }).toBe(2);
    expect(await body.getByTestId('detail-alarm').innerText()).toContain(alarm.name);
    const video = body.getByTestId('repair-video');
    await video.waitFor({ timeout: 30_000 });
    // Streamed from a file ticket's link (Range requests, no session header), not downloaded whole as a blob.
    const src = (await video.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/server_project\/g\/web\/file\/stream\/v1\?ticket=ft[A-Za-z0-9_-]{43}$/);
    expect(src).not.toContain(token);
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      const until = (event: string) => new Promise((resolve) => {
        element.addEventListener(event, resolve, { once: true });
        setTimeout(resolve, 10_000);
      });
      if (element.readyState < 1) await until('loadedmetadata');
      const duration = element.duration;
      element.currentTime = 1;
      await until('seeked');
      return { duration, readyState: element.readyState, currentTime: element.currentTime, error: element.error?.code ?? null };
    });
    expect(played.duration).toBeGreaterThan(1.5);
    expect(played.error).toBeNull();
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.currentTime).toBeCloseTo(1, 1);
    await page.screenshot({ path: '/tmp/repair-detail.png' });

    // Published as a case, then found in the case base by a word of its cause.
    await page.getByTestId('repair-publish').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: text('repairWeb.common.ok') }).click();
    await page.getByTestId('repair-withdraw').waitFor({ timeout: 10_000 });
    await page.goto(`${server.base}/fw1/stm_smtce/case`);
    await page.getByTestId('case-search').fill(CAUSE_WORD.toLowerCase());
    await page.getByTestId('case-search').press('Enter');
    await page.waitForURL(/keyword=scoring/);
    // The word is this case's alone: once the search has answered, it is the one case listed, the word marked.
    const items = page.getByTestId('case-item');
    await expect.poll(() => items.evaluateAll((list) => list.map((item) => item.querySelector('[data-testid="case-title"]')?.textContent)), { timeout: 15_000 }).toEqual([TITLE]);
    expect(await items.first().getByTestId('case-snippet').locator('mark').allInnerTexts()).toContain(CAUSE_WORD);
    await page.screenshot({ path: '/tmp/repair-case.png' });
    expect(problems).toEqual([]);
  });
});
