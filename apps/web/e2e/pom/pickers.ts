import type { Locator, Page } from 'playwright-core';

/**
 * Types into an antd date or time picker. A date-and-time picker is confirmed with its OK button, a
 * time picker (no confirmation) is left with Tab: Enter would also submit the dialog's form.
 */
export async function typeInto(page: Page, picker: Locator, value: string, confirm: 'ok' | 'leave'): Promise<void> {
  const input = (await picker.evaluate((el) => el.tagName)) === 'INPUT' ? picker : picker.locator('input').first();
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value);
  if (confirm === 'ok') await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  else await input.press('Tab');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}
