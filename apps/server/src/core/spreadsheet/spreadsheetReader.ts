import type { RowBatch, SheetData, SheetInfo, SheetRow, SpreadsheetFormat, WorkerJob, WorkerLimits } from './protocol.js';
import { type PoolOptions, SpreadsheetRefused, WorkerPool } from './workerPool.js';
import { type ZipEntry, type ZipLimits, scanZip } from './zipScan.js';

export { SpreadsheetRefused } from './workerPool.js';

export interface SpreadsheetReaderOptions {
  zip: ZipLimits;
  rows: WorkerLimits;
  /** V8 old-generation heap of one reading worker (`resourceLimits.maxOldGenerationSizeMb`). */
  heapMb: number;
  pool: Omit<PoolOptions, 'resourceLimits'>;
}

/** Defaults sized for the product's imports (files of at most 2 MB). */
export const DEFAULT_READER_OPTIONS: SpreadsheetReaderOptions = {
  // A 2 MB sheet of real rows inflates 8 to 20 times (about 15 MB of XML for 40,000 rows); 2 MB
  // inflating to 500 MB is a bomb. Entries of 1 MB or less are not ratio-checked.
  zip: { maxEntries: 1_000, maxTotalBytes: 96 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 },
  rows: { maxRows: 100_000, maxColumns: 64 },
  // The streaming reader keeps the rows, not the workbook: 40,000 rows need well under 128 MB.
  heapMb: 256,
  pool: { size: 2, queueMax: 16, timeoutMs: 30_000, idleMs: 60_000, jobsPerWorker: 50 },
};

export interface ReadOptions {
  maxBytes: number;
}

export interface StreamOptions extends ReadOptions {
  /** Rows in batches, in sheet order, while the worker reads on (the last batch comes before the answer). */
  onRows: (batch: RowBatch) => void;
}

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** The format by content, whatever the file's name says: an OOXML zip or an OLE2 compound file (BIFF .xls). */
export function sniffFormat(bytes: Uint8Array): SpreadsheetFormat | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, CFB_MAGIC)) return 'xls';
  return null;
}

/** The part names this reader needs; an .xlsb or a .docx is a zip too. */
function isWorkbookPackage(entries: readonly ZipEntry[]): boolean {
  const names = new Set(entries.map((e) => e.name));
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml');
}

/**
 * Reads the first visible sheet of an .xlsx or .xls safely: size and type by content first, then
 * for an .xlsx the zip pre-scan (`zipScan.ts`, nothing inflated) on this thread, then the parsing in
 * a worker thread with a heap cap and a time limit (`workerPool.ts`). A worker that runs out of
 * memory, crashes or overruns is a refusal of that file; the server keeps serving. Parsing off this
 * thread also keeps the event loop free while a large sheet is read.
 */
export class SpreadsheetReader {
  private readonly pool: WorkerPool;

  constructor(private readonly options: SpreadsheetReaderOptions = DEFAULT_READER_OPTIONS) {
    this.pool = new WorkerPool({
      ...options.pool,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
  }

  /** Checks everything that needs no parsing; answers the job for a worker. */
  prepare(bytes: Uint8Array, maxBytes: number): Omit<WorkerJob, 'id'> {
    if (bytes.byteLength > maxBytes) throw new SpreadsheetRefused('tooLarge', `${bytes.byteLength} bytes`);
    const format = sniffFormat(bytes);
    if (!format) throw new SpreadsheetRefused('notSpreadsheet', 'neither a zip nor a compound file');
    let entries: ZipEntry[] = [];
    if (format === 'xlsx') {
      const scan = scanZip(bytes, this.options.zip);
      if (!scan.ok) throw new SpreadsheetRefused(scan.reason === 'corrupt' ? 'unreadable' : scan.reason, scan.detail);
      if (!isWorkbookPackage(scan.entries)) throw new SpreadsheetRefused('notSpreadsheet', 'a zip without a workbook');
      entries = scan.entries;
    }
    return { format, bytes, entries, limits: this.options.rows };
  }

  /** Reads the sheet, handing its rows over while the worker reads on, so the caller can work on them meanwhile. */
  stream(bytes: Uint8Array, options: StreamOptions): Promise<SheetInfo> {
    return this.pool.run(this.prepare(bytes, options.maxBytes), options.onRows);
  }

  /** Reads the sheet whole. */
  async read(bytes: Uint8Array, options: ReadOptions): Promise<SheetData> {
    const rows: SheetRow[] = [];
    const info = await this.stream(bytes, { ...options, onRows: (batch) => void rows.push(...batch.rows()) });
    return { sheetName: info.sheetName, sheetCount: info.sheetCount, rows };
  }

  /** Workers alive, busy or idle. */
  get workers(): number {
    return this.pool.size;
  }

  /** Ends the workers (server shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
