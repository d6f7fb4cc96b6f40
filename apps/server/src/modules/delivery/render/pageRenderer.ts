import { LIMITS, toolPagesContract } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import { AppError } from '../../../core/errors.js';
import type { RenderedFile } from '../ports.js';
import { RenderError } from './renderError.js';
import { Semaphore } from './semaphore.js';
import type { SharedBrowser } from './sharedBrowser.js';

const { TOOL_SIZES, TOOL_READY_SELECTOR, TOOL_ERROR_SELECTOR, TOOL_STATE_ATTRIBUTE } = toolPagesContract;

export interface CaptureRequest {
  /** The page to open, or how to get it once a place is free (a ticket is issued then, fresh). */
  url: string | (() => Promise<string>);
  size: toolPagesContract.ToolSize;
  format: toolPagesContract.RenderFormat;
  /** For the log line. */
  label?: Record<string, unknown>;
}

export interface PageRendererOptions {
  browser: SharedBrowser;
  /** Renders at once; more wait their turn, and the wait counts toward the time limit. */
  concurrency: number;
  timeoutMs?: number;
  maxBytes?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Captures pages in the shared browser: a fresh context per render (the tool's viewport and
 * scale, reduced motion), the page opened, its `data-tool-state` awaited (ready: capture; error:
 * fail with the page's reason), a full-page PNG or a PDF, the context always closed after. One
 * time limit covers the wait for a place, the page's load and the capture; an aborted signal
 * stops the render at once.
 */
export class PageRenderer {
  private readonly slots: Semaphore;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(private readonly options: PageRendererOptions) {
    this.slots = new Semaphore(options.concurrency);
    this.timeoutMs = options.timeoutMs ?? LIMITS.renderTimeoutMs;
    this.maxBytes = options.maxBytes ?? LIMITS.renderFileMaxBytes;
  }

  /** Renders running now (not those waiting). */
  get running(): number {
    return this.slots.held;
  }

  async capture(request: CaptureRequest, signal?: AbortSignal): Promise<RenderedFile> {
    const started = performance.now();
    const timer = AbortSignal.timeout(this.timeoutMs);
    const deadline = signal ? AbortSignal.any([timer, signal]) : timer;
    const remaining = () => Math.max(1, Math.round(this.timeoutMs - (performance.now() - started)));
    /** What an abort means: the caller's signal, else the time limit. */
    const stopped = () => (signal?.aborted ? RenderError.aborted() : RenderError.timeout());
    // Every step below races the deadline; closing the context makes the browser's pending call fail at once.
    const abortable = <T>(work: Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        if (deadline.aborted) return reject(stopped());
        const onAbort = () => reject(stopped());
        deadline.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
      });

    let release: (() => void) | null = null;
    let context: BrowserContext | null = null;
    let closing: Promise<void> | null = null;
    // One close, awaited by whoever asks (an abort starts it, the end of the render waits for it).
    const closeContext = (): Promise<void> => {
      if (context && !closing) closing = context.close().catch(() => undefined);
      return closing ?? Promise.resolve();
    };
    const onDeadline = () => void closeContext();
    deadline.addEventListener('abort', onDeadline, { once: true });
    try {
      try {
        release = await this.slots.acquire(deadline);
      } catch {
        throw stopped();
      }
      const browser = await abortable(this.options.browser.get()).catch((error: unknown) => {
        throw error instanceof RenderError ? error : RenderError.noBrowser(describe(error));
      });
      const url = typeof request.url === 'string' ? request.url : await abortable(request.url());
      const size = TOOL_SIZES[request.size];
      // Not raced: a context made after the deadline must still be known here to be closed below.
      context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
        reducedMotion: 'reduce',
        // The page is this server's own; nothing it shows is downloaded or kept.
        acceptDownloads: false,
        serviceWorkers: 'block',
      });
      if (deadline.aborted) throw stopped();
      const page = await abortable(context.newPage());
      const response = await abortable(page.goto(url, { waitUntil: 'domcontentloaded', timeout: remaining() }));
      if (response && !response.ok()) throw RenderError.failed(`HTTP ${response.status()} for the tool page`);
      const root = await abortable(page.waitForSelector(`${TOOL_READY_SELECTOR}, ${TOOL_ERROR_SELECTOR}`, { state: 'attached', timeout: remaining() }));
      if (!root) throw RenderError.failed('the tool page has no state');
      if ((await abortable(root.getAttribute(TOOL_STATE_ATTRIBUTE))) === 'error') throw RenderError.page(await abortable(root.getAttribute('data-tool-error')));
      // Texts drawn in web fonts (the CJK ones) are captured once the fonts are in.
      await abortable(page.evaluate('document.fonts.ready.then(() => undefined)'));
      const bytes =
        request.format === 'png'
          ? await abortable(page.screenshot({ type: 'png', fullPage: true, animations: 'disabled', caret: 'hide', timeout: remaining() }))
          : await abortable(
              page.pdf({
                printBackground: true,
                margin: { top: '0', right: '0', bottom: '0', left: '0' },
                ...(request.size === 'a4' ? { format: 'A4' } : { width: `${size.width}px`, height: `${size.height}px` }),
              }),
            );
      if (bytes.length > this.maxBytes) throw RenderError.tooLarge(bytes.length);
      const file: RenderedFile = { bytes, contentType: request.format === 'png' ? 'image/png' : 'application/pdf' };
      this.options.log.info({ ...request.label, size: request.size, format: request.format, bytes: bytes.length, ms: Math.round(performance.now() - started) }, 'delivery: tool page rendered');
      return file;
    } catch (error) {
      // The ticket's refusals (the owner lost the run) pass through unchanged, with their own key.
      const failure = error instanceof RenderError ? error : deadline.aborted ? stopped() : error instanceof AppError ? null : RenderError.failed(describe(error));
      this.options.log.warn(
        { ...request.label, size: request.size, format: request.format, ms: Math.round(performance.now() - started), reason: failure?.key, detail: failure?.detail ?? describe(error) },
        'delivery: tool page not rendered',
      );
      throw failure ?? error;
    } finally {
      deadline.removeEventListener('abort', onDeadline);
      await closeContext();
      release?.();
    }
  }

  close(): Promise<void> {
    return this.options.browser.close();
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error)).slice(0, 500);
