import { periodReportContract, projectContract, shiftReportContract, toolPagesContract as tp } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInAdminOverApi } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

const SHOTS = '/tmp/shots';
const MILAN = 'Metro M4 Lot 3 – San Babila';
const en = flatten(CATALOGUES['en-US']);
const de = flatten(CATALOGUES['de-AT']);
const it_ = flatten(CATALOGUES['it-IT']);
const text = (catalogue: Record<string, string>, key: string) => catalogue[key] ?? key;

/** The run's local date `days` from today (Milan: Europe/Rome). */
const romeDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });

describe('screen tool pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  let runId = 0;
  const yesterday = romeDate(-1);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_HISTORY_DAYS: '2' }), launchBrowser()]);
    token = await signInAdminOverApi(server.origin, 'e2e-tools-state-0123456789abcd');
    const runs = await apiCall(server.origin, token, projectContract.runQueryProject, {});
    runId = runs.find((r) => r.projectName === MILAN)?.runId ?? 0;
    expect(runId).toBeGreaterThan(0);
    // The demo history fills in the background: yesterday's rings are there once it is done.
    const until = Date.now() + 120_000;
    while ((await apiCall(server.origin, token, periodReportContract.periodReport, { runId, unit: 'day', date: yesterday })).actual.rings === 0) {
      if (Date.now() > until) throw new Error('the demo history did not fill in');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  const ticket = (tool: tp.ToolPage, view: { size?: tp.ToolSize; lang?: 'en_US' | 'de_AT' | null; params?: tp.ToolParams } = {}) =>
    apiCall(server.origin, token, tp.toolTicketIssue, { runId, tool, size: view.size ?? 'a4', lang: view.lang === undefined ? 'en_US' : view.lang, params: view.params ?? {} });

  /** Opens a tool page as the renderer does: a fresh browser context of the picture's size, waiting for its state. */
  async function openTool(path: string, size: tp.ToolSize): Promise<{ page: Page; problems: string[] }> {
    const { width, height, scale } = tp.TOOL_SIZES[size];
    const opened = await newPage(browser, { viewport: { width, height }, deviceScaleFactor: scale, reducedMotion: 'reduce' });
    await opened.page.goto(`${server.origin}${path}`, { waitUntil: 'commit' });
    await opened.page.locator('[data-tool-state="ready"], [data-tool-state="error"]').first().waitFor({ timeout: 45_000 });
    return opened;
  }

  /** What every ready tool page shows: its state, no ticket left in the address, exactly its size's width. */
  async function expectReady(page: Page, made: { ticket: string }, size: tp.ToolSize) {
    const root = page.getByTestId('tool-page');
    const state = await root.getAttribute('data-tool-state');
    // Why not, when not: the reason's key and the page's own words.
    const why = state === 'ready' ? '' : `${await root.getAttribute('data-tool-error')}: ${await page.getByTestId('tool-error').innerText({ timeout: 1_000 }).catch(() => '')}`;
    expect(state, why).toBe('ready');
    expect(page.url()).not.toContain('ticket');
    expect(page.url()).not.toContain(made.ticket);
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(tp.TOOL_SIZES[size].width);
    expect(await root.evaluate((el) => el.getBoundingClientRect().width)).toBe(tp.TOOL_SIZES[size].width);
    // The tool's token stays in the page's memory: nothing of it in the tab's storage.
    expect(await page.evaluate(() => sessionStorage.getItem('boreline.token'))).toBeNull();
  }

  it('shift daily tool: yesterday\'s figures at phone and A4 size, in the address\'s or the run\'s language', { timeout: 180_000 }, async () => {
    const report = await apiCall(server.origin, token, periodReportContract.periodReport, { runId, unit: 'day', date: yesterday });
    for (const size of ['phone', 'a4'] as const) {
      const made = await ticket('shiftDailyTool', { size, params: { date: yesterday, unit: 'day' } });
      const { page, problems } = await openTool(made.path, size);
      await expectReady(page, made, size);
      expect(await page.getByTestId('tool-title').innerText()).toBe(text(en, 'screenTools.daily.titleDay'));
      expect(await page.getByTestId('tool-project').innerText()).toBe(MILAN);
      expect(await page.getByTestId('figure-rings').innerText()).toContain(String(report.actual.rings));
      expect(await page.getByTestId('figure-cumulative').innerText()).toContain(report.cumulative.rings.toLocaleString('en-US'));
      const shifts = await page.getByTestId('tool-shift').allInnerTexts();
      expect(shifts).toHaveLength(report.shifts.length);
      for (const [i, s] of report.shifts.entries()) expect(shifts[i]).toContain(s.shiftName);
      expect(await page.getByTestId('tool-foot').innerText()).toMatch(/^Boreline · generated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(UTC\+0[12]:00\)$/);
      await page.screenshot({ path: `${SHOTS}/tool-shiftDaily-${size}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }
    // German from the address; the run's own language (Milan: Italian) without one.
    const german = await openTool((await ticket('shiftDailyTool', { size: 'phone', lang: 'de_AT', params: { date: yesterday } })).path, 'phone');
    expect(await german.page.getByTestId('tool-title').innerText()).toBe(text(de, 'screenTools.daily.titleDay'));
    await german.page.context().close();
    const italian = await openTool((await ticket('shiftDailyTool', { size: 'phone', lang: null })).path, 'phone');
    expect(await italian.page.getByTestId('tool-title').innerText()).toBe(text(it_, 'screenTools.daily.titleDay'));
    await italian.page.context().close();
  });

  it('the server renders the shift daily tool to a PNG of the chosen size, not blank, and to a PDF', { timeout: 120_000 }, async () => {
    const render = async (format: 'png' | 'pdf', size: tp.ToolSize) => {
      const response = await fetch(`${server.origin}/server_project${tp.toolRender.path}`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', lang: 'en_US' },
        body: JSON.stringify({ runId, tool: 'shiftDailyTool', format, size, lang: 'en_US', params: { date: yesterday, unit: 'day' } }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(format === 'png' ? 'image/png' : 'application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      return Buffer.from(await response.arrayBuffer());
    };
    for (const size of ['phone', 'a4'] as const) {
      const png = await render('png', size);
      const { width, height, scale } = tp.TOOL_SIZES[size];
      const image = sharp(png);
      const meta = await image.metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(width * scale);
      expect(meta.height ?? 0).toBeGreaterThanOrEqual(height * scale);
      // Not blank: the picture holds dark text on its white page (channel spread well above noise).
      const { channels } = await image.stats();
      expect(Math.min(...channels.slice(0, 3).map((c) => c.min))).toBeLessThan(80);
      expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20);
    }
    const pdf = await render('pdf', 'a4');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shift report tool: the named shift\'s leader, rings and time bar on a phone', { timeout: 120_000 }, async () => {
    const day = await apiCall(server.origin, token, shiftReportContract.shiftDayList, { runId, date: yesterday });
    const shift = day.shifts.find((s) => s.shiftRecId !== null);
    expect(shift).toBeTruthy();
    if (!shift) return;
    const report = await apiCall(server.origin, token, shiftReportContract.findShiftMain, { runId, date: yesterday, shiftNo: shift.shiftNo });
    const made = await ticket('shiftReportTool', { size: 'phone', params: { date: yesterday, shiftNo: shift.shiftNo } });
    const { page, problems } = await openTool(made.path, 'phone');
    await expectReady(page, made, 'phone');
    expect(await page.getByTestId('tool-when').innerText()).toContain(shift.shiftName);
    expect(await page.getByTestId('figure-leader').innerText()).toContain(report?.main.leader ?? '—');
    expect(await page.getByTestId('figure-headcount').innerText()).toContain(String(report?.main.headcount ?? '—'));
    expect(await page.getByTestId('shift-time-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('tool-line').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/tool-shiftReport-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('guide tool: head and tail deviations, strokes and the last rings', { timeout: 120_000 }, async () => {
    const guide = await apiCall(server.origin, token, tp.toolGuide, { runId });
    const made = await ticket('guideTool', { size: 'phone' });
    const { page, problems } = await openTool(made.path, 'phone');
    await expectReady(page, made, 'phone');
    expect(await page.getByTestId('tool-title').innerText()).toBe(text(en, 'screenTools.guide.title'));
    expect(await page.getByTestId('target-head').innerText()).toContain(text(en, 'screenTools.guide.head'));
    expect(await page.getByTestId('target-tail').innerText()).toContain(text(en, 'screenTools.guide.tail'));
    if (guide.head.horizontal !== null) expect(await page.getByTestId('target-head-h').innerText()).toBe(`${Math.round(guide.head.horizontal)} mm`);
    expect(await page.getByTestId('tool-ring').count()).toBe(guide.rings.length);
    expect(await page.getByTestId('tool-stroke').count()).toBe(guide.strokes.filter((s) => s.value !== null).length);
    await page.screenshot({ path: `${SHOTS}/tool-guide-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('graph tool: the floor plan and the long section with the machine, at both sizes', { timeout: 180_000 }, async () => {
    for (const [size, drawing] of [['a4', 'plan'], ['phone', 'section']] as const) {
      const made = await ticket('graphTool', { size, params: { drawing } });
      const { page, problems } = await openTool(made.path, size);
      await expectReady(page, made, size);
      expect(await page.getByTestId('tool-title').innerText()).toBe(text(en, drawing === 'plan' ? 'screenTools.graph.titlePlan' : 'screenTools.graph.titleSection'));
      expect(await page.locator('[data-testid="drawing-picture"][href^="blob:"]').count()).toBe(1);
      expect(await page.getByTestId('machine').count()).toBe(1);
      expect(await page.getByTestId('graph-legend').innerText()).toContain(text(en, 'graphWeb.legend.alignment'));
      await page.screenshot({ path: `${SHOTS}/tool-graph-${drawing}-${size}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('map tool: the alignment and the machine on the map', { timeout: 120_000 }, async () => {
    const made = await ticket('bMapTool', { size: 'phone' });
    const { page, problems } = await openTool(made.path, 'phone');
    await expectReady(page, made, 'phone');
    expect(await page.getByTestId('tool-title').innerText()).toBe(text(en, 'screenTools.map.title'));
    expect(await page.locator('[data-testid="graph-map"] .graph-map-machine').count()).toBe(1);
    expect(await page.getByTestId('figure-chainage').innerText()).toMatch(/\d+\+\d{3}\.\d{3}/);
    await page.screenshot({ path: `${SHOTS}/tool-map-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a ticket opens its page once; a page without a ticket shows not-found', { timeout: 120_000 }, async () => {
    const made = await ticket('guideTool', { size: 'phone' });
    const first = await openTool(made.path, 'phone');
    await expectReady(first.page, made, 'phone');
    await first.page.context().close();

    const again = await openTool(made.path, 'phone');
    const notFound = again.page.getByTestId('tool-not-found');
    expect(await notFound.getAttribute('data-tool-error')).toBe('screenTools.error.ticket');
    expect(await notFound.innerText({ timeout: 10_000 })).toContain(text(en, 'shell.page.notFoundTitle'));
    expect(again.page.url()).not.toContain(made.ticket);
    await again.page.context().close();

    const bare = await openTool(`/client_web${tp.TOOL_PATHS.shiftDailyTool}?runId=${runId}&size=phone`, 'phone');
    await bare.page.getByText(text(en, 'shell.page.notFoundTitle')).waitFor({ timeout: 10_000 });
    expect(await bare.page.getByTestId('tool-not-found').getAttribute('data-tool-state')).toBe('error');
    await bare.page.context().close();
  });
});
