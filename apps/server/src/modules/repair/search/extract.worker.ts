import { parentPort } from 'node:worker_threads';
import type { ExtractJob, ExtractAnswer } from './extract.js';

/**
 * The text-extraction worker: one file per thread, started for it and ended after it, under the
 * heap cap and time limit the server sets (extract.ts). PDF through pdfjs (legacy build for Node),
 * .docx through mammoth, .doc through word-extractor, .xls/.xlsx cell text through SheetJS. Its own
 * entry point of the server build (`build.mjs`: dist/knowledge.worker.js).
 */

/** Characters kept of a document's text (the search needs words, not whole books). */
const TEXT_MAX = 2_000_000;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  let length = 0;
  for (let n = 1; n <= document.numPages && length < TEXT_MAX; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    pages.push(text);
    length += text.length;
    page.cleanup();
  }
  await document.destroy();
  return pages.join('\n');
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return result.value;
}

async function docText(bytes: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(Buffer.from(bytes));
  return [document.getBody(), document.getHeaders({ includeFooters: true }), document.getFootnotes(), document.getTextboxes()].filter((t) => t.trim().length > 0).join('\n');
}

async function sheetText(bytes: Uint8Array): Promise<string> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(bytes, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false });
  const parts: string[] = [];
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    parts.push(name, XLSX.utils.sheet_to_csv(sheet, { FS: ' ', blankrows: false }));
  }
  return parts.join('\n');
}

async function extract(job: ExtractJob): Promise<string> {
  switch (job.kind) {
    case 'pdf':
      return pdfText(job.bytes);
    case 'docx':
      return docxText(job.bytes);
    case 'doc':
      return docText(job.bytes);
    case 'xls':
    case 'xlsx':
      return sheetText(job.bytes);
  }
}

parentPort?.on('message', (job: ExtractJob) => {
  const post = (answer: ExtractAnswer) => parentPort?.postMessage(answer);
  extract(job).then(
    (text) => post({ ok: true, text: text.replaceAll(String.fromCharCode(0), '').slice(0, TEXT_MAX) }),
    (error: unknown) => post({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
