import { Writable } from 'node:stream';
import { type DateFormat, formatDateParts, type Language } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { t } from './i18n.js';
import { DAY_MS, utcToZoned, zoneOffset } from './timeZone.js';

/**
 * Excel exports written with exceljs's streaming writer: rows go to the zip as they are added, and
 * long tables hand the event loop back every few hundred rows, so a 2,000-row export never stalls
 * other requests. Headers come from the catalogues in the caller's language; dates are text in the
 * spec's formats (a spreadsheet has no time zones, so an Excel date would shift per reader);
 * durations and figures stay numbers, formatted, so they can be summed and charted.
 */

export const NUMBER_FORMATS = {
  integer: '0',
  decimal1: '0.0',
  decimal2: '0.00',
  decimal3: '0.000',
  percent: '0.0%',
  /** Elapsed hours past 24 (a month's standby time), not a time of day. */
  duration: '[h]:mm',
} as const;
export type NumberFormat = keyof typeof NUMBER_FORMATS;

export type CellValue = string | number | null;

export interface ExcelColumn<R> {
  header: MessageKey;
  /** Characters, as Excel measures column width. */
  width: number;
  value: (row: R) => CellValue;
  format?: NumberFormat;
}

/** A column whose header is ready text, composed of several translated parts (a tag's name, its statistic, its unit). */
export interface TitledColumn<R> extends Omit<ExcelColumn<R>, 'header'> {
  title: string;
}

/** A line of a title or key-figures block: a label and its value. */
export interface LabelledValue {
  label: string;
  value: CellValue;
  format?: NumberFormat;
}

/** Rows written between two returns to the event loop. */
export const YIELD_EVERY_ROWS = 100;

const A4 = 9;

/** Milliseconds as an Excel duration: a fraction of a day, shown through the `duration` format. */
export const durationValue = (ms: number): number => ms / DAY_MS;

/** An instant as text in a spec format (DD/MM/YYYY HH:mm …) on the wall clock of `timeZone`. */
export function formatInZone(ts: number, timeZone: string, format: DateFormat): string {
  const z = utcToZoned(ts, timeZone);
  return formatDateParts({ year: z.y, month: z.m, day: z.d, hour: z.h, minute: z.min, second: z.s }, format);
}

const OFFSET_SPAN_MS = 6 * 3_600_000;

/**
 * `formatInZone` for many instants of one zone. Asking Intl for every cell dominates a 2,000-row
 * export, so the zone's offset is looked up once per six hours and reused when it is the same at
 * both ends of the span (no zone changes its offset twice within six hours); spans holding a
 * change fall back to Intl for each instant.
 */
export function zoneFormatter(timeZone: string): (ts: number, format: DateFormat) => string {
  const offsets = new Map<number, number | null>();
  return (ts, format) => {
    const span = Math.floor(ts / OFFSET_SPAN_MS);
    let offset = offsets.get(span);
    if (offset === undefined) {
      const first = zoneOffset(span * OFFSET_SPAN_MS, timeZone);
      offset = first === zoneOffset((span + 1) * OFFSET_SPAN_MS - 1, timeZone) ? first : null;
      offsets.set(span, offset);
    }
    if (offset === null) return formatInZone(ts, timeZone, format);
    const wall = new Date(ts + offset);
    return formatDateParts(
      { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() },
      format,
    );
  };
}

/** A file name safe in any header and on any file system: ASCII letters, digits, dot, dash, underscore. */
export const asciiFileName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');

/** Content-Disposition of a download: an ASCII `filename` for old clients plus the exact name as RFC 5987 `filename*`. */
export function attachmentHeader(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encoded}`;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

// One style object per look: exceljs recognises a style it has seen by identity, so shared
// objects keep styling off the per-cell cost.
const TITLE_STYLE: Partial<ExcelJS.Style> = { font: { bold: true, size: 14 } };
const LABEL_STYLE: Partial<ExcelJS.Style> = { font: { bold: true } };
/** Unformatted cells share it too: a fresh empty style per cell would be looked up anew each time. */
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};
const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } },
  border: { bottom: { style: 'thin', color: { argb: 'FF8A94A6' } } },
  alignment: { vertical: 'middle', wrapText: true },
};
const FORMAT_STYLES: Record<NumberFormat, Partial<ExcelJS.Style>> = {
  integer: { numFmt: NUMBER_FORMATS.integer },
  decimal1: { numFmt: NUMBER_FORMATS.decimal1 },
  decimal2: { numFmt: NUMBER_FORMATS.decimal2 },
  decimal3: { numFmt: NUMBER_FORMATS.decimal3 },
  percent: { numFmt: NUMBER_FORMATS.percent },
  duration: { numFmt: NUMBER_FORMATS.duration },
};

export interface SheetOptions {
  name: string;
  /** Column widths in characters, left to right. */
  widths: readonly number[];
  orientation: 'portrait' | 'landscape';
  /** Rows kept in view while scrolling: the title block and the header row of the sheet's table. */
  frozenRows?: number;
  /** Pages across and down the sheet prints on; 0 leaves that direction free. */
  fitTo?: { width: number; height: number };
}

/** One worksheet being streamed: blocks and tables are appended top to bottom, then committed. */
export class ReportSheet {
  private rowNo = 0;

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly language: Language,
  ) {}

  /** Rows written so far (the next row's number minus one). */
  get rows(): number {
    return this.rowNo;
  }

  private addRow(values: readonly CellValue[], styles: readonly (Partial<ExcelJS.Style> | undefined)[] = []): ExcelJS.Row {
    this.rowNo += 1;
    const row = this.sheet.getRow(this.rowNo);
    values.forEach((value, i) => {
      if (value === null) return;
      const cell = row.getCell(i + 1);
      cell.value = value;
      const style = styles[i];
      if (style) cell.style = style;
    });
    return row;
  }

  title(text: string): void {
    this.addRow([text], [TITLE_STYLE]).commit();
  }

  blank(): void {
    this.rowNo += 1;
  }

  /** Label and value pairs, one per row; a label spanning several columns is merged across them. */
  pairs(lines: readonly LabelledValue[], labelSpan = 1): void {
    const pad: null[] = new Array<null>(labelSpan - 1).fill(null);
    const noStyle: undefined[] = new Array<undefined>(labelSpan - 1).fill(undefined);
    for (const line of lines) {
      const row = this.addRow([line.label, ...pad, line.value], [LABEL_STYLE, ...noStyle, line.format ? FORMAT_STYLES[line.format] : undefined]);
      // The streaming writer merges only rows not yet committed.
      if (labelSpan > 1) this.sheet.mergeCells(this.rowNo, 1, this.rowNo, labelSpan);
      row.commit();
    }
  }

  /** A header row of translated column names and one row per item, yielding to the event loop as it goes. */
  async table<R>(columns: readonly ExcelColumn<R>[], items: Iterable<R>): Promise<void> {
    await this.titledTable(
      columns.map((c) => ({ ...c, title: t(this.language, c.header) })),
      items,
    );
  }

  /** `table` with headers given as text. */
  async titledTable<R>(columns: readonly TitledColumn<R>[], items: Iterable<R>): Promise<void> {
    this.addRow(
      columns.map((c) => c.title),
      columns.map(() => HEADER_STYLE),
    ).commit();
    const styles = columns.map((c) => (c.format ? FORMAT_STYLES[c.format] : PLAIN_STYLE));
    let sinceYield = 0;
    for (const item of items) {
      this.addRow(
        columns.map((c) => c.value(item)),
        styles,
      ).commit();
      sinceYield += 1;
      if (sinceYield >= YIELD_EVERY_ROWS) {
        sinceYield = 0;
        await nextTick();
      }
    }
  }

  commit(): void {
    this.sheet.commit();
  }
}

/** A workbook streamed into memory; `toBuffer` finishes it. */
export class ReportWorkbook {
  private readonly chunks: Buffer[] = [];
  private readonly writer: ExcelJS.stream.xlsx.WorkbookWriter;

  constructor(readonly language: Language) {
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.chunks.push(chunk);
        done();
      },
    });
    this.writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  }

  sheet(options: SheetOptions): ReportSheet {
    const fit = options.fitTo;
    const sheet = this.writer.addWorksheet(options.name.slice(0, 31), {
      views: options.frozenRows ? [{ state: 'frozen', ySplit: options.frozenRows, xSplit: 0 }] : [],
      pageSetup: {
        paperSize: A4,
        orientation: options.orientation,
        ...(fit ? { fitToPage: true, fitToWidth: fit.width, fitToHeight: fit.height } : {}),
        margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
      },
    });
    sheet.columns = options.widths.map((width) => ({ width }));
    return new ReportSheet(sheet, this.language);
  }

  async toBuffer(): Promise<Buffer> {
    await this.writer.commit();
    return Buffer.concat(this.chunks);
  }
}
