import type { Locator, Page } from 'playwright-core';

export interface ShiftInput {
  name: string;
  start: string;
  end: string;
  handover: string;
}

/** The basic info of the current run: tabs, description views, edit dialogs and the shift list. */
export class BasicInfo {
  constructor(
    private readonly page: Page,
    private readonly text: (key: string) => string,
  ) {}

  async openTab(labelKey: string): Promise<void> {
    await this.page.getByRole('tab', { name: this.text(labelKey) }).click();
  }

  /** The shown value of a field of the open view (`value-<field>`). */
  async value(field: string): Promise<string> {
    return (await this.page.getByTestId(`value-${field}`).innerText()).trim();
  }

  dialog(): Locator {
    return this.page.locator('.ant-modal:visible');
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: this.text('project.basicInfo.save') }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  /** The success message (the one message on screen), without its icon. */
  async savedMessage(): Promise<string> {
    const toast = this.page.locator('.bl-toast-success');
    await toast.waitFor();
    return (await toast.innerText()).replace(/^✓\s*/, '').trim();
  }

  /** Types a time into an antd time picker and leaves it. */
  async typeTime(input: Locator, time: string): Promise<void> {
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(time);
    await input.press('Enter');
  }

  shiftRows(): Locator {
    return this.page.getByTestId('shift-row');
  }

  async fillShift(row: Locator, shift: ShiftInput): Promise<void> {
    await row.getByLabel(this.text('field.name')).fill(shift.name);
    await this.typeTime(row.getByLabel(this.text('field.start')), shift.start);
    await this.typeTime(row.getByLabel(this.text('field.end')), shift.end);
    await this.typeTime(row.getByLabel(this.text('field.handoverTime')), shift.handover);
  }

  /** The shift table as `name start–end`, in order. */
  async shifts(): Promise<string[]> {
    const rows = this.page.getByTestId('shift-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    const out: string[] = [];
    for (const row of await rows.all()) {
      const name = (await row.locator('td').first().innerText()).trim();
      out.push(`${name} ${(await row.getByTestId('shift-span').innerText()).trim()}`);
    }
    return out;
  }
}
