import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The file kinds whose text is extracted; any other kind of a knowledge file (pictures, videos) has none. */
export const EXTRACTED_KINDS = ['pdf', 'docx', 'doc', 'xls', 'xlsx'] as const;
export type ExtractedKind = (typeof EXTRACTED_KINDS)[number];
export const isExtracted = (kind: string): kind is ExtractedKind => (EXTRACTED_KINDS as readonly string[]).includes(kind);

export interface ExtractJob {
  kind: ExtractedKind;
  bytes: Uint8Array;
}
export type ExtractAnswer = { ok: true; text: string } | { ok: false; error: string };

export interface ExtractLimits {
  /** From the file sent to its text. */
  timeoutMs: number;
  /** The worker's V8 old-generation heap cap. */
  maxHeapMb: number;
}

export const EXTRACT_LIMITS: ExtractLimits = { timeoutMs: 60_000, maxHeapMb: 256 };

/**
 * Built (`dist/main.js`), the worker is its own bundle beside main.js (`dist/knowledge.worker.js`,
 * an entry point of build.mjs); from source (tests, benches, `tsx watch`), it is TypeScript loaded
 * through tsx's ESM API (see core/spreadsheet/workerScript.ts for why).
 */
const BUILT = new URL('./knowledge.worker.js', import.meta.url);
const SOURCE = new URL('./extract.worker.ts', import.meta.url);

function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> };
  const target = manifest.exports?.['./esm/api']?.import?.default;
  if (!target) throw new Error('tsx has no ESM API export');
  return new URL(target, pathToFileURL(manifestPath)).href;
}

function startWorker(limits: ExtractLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 };
  if (existsSync(fileURLToPath(BUILT))) return new Worker(BUILT, { resourceLimits });
  const source = SOURCE.href;
  const script = `import(${JSON.stringify(tsxApi())}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(script, { eval: true, resourceLimits });
}

/**
 * The text of one document, read in a thread of its own under a heap cap and a time limit: a file
 * that needs more memory ends that thread, not the server; one that takes too long is stopped.
 * Rejects with the reason (the caller records the extraction as failed).
 */
export function extractText(job: ExtractJob, limits: ExtractLimits = EXTRACT_LIMITS): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const worker = startWorker(limits);
    let settled = false;
    const finish = (outcome: { text: string } | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ('text' in outcome) resolve(outcome.text);
      else reject(new Error(outcome.error));
    };
    const timer = setTimeout(() => finish({ error: `over ${limits.timeoutMs} ms` }), limits.timeoutMs);
    worker.on('message', (answer: ExtractAnswer) => finish(answer.ok ? { text: answer.text } : { error: answer.error }));
    worker.on('error', (error) => finish({ error: error.message }));
    worker.on('exit', (code) => finish({ error: `the reader ended (${code})` }));
    const bytes = new Uint8Array(job.bytes);
    worker.postMessage({ kind: job.kind, bytes }, [bytes.buffer]);
  });
}
