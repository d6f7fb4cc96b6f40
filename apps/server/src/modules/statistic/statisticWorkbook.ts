import { DATE_FORMATS, type Language, MACHINE_STATE_KEYS, type MachineState, type statisticContract, tagDisplayName, type TagDef } from '@boreline/contracts';
import { type MessageKey, translate } from '@boreline/i18n';
import { durationValue, type LabelledValue, type NumberFormat, ReportWorkbook, type TitledColumn, zoneFormatter } from '../../core/excel.js';
import { localeOf, t } from '../../core/i18n.js';
import { type ReportHead, TITLE_BLOCK_ROWS, titleBlock } from '../report/index.js';
import { type Band, type RingFramesOf, strokeAt } from './ringCurves.service.js';
import { valueAt } from '../../telemetry/index.js';

type RingStatsRow = statisticContract.RingStatsRow;

/** Rows a worksheet holds (Excel's limit) less the title block and the header: a longer ring stops there. */
const SHEET_ROWS_MAX = 1_048_576 - TITLE_BLOCK_ROWS - 1;

const decimalsFormat = (decimals: number): NumberFormat => (decimals <= 0 ? 'integer' : decimals === 1 ? 'decimal1' : decimals === 2 ? 'decimal2' : 'decimal3');
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

/** A tag's name in the reader's language (the `telemetry` catalogue's parts), with its unit when it has one. */
export function tagTitle(tag: TagDef, language: Language, label: (name: string) => string = (name) => name): string {
  const locale = localeOf(language);
  const text = label(tagDisplayName(tag, (key, vars) => translate(locale, key, vars)));
  return tag.unit === '' ? text : t(language, 'statistic.export.withUnit', { label: text, unit: tag.unit });
}

/** The state each frame falls in (bands and frames both ascending), null in a gap. */
function statesOf(frames: readonly number[], bands: readonly Band[], start: number): (MachineState | null)[] {
  const states: (MachineState | null)[] = [];
  let b = 0;
  for (const ts of frames) {
    const at = ts - start;
    while (b < bands.length && (bands[b]?.to ?? 0) <= at) b += 1;
    const band = bands[b];
    states.push(band && band.from <= at ? band.state : null);
  }
  return states;
}

function* indices(count: number): Generator<number> {
  for (let k = 0; k < count; k += 1) yield k;
}

/**
 * The curve export: one sheet per ring with every stored frame (not the downsampled curve), its
 * time on the project's clock and since the ring's start, the mean stroke, the machine state and
 * each chosen tag with its unit.
 */
export async function ringCurvesWorkbook(head: ReportHead, tags: readonly TagDef[], rings: readonly RingFramesOf[], language: Language): Promise<Buffer> {
  const book = new ReportWorkbook(language);
  const at = zoneFormatter(head.timeZone);
  const stateNames = (state: MachineState | null) => (state === null ? null : t(language, MACHINE_STATE_KEYS[state]));
  for (const { ring, bands, frames } of rings) {
    const states = statesOf(frames.ts, bands, ring.start_ts);
    const columns: TitledColumn<number>[] = [
      { title: t(language, 'statistic.export.time'), width: 20, value: (k) => at(frames.ts[k] ?? 0, DATE_FORMATS.dateTimeSeconds) },
      { title: t(language, 'statistic.export.elapsed'), width: 12, value: (k) => ((frames.ts[k] ?? 0) - ring.start_ts) / 1000, format: 'integer' },
      { title: t(language, 'statistic.export.stroke'), width: 12, value: (k) => orNull(strokeAt(frames, tags.length, k)), format: 'decimal1' },
      { title: t(language, 'statistic.export.state'), width: 14, value: (k) => stateNames(states[k] ?? null) },
      ...tags.map((tag, c): TitledColumn<number> => ({ title: tagTitle(tag, language), width: 16, value: (k) => orNull(valueAt(frames, c, k)), format: decimalsFormat(tag.precision) })),
    ];
    const sheet = book.sheet({
      name: t(language, 'statistic.export.ringSheet', { ringNo: ring.ring_no }),
      widths: columns.map((c) => c.width),
      orientation: 'landscape',
      frozenRows: TITLE_BLOCK_ROWS + 1,
    });
    titleBlock(sheet, language, t(language, 'statistic.export.curvesTitle'), head, { label: t(language, 'report.column.ringNo'), value: ring.ring_no });
    await sheet.titledTable(columns, indices(Math.min(frames.ts.length, SHEET_ROWS_MAX)));
    sheet.commit();
  }
  return book.toBuffer();
}

/** Project, TBM, the rings chosen, the duration filter when there is one, and the zone the times are given in. */
function statsHeadLines(language: Language, head: ReportHead, scope: LabelledValue, filter: string | null): LabelledValue[] {
  return [
    { label: t(language, 'report.export.project'), value: head.projectName },
    { label: t(language, 'report.export.tbm'), value: head.tbmCode },
    scope,
    ...(filter === null ? [] : [{ label: t(language, 'statistic.export.durationFilter'), value: filter }]),
    { label: t(language, 'report.export.timeZone'), value: head.timeZone },
  ];
}

/**
 * The ring statistics export: every ring the query selects, with its times, chainage and speed,
 * then the min / mean / max of each chosen tag, each headed by the tag's name and unit.
 */
export async function ringStatsWorkbook(
  input: { head: ReportHead; tags: readonly TagDef[]; rows: readonly RingStatsRow[]; scope: LabelledValue; filter: string | null },
  language: Language,
): Promise<Buffer> {
  const book = new ReportWorkbook(language);
  const format = zoneFormatter(input.head.timeZone);
  const when = (ts: number) => format(ts, DATE_FORMATS.dateTime);
  const header = (key: MessageKey) => t(language, key);
  const columns: TitledColumn<RingStatsRow>[] = [
    { title: header('report.column.ringNo'), width: 9, value: (r) => r.ringNo, format: 'integer' },
    { title: header('report.column.start'), width: 17, value: (r) => when(r.start) },
    { title: header('report.column.end'), width: 17, value: (r) => when(r.end) },
    { title: header('report.column.duration'), width: 10, value: (r) => durationValue(r.durationMs), format: 'duration' },
    { title: header('report.column.advance'), width: 10, value: (r) => durationValue(r.advanceMs), format: 'duration' },
    { title: header('report.column.ringBuild'), width: 10, value: (r) => durationValue(r.ringBuildMs), format: 'duration' },
    { title: header('report.column.waiting'), width: 10, value: (r) => durationValue(r.waitingMs), format: 'duration' },
    { title: header('report.column.startChainage'), width: 12, value: (r) => r.startChainage, format: 'decimal3' },
    { title: header('report.column.endChainage'), width: 12, value: (r) => r.endChainage, format: 'decimal3' },
    { title: header('report.column.speedAvg'), width: 12, value: (r) => r.speedAvg, format: 'decimal1' },
  ];
  input.tags.forEach((tag, j) => {
    const mean = decimalsFormat(tag.precision + 1);
    const exact = decimalsFormat(tag.precision);
    columns.push(
      { title: tagTitle(tag, language, (tagName) => t(language, 'statistic.export.statMin', { tag: tagName })), width: 14, value: (r) => r.stats[j]?.[0] ?? null, format: exact },
      { title: tagTitle(tag, language, (tagName) => t(language, 'statistic.export.statAvg', { tag: tagName })), width: 14, value: (r) => r.stats[j]?.[1] ?? null, format: mean },
      { title: tagTitle(tag, language, (tagName) => t(language, 'statistic.export.statMax', { tag: tagName })), width: 14, value: (r) => r.stats[j]?.[2] ?? null, format: exact },
    );
  });
  const lines = statsHeadLines(language, input.head, input.scope, input.filter);
  // The title, the lines, a blank row and the table's header stay in view.
  const sheet = book.sheet({ name: t(language, 'report.sheet.rings'), widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: lines.length + 3, fitTo: { width: 1, height: 0 } });
  sheet.title(t(language, 'statistic.export.statsTitle'));
  sheet.pairs(lines);
  sheet.blank();
  await sheet.titledTable(columns, input.rows);
  sheet.commit();
  return book.toBuffer();
}
