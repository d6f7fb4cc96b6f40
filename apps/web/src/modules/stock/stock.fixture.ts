import type { ConsumptionAnswer, ConsumptionDetail, CurrentAnswer, CurrentRow, Part, Sheet } from './api.js';

/** 24/11/2026 08:00 UTC: 09:00 on the Milan site's clock. */
export const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);

/** A part of the Milan run as the server answers it; overrides set what a test is about. */
export function part(id: number, overrides: Partial<Part> = {}): Part {
  return {
    id,
    runId: 1,
    name: 'Disc cutter 17″',
    code: 'CUT-17',
    unit: 'pcs',
    system: 'Cutterhead',
    component: 'Cutters',
    spec: '17 inch, 250 kN',
    location: 'Container A, shelf 2',
    stock: 24,
    warningLine: 8,
    outOfStock: false,
    belowLine: false,
    leadTimeDays: 21,
    remark: null,
    createdAt: T0 - 30 * 86_400_000,
    updatedAt: T0 - 86_400_000,
    ...overrides,
  };
}

export function currentRow(id: number, overrides: Partial<CurrentRow> = {}): CurrentRow {
  return {
    ...part(id),
    perRing: 0.25,
    perDay: 1.5,
    daysOfCover: 16,
    leadTimeUsed: 21,
    suggestedLine: 38.4,
    lastIn: '2026-11-10',
    lastOut: '2026-11-23',
    ...overrides,
  };
}

/** Grease: 2 barrels left against a line of 4, so the row is red. */
export const GREASE = currentRow(2, {
  name: 'Tail-seal grease',
  code: 'GRS-TS',
  unit: 'barrel',
  system: 'Tail seal',
  component: null,
  spec: '200 kg',
  location: 'Yard',
  stock: 2,
  warningLine: 4,
  belowLine: true,
  daysOfCover: 1.3,
  suggestedLine: null,
  leadTimeDays: null,
  leadTimeUsed: null,
});

export function currentAnswer(records: CurrentRow[] = [currentRow(1), GREASE]): CurrentAnswer {
  return { total: records.length, page: 1, pageSize: 20, records, counts: { all: 80, outOfStock: 1, inStock: 79, belowLine: 3 }, pace: { days: 21, rings: 63, plannedRingsPerDay: 3 } };
}

/** A stock-in sheet; overrides set what a test is about. */
export function stockIn(id: number, overrides: Partial<Sheet> = {}): Sheet {
  return {
    id,
    runId: 1,
    kind: 'in',
    number: `IN-20261120-00${id}`,
    type: 'restock',
    typeName: 'Restock',
    date: '2026-11-20',
    reorderDate: '2026-11-02',
    handler: 'Marco Bianchi',
    recipient: null,
    remark: 'Delivered by truck',
    maintenanceRecord: null,
    state: 'valid',
    stateName: 'Valid',
    corrects: null,
    reason: null,
    correctedBy: null,
    lines: [
      { partId: 1, code: 'CUT-17', name: 'Disc cutter 17″', unit: 'pcs', quantity: 12 },
      { partId: 2, code: 'GRS-TS', name: 'Tail-seal grease', unit: 'barrel', quantity: 4 },
    ],
    lineCount: 2,
    enteredBy: { id: 5, name: 'Giulia Rossi' },
    enteredAt: T0 - 4 * 86_400_000,
    ...overrides,
  };
}

/** A stock-out sheet; overrides set what a test is about. */
export function stockOut(id: number, overrides: Partial<Sheet> = {}): Sheet {
  return {
    ...stockIn(id),
    kind: 'out',
    number: `OUT-20261123-00${id}`,
    type: null,
    typeName: null,
    date: '2026-11-23',
    reorderDate: null,
    handler: 'Giulia Rossi',
    recipient: 'Luca Verdi',
    remark: null,
    maintenanceRecord: { id: 7, time: T0 - 2 * 86_400_000, content: 'Cutter change, face 3' },
    lines: [{ partId: 1, code: 'CUT-17', name: 'Disc cutter 17″', unit: 'pcs', quantity: 4 }],
    lineCount: 1,
    ...overrides,
  };
}

const WORK = { from: '2026-10-26', to: '2026-11-24', rings: 90, metres: 135, volumeM3: 5_436.2 };

export function consumptionAnswer(): ConsumptionAnswer {
  return {
    total: 2,
    page: 1,
    pageSize: 20,
    work: WORK,
    records: [
      { partId: 1, code: 'CUT-17', name: 'Disc cutter 17″', unit: 'pcs', system: 'Cutterhead', used: 36, sheets: 9, perRing: 0.4, perMetre: 0.267, per100m3: 0.662, perDay: 1.2 },
      { partId: 2, code: 'GRS-TS', name: 'Tail-seal grease', unit: 'barrel', system: 'Tail seal', used: 11, sheets: 11, perRing: 0.122, perMetre: 0.081, per100m3: 0.202, perDay: 0.367 },
    ],
  };
}

export function consumptionDetail(): ConsumptionDetail {
  return {
    part: part(1),
    work: WORK,
    used: 36,
    perRing: 0.4,
    perMetre: 0.267,
    per100m3: 0.662,
    byMonth: [
      { month: '2026-10', used: 8, rings: 18, metres: 27, perRing: 0.444 },
      { month: '2026-11', used: 28, rings: 72, metres: 108, perRing: 0.389 },
    ],
    byDay: [
      { date: '2026-11-22', used: 4, rings: 5 },
      { date: '2026-11-23', used: 6, rings: 4 },
    ],
    byZone: [
      { zone: 'Fault zone F2', used: 14, rings: 20, perRing: 0.7 },
      { zone: null, used: 22, rings: 70, perRing: 0.314 },
    ],
    lines: [{ sheetId: 3, number: 'OUT-20261123-003', date: '2026-11-23', recipient: 'Luca Verdi', quantity: 6 }],
  };
}
