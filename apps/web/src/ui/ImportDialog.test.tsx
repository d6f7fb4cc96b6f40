import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../core/i18n.js';
import { ImportDialog, type ImportReport, type ImportUpload } from './ImportDialog.js';

const SETTLE = { timeout: 5_000 };
const workbook = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

function renderDialog(props: { upload: ImportUpload; onImportValid?: ImportUpload; onDownloadTemplate?: () => void }) {
  render(
    <ImportDialog
      open
      title="Import segment data"
      onClose={() => undefined}
      onDownloadTemplate={props.onDownloadTemplate ?? (() => undefined)}
      maxBytes={2 * 1024 * 1024}
      upload={props.upload}
      onImportValid={props.onImportValid}
    />,
  );
}

describe('ImportDialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('refuses a file too large or of another type in the browser, before any upload', async () => {
    const upload = vi.fn<ImportUpload>();
    renderDialog({ upload });
    expect(screen.getByText('.xls, .xlsx, at most 2 MB')).toBeTruthy();
    await userEvent.upload(fileInput(), workbook('rings.xlsx', 3 * 1024 * 1024));
    expect((await screen.findByRole('alert', {}, SETTLE)).textContent).toBe('rings.xlsx is larger than 2 MB');
    // The picker offers spreadsheets only; a file dropped anyway is refused by its type.
    expect(fileInput().accept).toBe('.xls,.xlsx');
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), new File(['a,b'], 'rings.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert', {}, SETTLE)).textContent).toBe('rings.csv: only .xls, .xlsx files are accepted');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the upload’s progress, then the refused rows, and imports the valid rows on request', async () => {
    let answer: (report: ImportReport) => void = () => undefined;
    const upload = vi.fn<ImportUpload>((_file, onProgress) => {
      onProgress(40);
      return new Promise((resolve) => (answer = resolve));
    });
    const importValid = vi.fn<ImportUpload>(async () => ({ imported: 5, refused: [] }));
    renderDialog({ upload, onImportValid: importValid });
    const file = workbook('rings.xlsx', 2048);
    await userEvent.upload(fileInput(), file);
    expect(await screen.findByText('Uploading rings.xlsx', {}, SETTLE)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    answer({
      imported: 0,
      refused: [
        { row: 3, column: 'Ring', message: 'The ring number must be an integer greater than 0' },
        { row: 7, column: null, message: 'The row repeats row 6' },
      ],
    });
    expect(await screen.findByText('2 rows were refused, so nothing was imported. Correct them and import the file again.', {}, SETTLE)).toBeTruthy();
    const table = screen.getByTestId('import-refused');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Row', 'Column', 'Problem']);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', 'Ring', 'The ring number must be an integer greater than 0'],
      ['7', '—', 'The row repeats row 6'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Import the valid rows' }));
    expect(importValid).toHaveBeenCalledWith(file, expect.any(Function));
    expect(await screen.findByText('5 rows imported', {}, SETTLE)).toBeTruthy();
  });

  it('offers the template and no partial import when the caller does not', async () => {
    const template = vi.fn();
    renderDialog({ upload: async () => ({ imported: 0, refused: [{ row: 2, column: 'Date', message: 'Wrong date' }] }), onDownloadTemplate: template });
    await userEvent.click(screen.getByRole('button', { name: /Download the template/ }));
    expect(template).toHaveBeenCalledTimes(1);
    await userEvent.upload(fileInput(), workbook('plan.xls', 100));
    expect(await screen.findByText('Wrong date', {}, SETTLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import the valid rows' })).toBeNull();
  });
});
