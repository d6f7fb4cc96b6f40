import type { AnyImportTemplate, Language } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { localeOf } from '../../core/i18n.js';
import { exampleText } from './rowCheck.js';

/** Where the template puts its parts: the note on top, the header row, the example row under it. */
export const TEMPLATE_ROWS = { note: 1, header: 2, example: 3 } as const;

/** Rows below the header that offer a dictionary column's names as a drop-down. */
const CHOICE_ROWS = 1_000;

/** A byte size as the note row says it: 2 MB, 500 KB. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The lines of the note row: how to fill in the sheet, then what each column accepts. */
export function noteLines(template: AnyImportTemplate, language: Language): string[] {
  const locale = localeOf(language);
  const say = (key: string, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const lines = [
    say('imports.note.heading'),
    `• ${say('imports.note.required')}`,
    `• ${say('imports.note.example', { row: TEMPLATE_ROWS.example })}`,
    `• ${say('imports.note.file', { size: sizeText(template.maxBytes) })}`,
  ];
  for (const column of Object.values(template.columns)) {
    const choices = column.choices ? Object.values(column.choices).map((key) => say(key)).join(', ') : '';
    lines.push(`• ${say(column.header)}${column.required ? ' *' : ''}: ${say(column.rule, { ...column.ruleParams, choices })}`);
  }
  for (const key of template.unique ?? []) {
    const column = template.columns[key];
    if (column) lines.push(`• ${say('imports.note.unique', { column: say(column.header) })}`);
  }
  for (const rule of template.rowRules ?? []) lines.push(`• ${say(rule.message)}`);
  return lines;
}

/** Excel refuses these in sheet names, and names longer than 31 characters. */
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * The template of an import in the caller's language: a note row with the rules, the header row
 * (required columns marked *), one example row, a drop-down of the dictionary names where a column
 * takes one, the header kept in view while scrolling.
 */
export async function templateWorkbook(template: AnyImportTemplate, language: Language): Promise<{ fileName: string; body: Buffer }> {
  const locale = localeOf(language);
  const title = translate(locale, template.title);
  const columns = Object.values(template.columns);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: TEMPLATE_ROWS.header, xSplit: 0 }] });
  sheet.columns = columns.map((c) => ({ width: c.width }));

  const lines = noteLines(template, language);
  const note = sheet.getCell(TEMPLATE_ROWS.note, 1);
  note.value = lines.join('\n');
  note.alignment = { wrapText: true, vertical: 'top' };
  note.font = { color: { argb: 'FF4A5568' } };
  sheet.mergeCells(TEMPLATE_ROWS.note, 1, TEMPLATE_ROWS.note, columns.length);
  sheet.getRow(TEMPLATE_ROWS.note).height = Math.min(409, 15 * (lines.length + 1));

  const header = sheet.getRow(TEMPLATE_ROWS.header);
  columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.value = `${translate(locale, column.header)}${column.required ? ' *' : ''}`;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  header.height = 30;

  const example = sheet.getRow(TEMPLATE_ROWS.example);
  columns.forEach((column, i) => {
    const cell = example.getCell(i + 1);
    cell.value = exampleText(column, column.example, locale);
    cell.font = { italic: true, color: { argb: 'FF718096' } };
  });

  columns.forEach((column, i) => {
    if (!column.choices) return;
    const names = Object.values(column.choices).map((key) => translate(locale, key).replace(/[",]/g, ' '));
    // The list is written into the rule itself, so it must stay within Excel's 255 characters.
    if (names.join(',').length > 250) return;
    const rule: ExcelJS.DataValidation = { type: 'list', allowBlank: !column.required, formulae: [`"${names.join(',')}"`] };
    // exceljs writes cells sharing one rule as one range.
    for (let row = TEMPLATE_ROWS.example; row < TEMPLATE_ROWS.example + CHOICE_ROWS; row += 1) sheet.getCell(row, i + 1).dataValidation = rule;
  });

  const body = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `${translate(locale, 'imports.template.fileName', { kind: title })}.xlsx`, body };
}
