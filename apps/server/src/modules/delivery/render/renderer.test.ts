import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { ToolTicketService } from '../toolPages/index.js';
import { createRenderer, launchChromium, PageRenderer, RenderError, SharedBrowser } from './index.js';

/**
 * The renderer against the real Chromium (Debian's, `/usr/bin/chromium` or RENDER_BROWSER) and a
 * small page server of the test's own: tool pages that get ready, never get ready, or fail; pages
 * that hold a request open so the test counts how many render at once.
 */
const browserPath = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Admin-pass-2026', ADMIN_EMAIL: 'a@b.test', ADMIN_PHONE: '10000000000' }).delivery.browserPath;
/** How far a page size is from another, in points. */
const offBy = (a: { width: number; height: number }, b: { width: number; height: number }) => Math.max(Math.abs(a.width - b.width), Math.abs(a.height - b.height));
/** How long each page's data request is held: long enough that two renders surely overlap on a busy machine. */
const HOLD_MS = 1_200;
const quiet = { info: () => undefined, warn: () => undefined };

/** A tool page: a red band on top, text, `height` CSS pixels tall, ready after `delayMs`. */
const toolPage = (options: { height: number; delayMs: number; state?: 'ready' | 'error' | 'never'; error?: string; hold?: boolean }) => `<!doctype html>
<html><head><meta charset="utf-8"><style>body{margin:0;font:16px sans-serif;background:#fff}#band{height:200px;background:#d00}</style></head>
<body><div id="root" data-tool-state="loading" style="height:${options.height}px"><div id="band"></div><p>Shift daily summary – ring 1234</p></div>
<script>
  const root = document.getElementById('root');
  const finish = () => {
    if (${JSON.stringify(options.state ?? 'ready')} === 'never') return;
    if (${JSON.stringify(options.state ?? 'ready')} === 'error') { root.setAttribute('data-tool-error', ${JSON.stringify(options.error ?? '')}); root.setAttribute('data-tool-state', 'error'); return; }
    root.setAttribute('data-tool-state', 'ready');
  };
  ${options.hold ? "fetch('/hold').then(() => setTimeout(finish, 0));" : `setTimeout(finish, ${options.delayMs});`}
</script></body></html>`;

describe('tool page renderer (real Chromium)', () => {
  let server: Server;
  let base: string;
  let holding = 0;
  let mostHeld = 0;
  let shared: SharedBrowser;
  let renderer: PageRenderer;

  beforeAll(async () => {
    if (!browserPath || !existsSync(browserPath)) throw new Error('the renderer tests need Chromium (apt-get install chromium, or RENDER_BROWSER)');
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const page = (html: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      if (url.pathname === '/ready') return page(toolPage({ height: Number(url.searchParams.get('height') ?? 600), delayMs: 150 }));
      if (url.pathname === '/never') return page(toolPage({ height: 600, delayMs: 0, state: 'never' }));
      if (url.pathname === '/error') return page(toolPage({ height: 600, delayMs: 50, state: 'error', error: url.searchParams.get('key') ?? '' }));
      if (url.pathname === '/held') return page(toolPage({ height: 600, delayMs: 0, hold: true }));
      if (url.pathname === '/hold') {
        holding += 1;
        mostHeld = Math.max(mostHeld, holding);
        setTimeout(() => {
          holding -= 1;
          response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        }, HOLD_MS);
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    shared = new SharedBrowser(() => launchChromium(browserPath ?? ''));
    renderer = new PageRenderer({ browser: shared, concurrency: 2, timeoutMs: 15_000, log: quiet });
  });

  afterAll(async () => {
    await renderer?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const failureOf = async (work: Promise<unknown>): Promise<RenderError> => {
    try {
      await work;
    } catch (error) {
      if (error instanceof RenderError) return error;
      throw error;
    }
    throw new Error('the render did not fail');
  };

  it('captures a phone-sized PNG of the whole page at twice the pixels, not blank', async () => {
    const file = await renderer.capture({ url: `${base}/ready?height=1500`, size: 'phone', format: 'png' });
    expect(file.contentType).toBe('image/png');
    const meta = await sharp(file.bytes).metadata();
    // 390 CSS pixels wide at scale 2; the page's 1500 px are taller than the phone's 844.
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 780, 3000]);
    const { data, info } = await sharp(file.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(10, 10)).toEqual([221, 0, 0]); // the red band at the top
    expect(pixel(10, 2_900)).toEqual([255, 255, 255]);
  });

  it('never captures a page shorter than its size: an A4 PNG is at least 1123 CSS pixels tall', async () => {
    const file = await renderer.capture({ url: `${base}/ready?height=300`, size: 'a4', format: 'png' });
    const meta = await sharp(file.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([794 * 2, 1123 * 2]);
  });

  it('prints PDFs: A4 pages for a4, pages of the phone screen for phone', async () => {
    const a4 = await renderer.capture({ url: `${base}/ready?height=600`, size: 'a4', format: 'pdf' });
    expect(a4.contentType).toBe('application/pdf');
    expect(a4.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const a4Doc = await PDFDocument.load(a4.bytes);
    const a4Size = a4Doc.getPage(0).getSize();
    // A4 is 595.3 × 841.9 points (Chromium rounds paper sizes a little).
    expect(offBy(a4Size, { width: 595.3, height: 841.9 })).toBeLessThan(1.5);

    const phone = await renderer.capture({ url: `${base}/ready?height=2000`, size: 'phone', format: 'pdf' });
    const phoneDoc = await PDFDocument.load(phone.bytes);
    const phoneSize = phoneDoc.getPage(0).getSize();
    // 390 × 844 CSS pixels are 292.5 × 633 points; 2000 px of content take three such pages.
    expect(offBy(phoneSize, { width: 292.5, height: 633 })).toBeLessThan(1.5);
    expect(phoneDoc.getPageCount()).toBe(3);
  });

  it('fails with the page’s own reason when it reports an error, and a generic one for a reason nobody knows', async () => {
    expect((await failureOf(renderer.capture({ url: `${base}/error?key=common.error.noPermission`, size: 'phone', format: 'png' }))).message).toBe('common.error.noPermission');
    const unknown = await failureOf(renderer.capture({ url: `${base}/error?key=not-a-key`, size: 'phone', format: 'png' }));
    expect([unknown.failure, unknown.message, unknown.detail]).toEqual(['page', 'deliveryChannels.render.pageFailed', 'not-a-key']);
  });

  it('fails a page that answers an HTTP error', async () => {
    const failure = await failureOf(renderer.capture({ url: `${base}/missing`, size: 'phone', format: 'png' }));
    expect([failure.failure, failure.detail]).toEqual(['failed', 'HTTP 404 for the tool page']);
  });

  it('stops a page that never gets ready at the time limit, and closes its context', async () => {
    const quick = new PageRenderer({ browser: shared, concurrency: 1, timeoutMs: 1_500, log: quiet });
    const started = Date.now();
    const failure = await failureOf(quick.capture({ url: `${base}/never`, size: 'phone', format: 'png' }));
    const took = Date.now() - started;
    expect([failure.failure, failure.message]).toEqual(['timeout', 'deliveryChannels.render.timeout']);
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(4_000);
    expect((await shared.get()).contexts()).toHaveLength(0);
  });

  it('counts the wait for a place toward the time limit', async () => {
    const single = new PageRenderer({ browser: shared, concurrency: 1, timeoutMs: 1_500, log: quiet });
    const started = Date.now();
    const [first, second] = await Promise.all([
      failureOf(single.capture({ url: `${base}/never`, size: 'phone', format: 'png' })),
      failureOf(single.capture({ url: `${base}/ready`, size: 'phone', format: 'png' })),
    ]);
    // The second waited the whole limit behind the first and never opened its page.
    expect([first.failure, second.failure]).toEqual(['timeout', 'timeout']);
    expect(Date.now() - started).toBeLessThan(2_900);
  });

  it('renders at most two pages at once, all of them in the end, and leaves no context open', async () => {
    mostHeld = 0;
    const files = await Promise.all(Array.from({ length: 5 }, () => renderer.capture({ url: `${base}/held`, size: 'phone', format: 'png' })));
    expect(files.map((f) => f.contentType)).toEqual(Array(5).fill('image/png'));
    expect(mostHeld).toBe(2);
    expect(renderer.running).toBe(0);
    expect((await shared.get()).contexts()).toHaveLength(0);
  });

  it('leaves no page process behind after many renders (memory stays flat)', async () => {
    const browser = await shared.get();
    const cdp = await browser.newBrowserCDPSession();
    const renderers = async () => ((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string }[] }).processInfo.filter((p) => p.type === 'renderer').length;
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => renderer.capture({ url: `${base}/ready?height=${400 + i * 50}`, size: i % 2 ? 'phone' : 'a4', format: i % 3 ? 'png' : 'pdf' })));
    expect(files).toHaveLength(10);
    expect(browser.contexts()).toHaveLength(0);
    // Each context's renderer process ends with it (Chromium takes a moment to reap them).
    let left = await renderers();
    for (let waited = 0; left > 0 && waited < 5_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await renderers();
    }
    expect(left).toBe(0);
    await cdp.detach();
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    const failure = await failureOf(renderer.capture({ url: `${base}/never`, size: 'phone', format: 'png' }, controller.signal));
    expect(failure.failure).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await shared.get()).contexts()).toHaveLength(0);
  });

  it('keeps one browser for many renders and starts another when it died', async () => {
    const launches = shared.launchCount;
    for (let i = 0; i < 3; i += 1) await renderer.capture({ url: `${base}/ready`, size: 'phone', format: 'png' });
    expect(shared.launchCount).toBe(launches);
    await (await shared.get()).close(); // as if the browser crashed
    const file = await renderer.capture({ url: `${base}/ready`, size: 'phone', format: 'png' });
    expect(file.bytes.length).toBeGreaterThan(1_000);
    expect(shared.launchCount).toBe(launches + 1);
  });

  it('issues a ticket for the subscriber and opens its page at the server’s own address (port 0)', async () => {
    const app = Fastify();
    app.get('/client_web/shiftDailyTool', (request, reply) => {
      const query = request.query as Record<string, string>;
      // The page opened is the ticket's: its ticket and size made it to the address.
      if (query.ticket !== 'tl-owner-7' || query.size !== 'phone') return reply.code(403).type('text/html').send('<p>no</p>');
      return reply.type('text/html').send(toolPage({ height: 900, delayMs: 50 }));
    });
    const stops: (() => Promise<void> | void)[] = [];
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Admin-pass-2026', ADMIN_EMAIL: 'a@b.test', ADMIN_PHONE: '10000000000', RENDER_BROWSER: browserPath ?? '' });
    const issued: unknown[] = [];
    const tickets = {
      issueFor: (userId: number, runId: number, tool: string, view: unknown) => {
        issued.push({ userId, runId, tool, view });
        return Promise.resolve({ ticket: 'tl-owner-7', path: '/client_web/shiftDailyTool?ticket=tl-owner-7&runId=3&size=phone', expiresAt: 0 });
      },
    } as unknown as ToolTicketService;
    const ctx = { app, config, log: quiet, lifecycle: { onStart: () => undefined, onStop: (work: () => Promise<void>) => stops.push(work) } } as unknown as ModuleContext;
    const tool = createRenderer(ctx, tickets);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(tool.available).toBe(true);
      const file = await tool.render({ userId: 7, runId: 3, tool: 'shiftDailyTool', format: 'png', size: 'phone', lang: 'it_IT', params: { date: '2026-11-25', unit: 'day' } });
      expect((await sharp(file.bytes).metadata()).width).toBe(780);
      expect(issued).toEqual([{ userId: 7, runId: 3, tool: 'shiftDailyTool', view: { size: 'phone', lang: 'it_IT', params: { date: '2026-11-25', unit: 'day' } } }]);
      expect(stops).toHaveLength(1);
    } finally {
      await app.close();
    }
    // The server's close closed the browser: a late render stops, as at shutdown.
    const late = await failureOf(tool.render({ userId: 7, runId: 3, tool: 'shiftDailyTool', format: 'png', size: 'phone', lang: null, params: {} }));
    expect(late.failure).toBe('aborted');
  });

  it('is not available when the configured browser does not exist, and says so', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Admin-pass-2026', ADMIN_EMAIL: 'a@b.test', ADMIN_PHONE: '10000000000', RENDER_BROWSER: '/nonexistent/chromium' });
    const app = Fastify();
    const ctx = { app, config, log: quiet, lifecycle: { onStart: () => undefined, onStop: () => undefined } } as unknown as ModuleContext;
    const tool = createRenderer(ctx, {} as ToolTicketService);
    expect(tool.available).toBe(false);
    const failure = await failureOf(tool.render({ userId: 1, runId: 1, tool: 'guideTool', format: 'pdf', size: 'a4', lang: null, params: {} }));
    expect([failure.failure, failure.message]).toEqual(['noBrowser', 'deliveryChannels.render.noBrowser']);
    await app.close();
  });
});
