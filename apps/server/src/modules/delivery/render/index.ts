import { existsSync } from 'node:fs';
import { LIMITS } from '@boreline/contracts';
import type { Browser } from 'playwright-core';
import type { ModuleContext } from '../../../platform/module.js';
import type { ToolRenderer } from '../ports.js';
import type { ToolTicketService } from '../toolPages/index.js';
import { joinUrl, ownAddress } from './ownAddress.js';
import { PageRenderer } from './pageRenderer.js';
import { RenderError } from './renderError.js';
import { SharedBrowser } from './sharedBrowser.js';

export { joinUrl, ownAddress } from './ownAddress.js';
export { PageRenderer } from './pageRenderer.js';
export { RenderError, type RenderFailure } from './renderError.js';
export { SharedBrowser } from './sharedBrowser.js';

/**
 * Starts headless Chromium (Debian's package) through playwright-core. The browser opens only
 * this server's own tool pages. The server's stop closes it, so the launcher's own signal
 * handlers stay off (they would race the server's orderly shutdown).
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  // Loaded with the first render: a server that never renders never loads the driver.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    // Containers give /dev/shm 64 MB, too little for a full-page capture.
    args: ['--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check', '--disable-extensions', '--mute-audio'],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: LIMITS.renderTimeoutMs,
  });
}

/**
 * The shared headless browser (ARCHITECTURE: delivery): a render issues a one-time ticket for the
 * subscriber (or caller), opens the tool page at this server's address (or RENDER_BASE_URL) and
 * captures it. Without a browser (`RENDER_BROWSER` unset and none found, or a path that does not
 * exist) `available` is false and every render fails with `deliveryChannels.render.noBrowser`.
 */
export function createRenderer(ctx: ModuleContext, tickets: ToolTicketService): ToolRenderer {
  const path = ctx.config.delivery.browserPath;
  const available = path !== null && existsSync(path);
  const pages = new PageRenderer({
    browser: new SharedBrowser(() => (path ? launchChromium(path) : Promise.reject(new Error('no browser configured')))),
    concurrency: ctx.config.delivery.concurrency,
    log: ctx.log,
  });
  const close = () => pages.close();
  ctx.lifecycle.onStop(close);
  // A server built but never started (tests, a failed start) closes its browser too.
  ctx.app.addHook('onClose', close);

  return {
    available,
    async render(request, signal) {
      if (!available) throw RenderError.noBrowser(path === null ? 'no browser configured' : `${path} does not exist`);
      return pages.capture(
        {
          url: async () => {
            const view = { size: request.size, lang: request.lang, params: request.params };
            const { path: pagePath } = await tickets.issueFor(request.userId, request.runId, request.tool, view);
            return joinUrl(ctx.config.delivery.baseUrl ?? ownAddress(ctx.app), pagePath);
          },
          size: request.size,
          format: request.format,
          label: { runId: request.runId, tool: request.tool, userId: request.userId },
        },
        signal,
      );
    },
    close,
  };
}
