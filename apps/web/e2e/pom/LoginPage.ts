import type { Page } from 'playwright-core';
import { E2E_CAPTCHA } from '../support/server.js';

export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly base: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.base}/login`);
    await this.page.getByTestId('login-form').waitFor();
  }

  /** The captcha's answer exists on the server once its image has loaded. */
  async captchaLoaded(): Promise<void> {
    await this.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[data-testid=captcha-image]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
  }

  async signIn(account: string, password: string): Promise<void> {
    await this.captchaLoaded();
    await this.page.locator('#account').fill(account);
    await this.page.locator('#password').fill(password);
    await this.page.getByTestId('captcha-input').fill(E2E_CAPTCHA);
    await this.page.locator('form[data-testid=login-form] button[type=submit]').click();
  }
}
