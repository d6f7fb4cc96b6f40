import type { Locator, Page } from 'playwright-core';

export interface ProjectRow {
  projectName: string;
  ring: number | null;
  chainage: string;
  /** Progress and the three rates, in percent, in the order of the columns. */
  progress: number;
  rates: number[];
  text: string;
}

const percent = (text: string): number => Number(text.replace(/[%\s]/g, '').replace(',', '.'));

/** The project list: its rows as figures, and "enter system" per project. */
export class ProjectList {
  constructor(private readonly page: Page) {}

  private rows(): Locator {
    return this.page.getByTestId('project-table').locator('tbody tr.ant-table-row');
  }

  row(projectName: string): Locator {
    return this.rows().filter({ hasText: projectName });
  }

  async read(): Promise<ProjectRow[]> {
    await this.rows().first().waitFor();
    const out: ProjectRow[] = [];
    for (const row of await this.rows().all()) {
      const ring = (await row.getByTestId('run-ring').innerText()).trim();
      const rates = await row.getByTestId('run-rate').allInnerTexts();
      out.push({
        projectName: (await row.getByTestId('run-name').innerText()).trim(),
        ring: /^\d+$/.test(ring) ? Number(ring) : null,
        chainage: (await row.getByTestId('run-chainage').innerText()).trim(),
        progress: percent(await row.locator('.ant-progress-indicator, .ant-progress-text').first().innerText()),
        rates: rates.map(percent),
        text: await row.innerText(),
      });
    }
    return out;
  }

  async enter(projectName: string): Promise<void> {
    // "Enter system" comes first; an administrator's row menu follows it.
    await this.row(projectName).getByRole('button').first().click();
  }
}
