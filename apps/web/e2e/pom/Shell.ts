import type { Page } from 'playwright-core';

/** The signed-in frame: side menu, header, user menu. */
export class Shell {
  constructor(private readonly page: Page) {}

  /** Waits out a server still writing its demo history at start (CPU-bound for seconds on a busy machine). */
  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('side-menu').waitFor({ timeout: 45_000 });
  }

  async expandMenu(): Promise<void> {
    const toggle = this.page.locator('header button').first();
    if ((await this.page.getByTestId('side-menu').getAttribute('class'))?.includes('collapsed')) await toggle.click();
  }

  /** The visible labels of the side menu's sections. */
  async sectionLabels(): Promise<string[]> {
    const titles = this.page.locator('[data-testid=side-menu] .ant-menu-submenu-title');
    return (await titles.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  async chooseLanguage(name: string): Promise<void> {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  async userName(): Promise<string> {
    return (await this.page.getByTestId('user-menu').innerText()).trim();
  }
}
