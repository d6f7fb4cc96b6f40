import { repairContract as c, type Page } from '@boreline/contracts';
import { type Locale, type MessageKey, translate } from '@boreline/i18n';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchWorld, searchWorld } from './search/repairSearch.fixture.js';

type Knowledge = c.Knowledge;
type Found = Knowledge & { snippet: c.Snippet | null };

const fieldSays = (locale: Locale, field: string, key: MessageKey) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key) });

/** A one-page PDF with these lines (pdf-lib, standard font). */
async function pdfOf(lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([400, 300]);
  lines.forEach((line, i) => page.drawText(line, { x: 20, y: 260 - i * 20, size: 12, font }));
  return pdf.save();
}

/** The least a .docx needs for a reader: content types, the package relation and the document part. */
async function docxOf(paragraphs: readonly string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'uint8array' });
}

describe('knowledge base: add, extract, find, edit, delete; rules and reach', () => {
  let w: SearchWorld;

  beforeAll(async () => {
    w = await searchWorld('10.97.2');
  });
  afterAll(() => w.t.close());

  const detail = async (runId: number, id: number, token = w.writer.token) => w.data<Knowledge>(await w.post(c.knowledgeDetail, { runId, id }, token));
  /** Polls the item until its extraction has ended (the worker runs after the write). */
  const extracted = async (runId: number, id: number): Promise<Knowledge> => {
    for (let i = 0; i < 300; i++) {
      const item = await detail(runId, id);
      if (item.extraction !== 'pending') return item;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('extraction did not end');
  };
  const page = async (payload: object, token = w.writer.token) => w.data<Page<Found>>(await w.post(c.knowledgePage, { runId: w.runA, ...payload }, token));

  it('extracts the text of a PDF and a .docx in a worker and finds each item by a word inside', async () => {
    const pdfFile = await w.upload(w.runA, 'seal-manual.pdf', await pdfOf(['Main bearing maintenance', 'Check the labyrinth seal every 200 rings']));
    const pdfItem = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Main bearing manual', code: 'KB-001', system: 'Main drive', remark: 'Supplier manual', fileId: pdfFile }));
    expect(pdfItem).toMatchObject({ name: 'Main bearing manual', code: 'KB-001', system: 'Main drive', remark: 'Supplier manual', file: { id: pdfFile, name: 'seal-manual.pdf' } });
    expect(['pending', 'done']).toContain(pdfItem.extraction);

    const docxFile = await w.upload(w.runA, 'screw.docx', await docxOf(['Schneckenförderer Wartung', 'Die Förderschnecke bei Verstopfung zurückfahren']));
    const docxItem = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Screw conveyor procedure', code: 'KB-002', fileId: docxFile }));

    expect(await extracted(w.runA, pdfItem.id)).toMatchObject({ extraction: 'done', textLength: expect.any(Number) as number });
    expect((await extracted(w.runA, docxItem.id)).extraction).toBe('done');
    expect((await detail(w.runA, pdfItem.id)).textLength).toBeGreaterThan(40);

    const labyrinth = await page({ keyword: 'labyrinth' });
    expect(labyrinth.records.map((r) => r.id)).toEqual([pdfItem.id]);
    const snippet = labyrinth.records[0]?.snippet;
    expect(snippet?.marks.map(([a, b]) => snippet.text.slice(a, b))).toEqual(['labyrinth']);
    expect((await page({ keyword: 'Förderschnecke' })).records.map((r) => r.id)).toEqual([docxItem.id]);
    // The reader (read code only) finds them too; without words: newest first, no snippet.
    const all = await page({}, w.reader.token);
    expect(all.records.map((r) => r.id)).toEqual([docxItem.id, pdfItem.id]);
    expect(all.records[0]?.snippet).toBeNull();
    expect((await page({ system: 'Main drive' })).records.map((r) => r.id)).toEqual([pdfItem.id]);
  });

  it('extracts the cell text of .xlsx and legacy .xls workbooks', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Checks').addRow(['Hydraulikpumpe', 'Druckverlust prüfen']);
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer());
    const legacy = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(legacy, XLSX.utils.aoa_to_sheet([['Grout line', 'flushing interval'], ['Mortar', 'viscosity']]), 'Grout');
    const xls = new Uint8Array(XLSX.write(legacy, { bookType: 'biff8', type: 'array' }) as ArrayBuffer);
    const xlsxItem = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Pump checks', code: 'KB-X1', fileId: await w.upload(w.runA, 'checks.xlsx', xlsx) }));
    const xlsItem = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Grout sheet', code: 'KB-X2', fileId: await w.upload(w.runA, 'grout.xls', xls) }));
    expect((await extracted(w.runA, xlsxItem.id)).extraction).toBe('done');
    expect((await extracted(w.runA, xlsItem.id)).extraction).toBe('done');
    expect((await page({ keyword: 'druckverlust' })).records.map((r) => r.id)).toEqual([xlsxItem.id]);
    expect((await page({ keyword: 'viscosity' })).records.map((r) => r.id)).toEqual([xlsItem.id]);
  });

  it('records a document that cannot be read as failed and still finds it by its name', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> broken beyond repair\n');
    const item = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Damaged scan', code: 'KB-F', fileId: await w.upload(w.runA, 'damaged.pdf', broken) }));
    expect(await extracted(w.runA, item.id)).toMatchObject({ extraction: 'failed', textLength: 0 });
    expect((await page({ keyword: 'damaged scan' })).records.map((r) => r.id)).toEqual([item.id]);
  });

  it('keeps no text for a picture; a new file replaces the old one and is extracted again; delete removes item, file and index entry', async () => {
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const picture = await w.upload(w.runA, 'cutter.png', png);
    const item = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runA, name: 'Cutter wear photo', code: 'KB-003', fileId: picture }));
    expect(item.extraction).toBe('none');
    expect((await page({ keyword: 'cutter wear' })).records.map((r) => r.id)).toEqual([item.id]);

    const pdfFile = await w.upload(w.runA, 'grout.pdf', await pdfOf(['Grout line flushing with bentonite']));
    const edited = w.data<Knowledge>(await w.post(c.knowledgeEdit, { runId: w.runA, id: item.id, name: 'Grout procedure', code: 'KB-003', fileId: pdfFile }));
    expect(edited).toMatchObject({ name: 'Grout procedure', file: { id: pdfFile } });
    expect((await extracted(w.runA, item.id)).extraction).toBe('done');
    expect((await page({ keyword: 'bentonite' })).records.map((r) => r.id)).toEqual([item.id]);
    expect((await page({ keyword: 'cutter' })).records).toEqual([]);
    // The replaced picture is gone.
    expect(await w.t.db.kysely.selectFrom('files').select('id').where('id', '=', picture).executeTakeFirst()).toBeUndefined();

    expect(w.data(await w.post(c.knowledgeDelete, { runId: w.runA, id: item.id }))).toEqual({ deleted: true });
    expect((await page({ keyword: 'bentonite' })).records).toEqual([]);
    expect((await w.post(c.knowledgeDetail, { runId: w.runA, id: item.id })).code).toBe(3);
    expect(await w.t.db.kysely.selectFrom('files').select('id').where('id', '=', pdfFile).executeTakeFirst()).toBeUndefined();
  });

  it('requires name, code and file (spec §5) in the reader\'s language', async () => {
    const file = await w.upload(w.runA, 'rules.pdf', await pdfOf(['Rules']));
    const full = { runId: w.runA, name: 'Rules', code: 'KB-R', fileId: file };
    for (const [lang, locale] of [['zh_CN', 'zh-CN'], ['de_AT', 'de-AT']] as const) {
      for (const field of ['name', 'code', 'fileId'] as const) {
        const missing = Object.fromEntries(Object.entries(full).filter(([k]) => k !== field));
        const body = await w.post(c.knowledgeAdd, missing, w.writer.token, lang);
        expect(body.code, `${lang} ${field}`).toBe(3);
        expect(body.msg).toBe(fieldSays(locale, field, 'validation.required'));
      }
      const blank = await w.post(c.knowledgeAdd, { ...full, name: '   ' }, w.writer.token, lang);
      expect(blank.msg).toBe(fieldSays(locale, 'name', 'validation.required'));
    }
    expect((await page({ keyword: 'rules' })).total).toBe(0);
  });

  it('needs the knowledge codes; refuses another run\'s or tenant\'s file and answers another tenant\'s id as missing', async () => {
    const file = await w.upload(w.runA, 'perm.pdf', await pdfOf(['Permission check']));
    const fields = { runId: w.runA, name: 'Permissions', code: 'KB-P', fileId: file };
    // Read code only: no add; no code: no page either.
    expect((await w.post(c.knowledgeAdd, fields, w.reader.token)).code).toBe(2);
    expect((await w.post(c.knowledgePage, { runId: w.runA }, w.plain.token)).code).toBe(2);
    // Another tenant cannot reach the run at all.
    expect((await w.post(c.knowledgePage, { runId: w.runA }, w.stranger.token)).code).toBe(2);

    // A file of tenant B's run, of the other run of A, or someone else's upload.
    const theirs = await w.upload(w.runB, 'theirs.pdf', await pdfOf(['Theirs']), w.stranger.token);
    const refused = translate('en-US', 'files.attach.invalid');
    expect(await w.post(c.knowledgeAdd, { ...fields, fileId: theirs })).toMatchObject({ code: 3, msg: refused });
    const otherRun = await w.upload(w.runA2, 'other-run.pdf', await pdfOf(['Other run']));
    expect(await w.post(c.knowledgeAdd, { ...fields, fileId: otherRun })).toMatchObject({ code: 3, msg: refused });

    const mine = w.data<Knowledge>(await w.post(c.knowledgeAdd, fields));
    // The file now belongs to the item: another item cannot take it.
    expect(await w.post(c.knowledgeAdd, { ...fields, code: 'KB-P2' })).toMatchObject({ code: 3, msg: refused });
    // Tenant B's id through tenant B's run answers as missing; through A's run, as no permission.
    const theirItem = w.data<Knowledge>(await w.post(c.knowledgeAdd, { runId: w.runB, name: 'Theirs', code: 'KB-B', fileId: theirs }, w.stranger.token));
    for (const call of [c.knowledgeDetail, c.knowledgeDelete]) {
      expect((await w.post(call, { runId: w.runA, id: theirItem.id })).code).toBe(3);
      expect((await w.post(call, { runId: w.runB, id: mine.id }, w.stranger.token)).code).toBe(3);
      expect((await w.post(call, { runId: w.runA, id: mine.id }, w.stranger.token)).code).toBe(2);
    }
    expect((await w.post(c.knowledgeEdit, { ...fields, runId: w.runB, id: mine.id, fileId: theirs }, w.stranger.token)).code).toBe(3);
    expect((await detail(w.runA, mine.id)).name).toBe('Permissions');
    // Tenant B's words never reach tenant A's page.
    expect((await page({ keyword: 'theirs' })).records).toEqual([]);
  });
});
