import { join } from 'node:path';
import { endpointUrl, filesContract, repairContract } from '@boreline/contracts';
import Sqlite from 'better-sqlite3';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.js';

const CAPTCHA = 'KNOW11';
const ADMIN_PASSWORD = 'Knowledge-smoke-1';

/**
 * The built server extracts a knowledge item's text with the worker of its own bundle
 * (`dist/knowledge.worker.js`: pdfjs's legacy build, mammoth) and finds the item by a word inside.
 */
describe('built server: knowledge text extraction (smoke)', () => {
  let server: BuiltServer;
  let token = '';
  let runId = 0;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
    const response = await fetch(`${server.origin}${endpointUrl(endpoint)}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', lang: 'en_US' }, body: JSON.stringify(payload) });
    return (await response.json()) as { code: number; msg: string; data: unknown };
  };
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('purpose', 'knowledge');
    form.append('runId', String(runId));
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.origin}${endpointUrl(filesContract.uploadV2)}`, { method: 'POST', headers: { authorization: token }, body: form });
    const body = (await response.json()) as { code: number; msg: string; data: { id: string } };
    expect(body.code, body.msg).toBe(0);
    return body.data.id;
  };
  const extracted = async (id: number) => {
    for (let i = 0; i < 300; i++) {
      const body = await post(repairContract.knowledgeDetail, { runId, id });
      const item = body.data as repairContract.Knowledge;
      if (item.extraction !== 'pending') return item;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('extraction did not end');
  };

  beforeAll(async () => {
    server = await startBuiltServer({ CAPTCHA_TEST_ANSWER: CAPTCHA, ADMIN_PASSWORD, DEMO_DATA: 'false', SIMULATOR: 'false' });
    const db = new Sqlite(join(server.dataDir, 'boreline.db'));
    const root = db.prepare('select id from orgs where parent_id is null').get() as { id: number };
    runId = Number(
      db
        .prepare(
          "insert into runs (org_id, project_name, project_code, tbm_code, machine_type, country, time_zone, line_name, ring_width_mm, start_ring, planned_rings, start_chainage, end_chainage, source, created_at) values (?, 'Knowledge tunnel', 'K', 'K-1', 'epb', 'IT', 'Europe/Rome', 'L', 1500, 1, 10, 0, 100, 'http', 0) returning id",
        )
        .pluck()
        .get(root.id),
    );
    db.close();
    const state = `knowledge-smoke-${Date.now()}`;
    await fetch(`${server.origin}/server_main/g/web/sys/getKaptcha/?state=${state}`);
    const login = await fetch(`${server.origin}/server_main/g/web/sys/login/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin@boreline.local', password: ADMIN_PASSWORD, state, captcha: CAPTCHA }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
  });
  afterAll(() => server.stop());

  it('reads a PDF and a .docx in the bundled worker and finds each by a word inside', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([300, 200]).drawText('Labyrinth seal inspection', { x: 20, y: 150, size: 12, font });
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
    zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
    zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Schneckenförderer Wartung</w:t></w:r></w:p></w:body></w:document>');

    const pdfItem = (await post(repairContract.knowledgeAdd, { runId, name: 'Seal manual', code: 'S-1', fileId: await upload('seal.pdf', await pdf.save()) })).data as repairContract.Knowledge;
    const docxItem = (await post(repairContract.knowledgeAdd, { runId, name: 'Screw manual', code: 'S-2', fileId: await upload('screw.docx', await zip.generateAsync({ type: 'uint8array' })) })).data as repairContract.Knowledge;
    expect((await extracted(pdfItem.id)).extraction).toBe('done');
    expect((await extracted(docxItem.id)).extraction).toBe('done');
    const find = async (keyword: string) => ((await post(repairContract.knowledgePage, { runId, keyword })).data as { records: { id: number }[] }).records.map((r) => r.id);
    expect(await find('labyrinth')).toEqual([pdfItem.id]);
    expect(await find('Schneckenförderer')).toEqual([docxItem.id]);
  });
});
