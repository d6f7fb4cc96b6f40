import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/testApp.js';
import { seedDemo } from '../../../demo/demoProjects.js';
import type { FilesService } from '../../files/index.js';
import { DEMO_CASES_PER_RUN, DEMO_REPAIRS_PER_RUN, seedDemoRepairs } from './demoRepairs.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAYS = 21;

async function bytesOf(files: FilesService, row: Parameters<FilesService['open']>[0]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(row).body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('demo repairs, cases and knowledge', () => {
  let t: TestApp;
  let runIds: number[] = [];
  let seeded = { repairs: 0, cases: 0, knowledge: 0 };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const runs = await seedDemo(t.db.kysely, NOW, 2);
    runIds = runs.map((run) => run.runId);
    seeded = await seedDemoRepairs(t.db.kysely, t.app.platform.services.get('files'), runs, NOW, DAYS);
  }, 60_000);
  afterAll(() => t.close());

  it('gives the contractor about sixty repairs over the history, twenty published cases and thirty knowledge items; seeding again adds none', async () => {
    expect(runIds).toHaveLength(4);
    expect(seeded).toEqual({ repairs: 4 * DEMO_REPAIRS_PER_RUN, cases: 4 * DEMO_CASES_PER_RUN, knowledge: 30 });
    expect(seeded.repairs).toBeGreaterThanOrEqual(55);
    const rows = await t.db.kysely.selectFrom('repair_records').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(60);
    expect(rows.filter((r) => r.case_state === 'published')).toHaveLength(20);
    for (const row of rows) {
      expect(row.found_at).toBeGreaterThanOrEqual(NOW - DAYS * 86_400_000);
      expect(row.found_at).toBeLessThan(NOW);
      // Spec §5 fields are there; a published case has its cause and result and was repaired.
      expect(row.title.length).toBeLessThanOrEqual(100);
      if (row.case_state === 'published') expect([row.state, row.cause !== null, row.result !== null, row.published_at !== null]).toEqual(['repaired', true, true, true]);
      if (row.state === 'open') expect([row.repaired_at, row.cause]).toEqual([null, null]);
    }
    expect(rows.some((r) => r.state === 'open')).toBe(true);
    expect(await seedDemoRepairs(t.db.kysely, t.app.platform.services.get('files'), runIds.map((runId) => ({ runId })), NOW, DAYS)).toEqual({ repairs: 0, cases: 0, knowledge: 0 });
  });

  it('tells the faults in the sites’ languages: Italian in Milan, Turkish in Istanbul, Portuguese in Lisbon, Chinese in Wuhan, with some English and German', async () => {
    const titles = async (runId: number | undefined) => (await t.db.kysely.selectFrom('repair_records').select('title').where('run_id', '=', runId ?? 0).execute()).map((r) => r.title);
    const [milan, istanbul, lisbon, wuhan] = await Promise.all(runIds.map(titles));
    expect(milan).toContain('Perdita olio tenuta cuscinetto principale');
    expect(istanbul).toEqual(expect.arrayContaining(['Helezon konveyör sıkıştı']));
    expect(lisbon?.some((title) => /ção|ô|ã/.test(title))).toBe(true);
    expect(wuhan?.some((title) => title.includes('漏油') || title.includes('堵塞'))).toBe(true);
    const all = [...(milan ?? []), ...(istanbul ?? []), ...(lisbon ?? []), ...(wuhan ?? [])];
    expect(all).toEqual(expect.arrayContaining(['Grout line blockage']));
    expect(all.some((title) => /Hauptlager|Hydraulikpumpe|Werkzeugwechsel/.test(title))).toBe(true);
  });

  it('stores real files: each case a PNG photo, each knowledge item a PDF with its text extracted or a PNG picture', async () => {
    const files = t.app.platform.services.get('files');
    const published = await t.db.kysely.selectFrom('repair_records').select('id').where('case_state', '=', 'published').orderBy('id').execute();
    const photos = await files.filesOf({ kind: 'repairRecord', id: published[0]?.id ?? 0 }, 'repairPhoto');
    expect(photos).toHaveLength(1);
    expect(await sharp(await bytesOf(files, photos[0] as (typeof photos)[number])).metadata()).toMatchObject({ format: 'png', width: 480, height: 320 });

    const items = await t.db.kysely.selectFrom('knowledge_items').selectAll().orderBy('id').execute();
    const pdfItem = items.find((item) => item.code === 'MD-PR-012');
    if (!pdfItem) throw new Error('no seal procedure');
    expect(pdfItem).toMatchObject({ extraction: 'done', name: 'Procedura sostituzione tenuta cuscinetto principale' });
    expect(pdfItem.text).toContain('Replace the worn outer seal lip');
    const [pdfFile] = await files.filesOf({ kind: 'knowledgeItem', id: pdfItem.id }, 'knowledge');
    if (!pdfFile) throw new Error('no PDF file');
    expect(pdfFile.id).toBe(pdfItem.file_id);
    const pdf = await PDFDocument.load(await bytesOf(files, pdfFile));
    expect(pdf.getPageCount()).toBe(1);
    const picture = items.find((item) => item.code === 'ER-SF-001');
    expect(picture).toMatchObject({ extraction: 'none', text: null });
    expect(items.filter((item) => item.extraction === 'done').every((item) => (item.text ?? '').length > 50)).toBe(true);
  });

  it('is found by the full-text search once indexed: every published case by a word of its title', async () => {
    const search = t.app.platform.services.get('repairSearch');
    expect(await search.reindexRuns(runIds)).toBe(seeded.repairs + seeded.knowledge);
    const cases = await t.db.kysely.selectFrom('repair_records').select(['id', 'run_id', 'title']).where('case_state', '=', 'published').where('run_id', 'in', runIds).execute();
    expect(cases.length).toBe(seeded.cases);
    for (const c of cases.slice(0, 5)) {
      const word = c.title.split(/\s+/u).find((w) => w.length >= 4) ?? c.title;
      const hits = await search.findRepairs([c.run_id], word, { publishedOnly: true });
      expect(hits.map((h) => h.id), `${c.title} by "${word}"`).toContain(c.id);
    }
  });
});
