import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointUrl, graphContract } from '@boreline/contracts';
import { CATALOGUES, flatten } from '@boreline/i18n';
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
const MILAN = 'Metro M4 Lot 3 – San Babila';
const SHOTS = '/tmp';
const ATTRIBUTION = '© Boreline test tiles';

/** A 1×1 pale green PNG: what the local tile server answers for every tile (Leaflet stretches it to 256 px). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+e4hAAV8ArlfqaA8AAAAAElFTkSuQmCC', 'base64');

/**
 * The alignment under San Babila in WGS 84 / UTM 32N (EPSG 32632): from 4+200 to 7+000 every
 * 100 m, heading north-east and bending east, covering the demo drive (4+219.833 to 6+919.833).
 */
const ALIGNMENT_CSV = (() => {
  const rows = ['chainage,easting,northing'];
  let easting = 514_650;
  let northing = 5_034_700;
  for (let i = 0; i < 29; i += 1) {
    rows.push(`${4200 + i * 100},${easting.toFixed(3)},${northing.toFixed(3)}`);
    // The next 100 m along a heading that turns 1.5° east per step (a gentle curve).
    const heading = ((40 + i * 1.5) * Math.PI) / 180;
    easting += 100 * Math.sin(heading);
    northing += 100 * Math.cos(heading);
  }
  return rows.join('\n');
})();

/** A tile server on 127.0.0.1 answering `/{z}/{x}/{y}.png` with the PNG, recording what was asked. */
async function startTileServer(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    if (/^\/\d+\/\d+\/\d+\.png$/.test(url)) {
      requests.push(url);
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length, 'cache-control': 'no-store' });
      response.end(PNG);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Signs in as the administrator and enters the Milan run; answers the page, its problems, the token and the run id. */
async function enterMilan(browser: Browser, server: RunningServer): Promise<{ page: Page; problems: string[]; token: string; runId: number }> {
  const { page, problems } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const login = new LoginPage(page, server.base);
  await login.open();
  await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  await new Shell(page).waitUntilShown();
  await new ProjectList(page).enter(MILAN);
  await page.waitForURL(/\/fw1\/home$/);
  const runId = await page.evaluate(() => {
    const raw = sessionStorage.getItem('boreline.run');
    return raw ? (JSON.parse(raw) as { runId: number }).runId : null;
  });
  if (runId === null) throw new Error('no current run');
  return { page, problems, token: await tokenOf(page), runId };
}

/** The alignment drawn on the map fits it: its outline lies inside the map and spans a good part of it. */
async function expectAlignmentFitted(page: Page): Promise<void> {
  const map = await page.getByTestId('graph-map').boundingBox();
  const line = await page.locator('[data-testid=graph-map] path.leaflet-interactive[stroke="#262626"]').boundingBox();
  if (!map || !line) throw new Error('no map or no alignment drawn');
  expect(line.x).toBeGreaterThanOrEqual(map.x - 1);
  expect(line.y).toBeGreaterThanOrEqual(map.y - 1);
  expect(line.x + line.width).toBeLessThanOrEqual(map.x + map.width + 1);
  expect(line.y + line.height).toBeLessThanOrEqual(map.y + map.height + 1);
  expect(Math.max(line.width / map.width, line.height / map.height)).toBeGreaterThan(0.5);
}

describe('graph map in Chromium: the alignment on the installation’s tiles, or on a grid without a tile source', () => {
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  let withTiles: RunningServer;
  let plain: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    tiles = await startTileServer();
    const quiet = { SIMULATOR: 'false', DEMO_FRAMES_HOURS: '0' };
    // Tile settings are the server's configuration: one server with a tile source, one without, started side by side.
    [withTiles, plain, browser] = await Promise.all([
      startServer({ ...quiet, MAP_TILE_URL: `${tiles.origin}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: ATTRIBUTION, MAP_TILE_MAX_ZOOM: '18' }),
      startServer(quiet),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    withTiles?.stop();
    plain?.stop();
    await new Promise((resolve) => tiles?.server.close(resolve));
  });

  it('imports a UTM 32N alignment through the import endpoint and shows it on tiles of the local tile server, with attribution and scale bar', { timeout: 180_000 }, async () => {
    const { page, problems, token, runId } = await enterMilan(browser, withTiles);

    const form = new FormData();
    form.append('runId', String(runId));
    form.append('epsg', '32632');
    form.append('file', new Blob([ALIGNMENT_CSV], { type: 'text/csv' }), 'san-babila.csv');
    const response = await fetch(`${withTiles.origin}${endpointUrl(graphContract.alignmentImport)}`, { method: 'POST', headers: { authorization: token, lang: 'en_US' }, body: form });
    const envelope = (await response.json()) as { code: number; msg: string; data: { points: number; epsg: number | null; firstChainage: number; lastChainage: number } };
    expect(envelope.code, envelope.msg).toBe(0);
    expect(envelope.data).toMatchObject({ points: 29, epsg: 32632, firstChainage: 4200, lastChainage: 7000 });
    // The map query answers it in WGS 84 near Milan.
    const data = await apiCall(withTiles.origin, token, graphContract.mapQuery, { runId });
    expect(data.tiles).toMatchObject({ url: `${tiles.origin}/{z}/{x}/{y}.png`, attribution: ATTRIBUTION, maxZoom: 18, provider: null });
    expect(data.alignment[0]?.lat).toBeCloseTo(45.46, 1);
    expect(data.alignment[0]?.lng).toBeCloseTo(9.19, 1);

    await page.goto(`${withTiles.base}/fw1/graph/map`);
    await page.getByTestId('graph-map').waitFor();
    expect(await page.getByTestId('graph-map').getAttribute('data-tiles')).toBe('yes');
    // Tiles come from the local server and load (the CSP lets the configured tile origin in).
    await page.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
    const sources = await page.locator('img.leaflet-tile').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(new RegExp(`^${tiles.origin.replace(/[.]/g, '\\.')}/\\d+/\\d+/\\d+\\.png$`));
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(await page.locator('.leaflet-control-attribution').innerText()).toContain(ATTRIBUTION);
    await page.locator('.leaflet-control-scale-line').waitFor();
    expect(await page.getByTestId('map-no-tiles').count()).toBe(0);
    await expectAlignmentFitted(page);
    expect(await page.getByTestId('map-legend').innerText()).toContain(text('graphMap.legend.alignment'));
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/graph-map-tiles.png` });
  });

  it('without a tile source: the import is offered, the file goes through the dialog, and the map shows a grid with a scale bar and no tiles', { timeout: 180_000 }, async () => {
    const { page, problems } = await enterMilan(browser, plain);
    await page.goto(`${plain.base}/fw1/graph/map`);
    // The import is offered to a writer whether the run has an alignment yet (the empty state says how
    // to make one) or a demo one to replace.
    await page.getByTestId('alignment-import-open').waitFor({ timeout: 30_000 });
    if ((await page.getByTestId('map-empty').count()) > 0) expect(await page.getByTestId('map-empty').innerText()).toContain(text('graphMap.empty.title'));

    await page.getByTestId('alignment-import-open').click();
    const dialog = page.getByTestId('alignment-import');
    await dialog.getByRole('spinbutton').fill('32632');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'san-babila.csv', mimeType: 'text/csv', buffer: Buffer.from(ALIGNMENT_CSV) });
    await page.getByText('29 points imported').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('alignment-report').innerText()).toContain('EPSG:32632');
    await page.locator('.ant-modal').getByRole('button', { name: text('graphMap.import.close') }).last().click();
    await page.getByTestId('alignment-import').waitFor({ state: 'detached' });

    await page.getByTestId('graph-map').waitFor();
    expect(await page.getByTestId('graph-map').getAttribute('data-tiles')).toBe('no');
    expect(await page.getByTestId('graph-map').getAttribute('class')).toContain('graph-map-grid');
    expect(await page.getByTestId('map-no-tiles').innerText()).toContain('MAP_TILE_URL');
    await page.locator('.leaflet-control-scale-line').waitFor();
    expect(await page.locator('.leaflet-control-scale-line').innerText()).toMatch(/\d+ (m|km)/);
    expect(await page.locator('img.leaflet-tile').count()).toBe(0);
    // The grid is the map's own background, drawn by CSS: nothing to load.
    expect(await page.getByTestId('graph-map').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    await expectAlignmentFitted(page);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/graph-map-grid.png` });

    // The home board shows the long section card of the run.
    await page.goto(`${plain.base}/fw1/home`);
    await page.getByTestId('home-long-section').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('home-long-section').innerText()).toContain(text('graphMap.section.title'));
    // The drawing takes the card's width.
    const drawing = page.getByTestId('long-section').getByRole('img', { name: text('graphMap.section.label') });
    await drawing.waitFor({ timeout: 30_000 });
    const frame = await page.getByTestId('long-section').boundingBox();
    const svg = await drawing.boundingBox();
    expect(Math.abs((svg?.width ?? 0) - (frame?.width ?? 0))).toBeLessThan(2);
  });
});
