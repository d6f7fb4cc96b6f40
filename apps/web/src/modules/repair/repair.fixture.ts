import type { Case, Knowledge, Repair, Suggestion } from './api.js';

/** 24/11/2026 08:00 UTC: 09:00 on the Milan site's clock. */
export const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
const MIN = 60_000;

export const photo = (n: number): Repair['photos'][number] => ({
  id: `photo${n}`,
  name: `seal-${n}.jpg`,
  size: 120_000,
  contentType: 'image/jpeg',
  sha256: 'a'.repeat(64),
  url: `/g/web/getDownloadFile/v1?id=photo${n}`,
  thumbUrl: `/u/web/common/file/thumb/v1?id=photo${n}`,
});
export const video = (n: number): Repair['videos'][number] => ({
  id: `video${n}`,
  name: `repair-${n}.mp4`,
  size: 2_000_000,
  contentType: 'video/mp4',
  sha256: 'b'.repeat(64),
  url: `/g/web/getDownloadFile/v1?id=video${n}`,
});

/** A repair of the Milan run as the server answers it; overrides set what a test is about. */
export function repair(id: number, overrides: Partial<Repair> = {}): Repair {
  return {
    id,
    runId: 1,
    project: 'Metro M4 Lot 3 – San Babila',
    tbmCode: 'S-1125',
    finder: 'Marco Bianchi',
    foundAt: T0 - 2 * 86_400_000,
    system: 'Main drive',
    component: 'Main bearing seal',
    title: 'Perdita olio tenuta cuscinetto principale',
    description: 'Oil on the shield floor under the main bearing; seal pressure dropping.',
    failureMode: 'leakage',
    cause: 'Worn lip of the outer seal',
    result: 'Seal replaced, pressure back to 2.1 bar',
    repairers: 'Luca Verdi, Paolo Neri',
    repairedAt: T0 - 86_400_000,
    state: 'repaired',
    caseState: 'none',
    publishedAt: null,
    publishedBy: null,
    photos: [],
    videos: [],
    alarm: null,
    ringNo: 845,
    maintenanceRecordId: null,
    fingerprint: null,
    createdBy: { id: 5, name: 'Giulia Rossi' },
    createdAt: T0 - 2 * 86_400_000,
    updatedAt: T0 - 86_400_000,
    ...overrides,
  };
}

export const FINGERPRINT: NonNullable<Repair['fingerprint']> = {
  at: T0,
  alarms: [{ point: 'MD_SEAL_P', name: 'Main seal pressure low', level: 'alarm', start: T0 - 12 * MIN }],
  values: [{ tag: 'md_seal_p', name: 'Main seal pressure', unit: 'bar', before: 2.1, at: 0.8 }],
};

export function caseOf(id: number, overrides: Partial<Case> = {}): Case {
  return {
    ...repair(id, { caseState: 'published', publishedAt: T0 - 3_600_000, publishedBy: { id: 5, name: 'Giulia Rossi' } }),
    snippet: { text: 'Oil on the shield floor under the main bearing', marks: [[0, 3]] },
    helpful: 4,
    ...overrides,
  };
}

export function knowledge(id: number, overrides: Partial<Knowledge> = {}): Knowledge {
  return {
    id,
    runId: 1,
    name: 'Main drive seal replacement procedure',
    code: 'MD-PR-012',
    system: 'Main drive',
    remark: null,
    file: { id: `k${id}`, name: 'md-seal.pdf', size: 40_000, contentType: 'application/pdf', sha256: 'c'.repeat(64), url: `/g/web/getDownloadFile/v1?id=k${id}` },
    extraction: 'done',
    textLength: 2_400,
    createdBy: { id: 5, name: 'Giulia Rossi' },
    createdAt: T0 - 10 * 86_400_000,
    updatedAt: T0 - 10 * 86_400_000,
    snippet: null,
    ...overrides,
  };
}

export function suggestion(kind: Suggestion['kind'], id: number, overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    kind,
    id,
    runId: 1,
    project: 'Metro M4 Lot 3 – San Babila',
    title: 'Main bearing seal leak',
    snippet: { text: 'Oil leak at the main seal', marks: [[4, 8]] },
    score: 0.9,
    reasons: [{ kind: 'terms', text: 'leak, seal' }],
    helpful: 2,
    notHelpful: 0,
    ...overrides,
  };
}
