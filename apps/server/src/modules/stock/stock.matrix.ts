import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A part with stock, a stock-in and a stock-out of it, and a maintenance record in each of A's runs (the canary in their texts), for the samples to aim at. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const made: Record<string, number> = {};
  const now = Date.now();
  for (const [name, runId] of [['run', a.run], ['run2', a.run2]] as const) {
    const part = await db.kysely
      .insertInto('stock_parts')
      .values({ run_id: runId, name: `${canary} disc cutter`, code: `${canary}-DC17`, code_key: `${canary}-dc17`.toLowerCase(), unit: 'pcs', system: 'Cutterhead', component: null, spec: null, location: null, stock_milli: 5000, warning_milli: 0, lead_time_days: null, remark: null, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sheet = async (kind: 'in' | 'out', quantity: number) => {
      const row = await db.kysely
        .insertInto('stock_sheets')
        .values({ run_id: runId, kind, number: `${canary}-${kind}`, in_type: kind === 'in' ? 'first' : null, date: '2026-01-05', reorder_date: kind === 'in' ? '2026-01-01' : null, handler: `${canary} keeper`, recipient: kind === 'out' ? `${canary} fitter` : null, remark: null, mtce_record_id: null, corrects_id: null, reason: null, entered_by: null, entered_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely.insertInto('stock_sheet_lines').values({ sheet_id: row.id, part_id: part.id, line_no: 1, quantity_milli: quantity }).execute();
      await db.kysely.insertInto('stock_moves').values({ run_id: runId, part_id: part.id, sheet_id: row.id, kind, date: '2026-01-05', quantity_milli: kind === 'in' ? quantity : -quantity, at: now }).execute();
      return row.id;
    };
    made[`stockPart:${name}`] = part.id;
    made[`stockIn:${name}`] = await sheet('in', 6000);
    made[`stockOut:${name}`] = await sheet('out', 1000);
    const record = await db.kysely
      .insertInto('mtce_records')
      .values({ run_id: runId, plan_id: null, type: 'weekly', time: now - 86_400_000, system: 'Cutterhead', component: null, content: `${canary} cutter change`, done: 1, items: '[]', abnormal: 0, remark: null, maintained_by: 'A', checked_by: 'B', reviewed_by: 'C', entered_at: now, entered_by: null, due_at: null, late: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    made[`stockRecord:${name}`] = record.id;
  }
  return made;
};

/** Valid-shaped requests of the stock calls for the authorization matrix (the consumption import is multipart: its JSON body is refused as a missing file). */
export const matrixSamples: MatrixSamples = (c) => {
  const runId = c.a.run;
  const part = c.objects['stockPart:run'] ?? 0;
  const stockIn = c.objects['stockIn:run'] ?? 0;
  const stockOut = c.objects['stockOut:run'] ?? 0;
  const record = c.objects['stockRecord:run'] ?? 0;
  const partFields = { runId, name: 'Matrix part', code: `MX-${c.actor}`, unit: 'pcs', warningLine: 2 };
  const stockIn_ = { runId, type: 'restock', date: c.today, reorderDate: c.today, handler: 'Matrix keeper', details: [{ partId: c.target(part), name: 'Matrix part', code: `${c.canary}-DC17`, quantity: 1 }] };
  const stockOut_ = { runId, date: c.today, recipient: 'Matrix fitter', issuer: 'Matrix keeper', maintenanceRecordId: c.target(record), details: [{ partId: c.target(part), quantity: 1 }] };
  return {
    'stock.partList': { runId, keyword: 'cutter', availability: 'all' },
    'stock.partUnits': { runId },
    'stock.partAdd': partFields,
    'stock.partEdit': { ...partFields, id: c.target(part) },
    'stock.partDelete': { runId, id: c.target(part) },
    'stock.setFloor': { runId, partId: c.target(part), warningLine: 1 },
    'stock.inPage': { runId, partId: part, page: 1, pageSize: 20 },
    'stock.inAdd': stockIn_,
    'stock.inDetail': { runId, id: stockIn },
    'stock.inPeople': { runId },
    'stock.outPage': { runId, partId: part, page: 1, pageSize: 20 },
    'stock.outPeople': { runId },
    'stock.outAdd': stockOut_,
    'stock.outDetail': { runId, id: stockOut },
    'stock.items': { runId },
    'stock.inCorrect': { ...stockIn_, id: c.target(stockIn), reason: 'Matrix correction' },
    'stock.outCorrect': { ...stockOut_, id: c.target(stockOut), reason: 'Matrix correction' },
    'stock.currentPage': { runId, availability: 'all', page: 1, pageSize: 20 },
    'stock.currentExport': { runId, availability: 'all' },
    'stock.ledgerCheck': { runId },
    'stock.consumptionPage': { runId, from: '2026-01-01', to: '2026-01-31', page: 1, pageSize: 20 },
    'stock.consumptionDetail': { runId, partId: part, from: '2026-01-01', to: '2026-01-31' },
    'stock.consumptionExport': { runId, from: '2026-01-01', to: '2026-01-31' },
    'stock.consumptionImport': {},
  };
};
