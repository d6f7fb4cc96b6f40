import { type ImportKind, type importsContract, type Language, segmentContract } from '@boreline/contracts';
import type { Readable } from 'node:stream';
import type { AuthSession } from '../../core/auth.js';
import { ValidationFailed } from '../../core/http.js';
import { describeIssues, t } from '../../core/i18n.js';
import type { ImportedRow, ImportService } from '../imports/index.js';
import type { SegmentKind, SegmentService, ValuesOf } from './segment.service.js';

type Report = segmentContract.SegmentImportReport;
type Refusal = importsContract.ImportRefusal;

/** The import template of each dataset. */
export const TEMPLATE_OF = { pose: 'stmseg', tail: 'stmtail', clearance: 'tailcleance' } as const satisfies Record<SegmentKind, ImportKind>;
type TemplateOf = typeof TEMPLATE_OF;

/** Missing rings listed at most (a notice counts the rest). */
export const MISSING_LISTED_MAX = 1_000;

/** A checked sheet row as the values of a record. */
export function valuesOfRow<K extends SegmentKind>(kind: K, row: ImportedRow<TemplateOf[K]>): ValuesOf[K] {
  const v = row.values as unknown as Record<string, unknown>;
  const num = (key: string) => v[key] as number;
  const opt = <T>(key: string) => (v[key] ?? null) as T | null;
  const values: { [S in SegmentKind]: () => ValuesOf[S] } = {
    pose: () => ({
      chainage: opt<number>('chainage'),
      horizontalDeviation: num('horizontalDeviation'),
      elevationDeviation: num('elevationDeviation'),
      remark: opt<string>('remark'),
      segmentType: opt<string>('segmentType'),
      ringWidth: opt<number>('ringWidth'),
      kPosition: opt<string>('kPosition'),
    }),
    tail: () => ({ up: num('up'), down: num('down'), left: num('left'), right: num('right'), remark: null }),
    clearance: () => ({
      upBefore: num('upBefore'),
      downBefore: num('downBefore'),
      leftBefore: num('leftBefore'),
      rightBefore: num('rightBefore'),
      upAfter: opt<number>('upAfter'),
      downAfter: opt<number>('downAfter'),
      leftAfter: opt<number>('leftAfter'),
      rightAfter: opt<number>('rightAfter'),
      remark: null,
    }),
  };
  return values[kind]();
}

const ringOf = (row: { values: unknown }): number => (row.values as { ringNo: number }).ringNo;

/** The multipart fields of a segment import, or the field refusals in the caller's language. */
export function importForm(fields: Readonly<Record<string, string>>, language: Language): segmentContract.SegmentImportForm {
  const form = segmentContract.SegmentImportFormSchema.safeParse(fields);
  if (!form.success) throw new ValidationFailed(describeIssues(form.error.issues, language));
  return form.data;
}

/**
 * A segment, tail gap or tail clearance import of a run through the imports service (templates
 * `stmseg`, `stmtail`, `tailcleance`). Rows outside ringStart…ringEnd are refused at their row.
 * Rings of the file with a confirmed record are duplicates: `ask` writes nothing and answers them
 * (needsDecision), `replace` overwrites them, `skip` leaves them and imports the rest. The machine's
 * drafts are replaced without asking. Rings of the range neither in the file nor stored are listed
 * as missing, never filled. Rows are stored confirmed, source `import`.
 */
export async function importSegments<K extends SegmentKind>(
  service: SegmentService,
  imports: ImportService,
  session: AuthSession,
  kind: K,
  input: { form: segmentContract.SegmentImportForm; file: Uint8Array | Readable; language: Language },
): Promise<Report> {
  const { form, language } = input;
  const run = await service.require(session, form.runId, 'segment.data.write');
  const began = service.now();
  const { ringStart, ringEnd, duplicates: choice } = form;
  let fileRings: number[] = [];
  let duplicates: number[] = [];
  let written: number | null = null;
  let skipped = 0;
  let replaced = 0;

  const confirmedRings = (rings: readonly number[], stored: Map<number, string>) => rings.filter((r) => stored.get(r) === 'confirmed');

  const report = await imports.run<TemplateOf[K]>({
    kind: TEMPLATE_OF[kind],
    file: input.file,
    language,
    mode: form.mode,
    ...(form.progressKey ? { progress: { userId: session.userId, progressKey: form.progressKey } } : {}),
    review: async (rows) => {
      const refused: Refusal[] = [];
      for (const row of rows) {
        const ring = ringOf(row);
        if (ring < ringStart || ring > ringEnd) refused.push({ row: row.row, column: null, message: t(language, 'segment.refused.outsideRange', { ring, start: ringStart, end: ringEnd }) });
      }
      const out = new Set(refused.map((r) => r.row));
      fileRings = rows.filter((r) => !out.has(r.row)).map(ringOf);
      duplicates = confirmedRings(fileRings, await service.storedRings(kind, run.id, ringStart, ringEnd));
      return refused;
    },
    write: async (rows, trx) => {
      // Judged again inside the transaction: another caller may have stored a ring meanwhile.
      const stored = await service.storedRings(kind, run.id, ringStart, ringEnd, trx);
      duplicates = confirmedRings(rows.map(ringOf), stored);
      if (choice === 'ask' && duplicates.length > 0) return;
      const taken = new Set(duplicates);
      const kept = choice === 'skip' ? rows.filter((r) => !taken.has(ringOf(r))) : rows;
      skipped = rows.length - kept.length;
      replaced = choice === 'replace' ? duplicates.length : 0;
      await service.storeImported(
        trx,
        kind,
        run.id,
        session.userId,
        kept.map((r) => ({ ringNo: ringOf(r), values: valuesOfRow(kind, r) })),
      );
      written = kept.length;
    },
  });

  if (written !== null && written > 0) service.afterWrite(run.id, began);
  const needsDecision = choice === 'ask' && duplicates.length > 0 && written === null;
  const stored = await service.storedRings(kind, run.id, ringStart, ringEnd);
  const present = new Set([...fileRings, ...stored.keys()]);
  const missing: number[] = [];
  let missingCount = 0;
  for (let ring = ringStart; ring <= ringEnd; ring += 1) {
    if (present.has(ring)) continue;
    missingCount += 1;
    if (missing.length < MISSING_LISTED_MAX) missing.push(ring);
  }
  const notices = [...(report.notices ?? [])];
  if (missingCount > missing.length) notices.push(t(language, 'segment.notice.moreMissing', { count: missingCount - missing.length }));
  return {
    ...report,
    imported: written ?? 0,
    ...(notices.length > 0 ? { notices } : {}),
    duplicates: [...duplicates].sort((a, b) => a - b),
    needsDecision,
    missingRings: missing,
    replaced: written === null ? 0 : replaced,
    skipped: written === null ? 0 : skipped,
  };
}
