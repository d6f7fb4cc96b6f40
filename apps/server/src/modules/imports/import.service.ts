import { Readable } from 'node:stream';
import {
  type AnyImportTemplate,
  IMPORT_TEMPLATES,
  type ImportKind,
  type ImportRowOf,
  type importsContract,
  type Language,
  LIMITS,
} from '@boreline/contracts';
import { type MessageKey, translate } from '@boreline/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { errors } from '../../core/errors.js';
import { localeOf, t } from '../../core/i18n.js';
import type { RowBatch, SheetInfo, SpreadsheetRefusalReason } from '../../core/spreadsheet/protocol.js';
import { type SpreadsheetReader, SpreadsheetRefused } from '../../core/spreadsheet/spreadsheetReader.js';
import type { Database } from '../../db/schema.js';
import type { HeaderMatch } from './headerMatch.js';
import { type ImportProgressRepo, type ProgressState } from './importProgress.repo.js';
import { type CheckedSheet, SheetCheck } from './rowCheck.js';
import { sizeText, templateWorkbook } from './templateWorkbook.js';

type ImportReport = importsContract.ImportReport;
type ImportRefusal = importsContract.ImportRefusal;

/** A checked row as the module storing it receives it: its values and its row in the sheet. */
export interface ImportedRow<K extends ImportKind> {
  row: number;
  values: ImportRowOf<K>;
}

export interface ImportRequest<K extends ImportKind> {
  kind: K;
  /** The uploaded file, at most the kind's limit (a stream is read up to it and refused beyond). */
  file: Uint8Array | Readable;
  language: Language;
  mode: importsContract.ImportMode;
  /**
   * Stores the rows, in the one transaction the service opens. Absent: a dry run. Throw
   * `ImportRowsRefused` to refuse rows only the module can judge (a ring already stored): the
   * transaction rolls back and the report names them.
   */
  write?: (rows: readonly ImportedRow<K>[], trx: Transaction<Database>) => Promise<void>;
  /**
   * Rules only the module can judge (a ring overlapping one already stored), run on the rows that
   * passed the sheet's own checks before anything is written: the rows it refuses are reported
   * with the others (and left out in mode validOnly). `write` should judge again inside its
   * transaction and throw `ImportRowsRefused` when something changed meanwhile.
   */
  review?: (rows: readonly ImportedRow<K>[]) => Promise<ImportRefusal[]>;
  /** Records progress under the caller's own import id, for `GET import/progress/v1`. */
  progress?: { userId: number; progressKey: string };
}

/** Rows the module's `write` refuses after the sheet's own checks (nothing of the file is written). */
export class ImportRowsRefused extends Error {
  constructor(readonly refused: ImportRefusal[]) {
    super('rows refused by the module');
  }
}

const REFUSAL_KEYS: Record<SpreadsheetRefusalReason, MessageKey> = {
  notSpreadsheet: 'imports.refused.notSpreadsheet',
  tooLarge: 'imports.refused.tooLarge',
  bomb: 'imports.refused.bomb',
  nested: 'imports.refused.nested',
  encrypted: 'imports.refused.encrypted',
  unreadable: 'imports.refused.unreadable',
  noSheet: 'imports.refused.noSheet',
  tooManyRows: 'imports.refused.tooManyRows',
  memory: 'imports.refused.memory',
  timeout: 'imports.refused.timeout',
  busy: 'imports.refused.busy',
};

/** Progress rows are written at most this often while a phase runs. */
const PROGRESS_EVERY_MS = 250;
/** Progress rows older than this are deleted when an import starts. */
const PROGRESS_KEPT_MS = 3_600_000;

/** Saves an import's progress in order, throttled, never failing the import itself. */
class ProgressTracker {
  private chain: Promise<void> = Promise.resolve();
  private lastAt = 0;
  private lastPhase: string | null = null;

  constructor(
    private readonly save: ((state: ProgressState) => Promise<void>) | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  set(state: ProgressState): void {
    if (!this.save) return;
    const at = Date.now();
    if (state.phase === this.lastPhase && at - this.lastAt < PROGRESS_EVERY_MS) return;
    this.lastAt = at;
    this.lastPhase = state.phase;
    const save = this.save;
    this.chain = this.chain.then(() => save(state)).catch((error: unknown) => this.log.warn({ err: error }, 'import progress not saved'));
  }

  settled(): Promise<void> {
    return this.chain;
  }
}

async function readCapped(file: Uint8Array | Readable, maxBytes: number): Promise<Uint8Array> {
  if (!(file instanceof Readable)) return file;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) {
      file.destroy();
      throw errors.business('imports.refused.tooLarge', { size: sizeText(maxBytes) });
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

const byRowThenColumn = (order: Map<string, number>) => (a: ImportRefusal, b: ImportRefusal) =>
  a.row - b.row || (order.get(a.column ?? '') ?? Number.MAX_SAFE_INTEGER) - (order.get(b.column ?? '') ?? Number.MAX_SAFE_INTEGER);

/**
 * Spreadsheet imports for every module (`ctx.services.get('imports')`): the file read safely
 * (`core/spreadsheet`), its header row matched in any of the six languages, every row checked
 * against the template of the contracts, then — all or nothing, or the valid rows after a preview —
 * the module's `write` in one transaction. Files that cannot be read at all are refused with code 3.
 */
export class ImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reader: SpreadsheetReader,
    private readonly progress: ImportProgressRepo,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  template(kind: ImportKind, language: Language): Promise<{ fileName: string; body: Buffer }> {
    return templateWorkbook(IMPORT_TEMPLATES[kind], language);
  }

  /** Where the caller's own import stands; any other id (another user's too) is unknown. */
  async progressOf(userId: number, progressKey: string): Promise<importsContract.ImportProgress> {
    return (await this.progress.find(userId, progressKey)) ?? { phase: 'unknown', done: 0, total: null };
  }

  /** A dry run: the report `run` would answer, nothing written. */
  check<K extends ImportKind>(request: Omit<ImportRequest<K>, 'write'>): Promise<ImportReport> {
    return this.run(request);
  }

  async run<K extends ImportKind>(request: ImportRequest<K>): Promise<ImportReport> {
    const template: AnyImportTemplate = IMPORT_TEMPLATES[request.kind];
    const { progress } = request;
    if (progress) await this.progress.deleteBefore(this.now() - PROGRESS_KEPT_MS);
    const tracker = new ProgressTracker(
      progress ? (state) => this.progress.save(progress.userId, progress.progressKey, request.kind, state, this.now()) : null,
      this.log,
    );
    try {
      const { report, total } = await this.runTracked(request, template, tracker);
      tracker.set({ phase: 'done', done: report.imported, total });
      return report;
    } catch (error) {
      tracker.set({ phase: 'failed', done: 0, total: null });
      throw error;
    } finally {
      await tracker.settled();
    }
  }

  private async runTracked<K extends ImportKind>(
    request: ImportRequest<K>,
    template: AnyImportTemplate,
    tracker: ProgressTracker,
  ): Promise<{ report: ImportReport; total: number }> {
    const { language } = request;
    tracker.set({ phase: 'reading', done: 0, total: null });
    const bytes = await readCapped(request.file, template.maxBytes);
    let read = 0;
    let reading = true;
    const check = new SheetCheck(template, language, request.write !== undefined, (done) => {
      if (!reading) tracker.set({ phase: 'checking', done, total: read });
    });
    const sheet = await this.read(bytes, template, (batch) => {
      read += batch.count;
      tracker.set({ phase: 'reading', done: read, total: null });
      check.push(batch);
    }).catch((error: unknown) => {
      check.cancel();
      throw error;
    });
    reading = false;
    const { header, checked } = await check.finish();
    if (!header) {
      const names = Object.values(template.columns).filter((c) => c.required).map((c) => this.say(language, c.header));
      throw errors.business('imports.refused.noHeader', { columns: names.join(', ') });
    }
    if (header.missing.length > 0) {
      const names = header.missing.map((key) => this.say(language, template.columns[key]?.header ?? key));
      throw errors.business('imports.refused.missingColumns', { columns: names.join(', ') });
    }
    if (checked.total === 0) throw errors.business('imports.refused.noRows');
    const notices = this.notices(sheet, header, checked, language);
    const order = new Map([...header.written.values()].map((text, i) => [text, i]));
    const refused = [...checked.refused];
    // The rows come out of this template's own schemas, column by column: they are its row type.
    let rows = checked.valid as unknown as ImportedRow<K>[];
    let validCount = checked.validCount;
    if (request.review && rows.length > 0) {
      const more = await request.review(rows);
      const out = new Set(more.map((r) => r.row));
      refused.push(...more);
      rows = rows.filter((r) => !out.has(r.row));
      validCount = rows.length;
    }
    refused.sort(byRowThenColumn(order));
    let imported = request.mode === 'all' && refused.length > 0 ? 0 : validCount;
    if (request.write && imported > 0) {
      tracker.set({ phase: 'writing', done: 0, total: checked.total });
      const write = request.write;
      try {
        const written = rows;
        await this.db.transaction().execute((trx) => write(written, trx));
      } catch (error) {
        if (!(error instanceof ImportRowsRefused)) throw error;
        refused.push(...error.refused);
        refused.sort(byRowThenColumn(order));
        imported = 0;
      }
    }
    return { report: this.report(imported, refused, notices, language), total: checked.total };
  }

  private async read(bytes: Uint8Array, template: AnyImportTemplate, onRows: (batch: RowBatch) => void): Promise<SheetInfo> {
    try {
      return await this.reader.stream(bytes, { maxBytes: template.maxBytes, onRows });
    } catch (error) {
      if (!(error instanceof SpreadsheetRefused)) throw error;
      this.log.info({ reason: error.reason, detail: error.detail }, 'spreadsheet refused');
      throw errors.business(REFUSAL_KEYS[error.reason], { size: sizeText(template.maxBytes), max: LIMITS.importRowsMax });
    }
  }

  private notices(sheet: SheetInfo, header: HeaderMatch, checked: CheckedSheet, language: Language): string[] {
    const notices: string[] = [];
    if (sheet.sheetCount > 1) notices.push(t(language, 'imports.notice.otherSheets', { sheet: sheet.sheetName, count: sheet.sheetCount }));
    if (header.extras.length > 0) notices.push(t(language, 'imports.notice.extraColumns', { columns: header.extras.join(', ') }));
    for (const column of header.repeated) notices.push(t(language, 'imports.notice.duplicateColumn', { column }));
    if (checked.exampleRow !== null) notices.push(t(language, 'imports.notice.exampleSkipped', { row: checked.exampleRow }));
    return notices;
  }

  private report(imported: number, refused: ImportRefusal[], notices: string[], language: Language): ImportReport {
    const listed = refused.slice(0, LIMITS.importRefusalsListedMax);
    if (refused.length > listed.length) notices.push(t(language, 'imports.notice.moreRefusals', { count: refused.length - listed.length }));
    return { imported, refused: listed, ...(notices.length > 0 ? { notices } : {}) };
  }

  /** A header key of the contracts in the caller's language. */
  private say(language: Language, key: string): string {
    return translate(localeOf(language), key);
  }
}
