import { IMPORT_TEMPLATES, type Language, type segmentContract } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { localeOf, t } from '../../core/i18n.js';
import type { RecordOf, SegmentKind } from './segment.service.js';
import { TEMPLATE_OF } from './segmentImport.js';

type Band = segmentContract.Band;

/** Where the export puts its parts: a title on top, then the template's header row, then one row per ring. */
export const EXPORT_ROWS = { title: 1, header: 2, first: 3 } as const;

/** Row fills of the bands (ok rows stay plain). */
export const BAND_FILLS: Record<Band, string | null> = { ok: null, warning: 'FFFFF2CC', alarm: 'FFF8CBAD' };

type Cell = number | string | null;

/** A record's cells in its template's column order. */
const CELLS: { [K in SegmentKind]: (r: RecordOf[K]) => Record<keyof (typeof IMPORT_TEMPLATES)[(typeof TEMPLATE_OF)[K]]['columns'], Cell> } = {
  pose: (r) => ({
    ringNo: r.ringNo,
    chainage: r.chainage,
    horizontalDeviation: r.horizontalDeviation,
    elevationDeviation: r.elevationDeviation,
    remark: r.remark,
    segmentType: r.segmentType,
    ringWidth: r.ringWidth,
    kPosition: r.kPosition,
  }),
  tail: (r) => ({ ringNo: r.ringNo, up: r.up, down: r.down, left: r.left, right: r.right }),
  clearance: (r) => ({
    ringNo: r.ringNo,
    upBefore: r.upBefore,
    downBefore: r.downBefore,
    leftBefore: r.leftBefore,
    rightBefore: r.rightBefore,
    upAfter: r.upAfter,
    downAfter: r.downAfter,
    leftAfter: r.leftAfter,
    rightAfter: r.rightAfter,
  }),
};

/** Excel refuses these in sheet names, and names longer than 31 characters. */
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * A list export of one dataset in the caller's language: the columns and headers of the dataset's
 * import template (so the file imports again as it is), one row per ring ascending, each row
 * filled by its band (warning amber, alarm red). Named `<template title>_<TBM>_<first>-<last>.xlsx`.
 */
export async function segmentListWorkbook<K extends SegmentKind>(
  kind: K,
  run: { project_name: string; tbm_code: string },
  records: readonly RecordOf[K][],
  language: Language,
): Promise<{ fileName: string; body: Buffer }> {
  const locale = localeOf(language);
  const template = IMPORT_TEMPLATES[TEMPLATE_OF[kind]];
  const columns = Object.entries(template.columns) as [string, { header: string; required: boolean; width: number }][];
  const title = translate(locale, template.title);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: EXPORT_ROWS.header, xSplit: 0 }] });
  sheet.columns = columns.map(([, c]) => ({ width: c.width }));

  const head = sheet.getCell(EXPORT_ROWS.title, 1);
  head.value = `${title} — ${run.project_name} ${run.tbm_code} (${t(language, 'segment.export.legend')})`;
  head.font = { bold: true, size: 13 };

  const header = sheet.getRow(EXPORT_ROWS.header);
  columns.forEach(([, column], i) => {
    const cell = header.getCell(i + 1);
    cell.value = `${translate(locale, column.header)}${column.required ? ' *' : ''}`;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });

  const cellsOf = CELLS[kind] as (r: RecordOf[K]) => Record<string, Cell>;
  records.forEach((record, index) => {
    const row = sheet.getRow(EXPORT_ROWS.first + index);
    const cells = cellsOf(record);
    const fill = BAND_FILLS[record.band];
    columns.forEach(([key], i) => {
      const cell = row.getCell(i + 1);
      const value = cells[key] ?? null;
      if (value !== null) cell.value = value;
      if (key === 'chainage' && typeof value === 'number') cell.numFmt = '0.000';
      if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    });
  });

  const first = records[0]?.ringNo ?? 0;
  const last = records[records.length - 1]?.ringNo ?? first;
  const stem = `${title}_${run.tbm_code.trim().replace(/\s+/g, '-')}_${String(first)}-${String(last)}`;
  return { fileName: `${stem}.xlsx`, body: Buffer.from(await book.xlsx.writeBuffer()) };
}

