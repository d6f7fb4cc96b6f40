import type { Locator, Page } from 'playwright-core';

/** The header bell: its count and its panel. */
export class MessageBell {
  constructor(private readonly page: Page) {}

  get button(): Locator {
    return this.page.getByTestId('message-bell');
  }

  get panel(): Locator {
    return this.page.getByTestId('message-bell-panel');
  }

  /** The unread count the bell shows (null before the first count arrived). */
  async count(): Promise<number | null> {
    const value = await this.button.getAttribute('data-count');
    return value === null ? null : Number(value);
  }

  async open(): Promise<void> {
    await this.button.click();
    await this.panel.waitFor();
  }

  /** The titles of the messages in the open panel, newest first. */
  async titles(): Promise<string[]> {
    await this.panel.getByTestId('bell-item').first().waitFor();
    return (await this.panel.locator('.bl-bell-title').allInnerTexts()).map((t) => t.trim());
  }
}
