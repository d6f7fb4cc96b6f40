import type { Browser } from 'playwright-core';
import { RenderError } from './renderError.js';

/**
 * The one browser every render shares: launched on first use, launched again when it died (a
 * crash, a killed process), closed on server stop. Concurrent first uses wait for the same launch.
 */
export class SharedBrowser {
  private launching: Promise<Browser> | null = null;
  private current: Browser | null = null;
  private closed = false;
  private launches = 0;

  constructor(private readonly launch: () => Promise<Browser>) {}

  /** How many times a browser was started (tests: relaunch after a crash). */
  get launchCount(): number {
    return this.launches;
  }

  get(): Promise<Browser> {
    // Closed: the server is stopping.
    if (this.closed) return Promise.reject(RenderError.aborted());
    if (this.current && !this.current.isConnected()) this.forget(this.current);
    if (!this.launching) {
      this.launches += 1;
      const launching = this.launch().then(
        (browser) => {
          browser.on('disconnected', () => this.forget(browser));
          if (this.closed || this.launching !== launching) {
            // Closed (or replaced) while it started: it is nobody's.
            void browser.close().catch(() => undefined);
            throw RenderError.aborted();
          }
          this.current = browser;
          return browser;
        },
        (error: unknown) => {
          if (this.launching === launching) this.launching = null;
          throw error;
        },
      );
      this.launching = launching;
    }
    return this.launching;
  }

  /** Closes the browser; later `get` calls fail (`aborted`). */
  async close(): Promise<void> {
    this.closed = true;
    const launching = this.launching;
    this.launching = null;
    this.current = null;
    const browser = await launching?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }

  private forget(browser: Browser): void {
    if (this.current !== browser) return;
    this.current = null;
    this.launching = null;
  }
}
