import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { excelDateText, fromExcelJs, rowCells, trimTrailing } from './cells.js';
import { checkInflatedSizes } from './inflateCheck.js';
import type { SheetCell, SheetInfo, SheetRow, WorkerJob, WorkerLimits, WorkerMessage } from './protocol.js';

/**
 * The reading worker: files one at a time, each parsed from scratch and dropped once answered. It
 * runs under a V8 heap cap set by the server (`resourceLimits`), so a file that needs more memory
 * than allowed ends this thread, not the server. exceljs reads .xlsx; SheetJS (loaded only here,
 * only for legacy .xls) reads BIFF files. Its own entry point in the server build (`build.mjs`).
 */

class Refused extends Error {
  constructor(
    readonly reason: Extract<WorkerMessage, { type: 'refused' }>['reason'],
    detail: string,
  ) {
    super(detail);
  }
}

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
/** Rows per message: small enough to parse on the server's thread in a few milliseconds. */
const BATCH_ROWS = 500;

/** Rows kept as they are read and sent in batches; refuses the file past the row limit. */
function collect(id: number, limits: WorkerLimits) {
  let batch: SheetRow[] = [];
  let count = 0;
  const flush = () => {
    if (batch.length === 0) return;
    post({ type: 'rows', id, count: batch.length, json: JSON.stringify(batch) });
    batch = [];
  };
  return {
    add(row: number, cells: SheetCell[]) {
      if (cells.length === 0) return;
      if (count >= limits.maxRows) throw new Refused('tooManyRows', `more than ${limits.maxRows} rows`);
      count += 1;
      batch.push({ row, cells });
      if (batch.length >= BATCH_ROWS) flush();
    },
    finish(): number {
      flush();
      return count;
    },
  };
}

// exceljs's streaming classes carry these at run time but not in their typings.
const field = (target: object, key: string): unknown => Reflect.get(target, key);
const worksheetState = (worksheet: object) => {
  const state = field(worksheet, 'state');
  // Unknown when the workbook part comes after the sheet in the file: then it counts as visible.
  return typeof state === 'string' ? state : 'visible';
};
const worksheetName = (worksheet: object) => {
  const name = field(worksheet, 'name');
  return typeof name === 'string' ? name : '';
};
function sheetsOf(reader: object): number {
  const model = field(reader, 'model');
  const sheets = typeof model === 'object' && model !== null ? field(model, 'sheets') : null;
  return Array.isArray(sheets) ? sheets.length : 1;
}

/**
 * exceljs's streaming reader: rows come one by one from the sheet's XML, so memory holds the rows
 * kept, not a model of the whole workbook (its full `load` needs ~400 MB for a 1.5 MB sheet).
 * It walks local headers in file order; the pre-scan made sure they are the central directory's.
 */
async function readXlsx(job: WorkerJob): Promise<SheetInfo> {
  const check = checkInflatedSizes(job.bytes, job.entries);
  if (!check.ok) throw new Refused(check.reason, check.detail);
  const input = Readable.from([Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const out = collect(job.id, job.limits);
  let sheetName: string | null = null;
  try {
    for await (const worksheet of reader) {
      // Sheets come in file order; the first visible one is read, the others skipped unparsed.
      if (sheetName !== null || worksheetState(worksheet) !== 'visible') continue;
      sheetName = worksheetName(worksheet);
      for await (const row of worksheet) out.add(row.number, rowCells(row.values, job.limits.maxColumns));
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused('unreadable', error instanceof Error ? error.message : 'unreadable workbook');
  }
  if (sheetName === null) throw new Refused('noSheet', 'no visible worksheet');
  return { sheetName, sheetCount: sheetsOf(reader), rows: out.finish() };
}

async function readXls(job: WorkerJob): Promise<SheetInfo> {
  const XLSX = await import('@e965/xlsx');
  let book: ReturnType<typeof XLSX.read>;
  try {
    // `sheetRows` stops the parser after the rows a file may hold (plus its header block).
    book = XLSX.read(job.bytes, { type: 'buffer', cellDates: true, UTC: true, dense: true, sheetRows: job.limits.maxRows + 20, cellFormula: false, cellHTML: false, cellText: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new Refused(/password|encrypt/i.test(message) ? 'encrypted' : 'unreadable', message || 'unreadable workbook');
  }
  const hidden = book.Workbook?.Sheets ?? [];
  const index = book.SheetNames.findIndex((_, i) => !hidden[i]?.Hidden);
  const name = book.SheetNames[index];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || !sheet) throw new Refused('noSheet', 'no visible worksheet');
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  const data = sheet['!data'] ?? [];
  const out = collect(job.id, job.limits);
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const line = data[r] ?? [];
    const cells: SheetCell[] = [];
    const last = Math.min(line.length - 1, job.limits.maxColumns - 1);
    for (let c = 0; c <= last; c += 1) {
      const cell = line[c];
      if (!cell) cells.push(null);
      else if (cell.t === 'e') cells.push(cell.w ?? '#ERROR');
      else if (cell.v instanceof Date) cells.push(excelDateText(cell.v));
      else cells.push(fromExcelJs(cell.v));
    }
    out.add(r + 1, trimTrailing(cells));
  }
  return { sheetName: name, sheetCount: book.SheetNames.length, rows: out.finish() };
}

async function handle(job: WorkerJob): Promise<void> {
  try {
    const info = job.format === 'xlsx' ? await readXlsx(job) : await readXls(job);
    post({ type: 'done', id: job.id, info });
  } catch (error) {
    if (error instanceof Refused) post({ type: 'refused', id: job.id, reason: error.reason, detail: error.message });
    else post({ type: 'refused', id: job.id, reason: 'unreadable', detail: error instanceof Error ? error.message : 'unreadable' });
  }
}

// The server sends a job only once the previous one is answered.
parentPort?.on('message', (job: WorkerJob) => void handle(job));
post({ type: 'ready' });
