import type { importsContract, Language, mtcePlanContract } from '@boreline/contracts';
import type { Readable } from 'node:stream';
import type { AuthSession } from '../../core/auth.js';
import { t } from '../../core/i18n.js';
import { localDayRange } from '../../core/timeZone.js';
import { ImportRowsRefused, type ImportedRow, type ImportService } from '../imports/index.js';
import type { ScopedRun } from '../project/index.js';
import { identityKey, type MaintenanceService } from './maintenance.service.js';

type Row = ImportedRow<'mtceplan'>;
type Refusal = importsContract.ImportRefusal;

/** Checklist items of a cell: one per line (or separated by ';'). */
export const itemsOfCell = (text: string | null): string[] =>
  (text ?? '')
    .split(/\r?\n|;/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .slice(0, 30)
    .map((s) => s.slice(0, 200));

/** A sheet row as a calendar plan's fields: the next maintenance date at the start of that day in the run's zone. */
export function planOfRow(run: ScopedRun, row: Row): mtcePlanContract.PlanInput {
  const v = row.values;
  return {
    runId: run.id,
    title: v.title,
    cycle: v.cycle,
    system: v.system,
    component: v.component,
    content: v.content,
    items: itemsOfCell(v.items),
    nextTime: v.nextTime === null ? null : localDayRange(v.nextTime, run.time_zone).start + 8 * 3_600_000,
    remark: v.remark,
    trigger: 'calendar',
    counterKind: null,
    counterInterval: null,
    anchor: 'floating',
  };
}

/** The `mtceplan` import of a run, written through the imports service: rows whose identity is planned already, or repeats an earlier row, are refused. */
export async function importPlans(
  service: MaintenanceService,
  imports: ImportService,
  session: AuthSession,
  input: { runId: number; mode: importsContract.ImportMode; progressKey?: string | undefined; file: Uint8Array | Readable; language: Language },
): Promise<importsContract.ImportReport> {
  const run = await service.require(session, input.runId, 'maintenance.plan.write');
  const judge = (rows: readonly Row[], taken: Set<string>): Refusal[] => {
    const refused: Refusal[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const plan = planOfRow(run, row);
      const key = identityKey({ system: plan.system.trim(), component: (plan.component ?? '').trim(), content: plan.content.trim() });
      const first = seen.get(key);
      if (taken.has(key)) refused.push({ row: row.row, column: null, message: t(input.language, 'maintenance.refused.duplicate') });
      else if (first !== undefined) refused.push({ row: row.row, column: null, message: t(input.language, 'maintenance.refused.duplicateInFile', { row: first }) });
      else seen.set(key, row.row);
    }
    return refused;
  };
  return imports.run({
    kind: 'mtceplan',
    file: input.file,
    language: input.language,
    mode: input.mode,
    ...(input.progressKey ? { progress: { userId: session.userId, progressKey: input.progressKey } } : {}),
    review: async (rows) => judge(rows, await service.identities(run.id)),
    write: async (rows, trx) => {
      // Judged again inside the transaction: another caller may have added a plan meanwhile.
      const refused = judge(rows, await service.identities(run.id, trx));
      if (refused.length > 0) throw new ImportRowsRefused(refused);
      await service.importPlans(trx, run, session.userId, rows.map((r) => planOfRow(run, r)));
    },
  });
}
