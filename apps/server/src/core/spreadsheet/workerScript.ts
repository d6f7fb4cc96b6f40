import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts the reading worker from wherever the server runs. Built (`dist/main.js`), the worker is
 * its own bundle beside it (`dist/spreadsheet.worker.js`, an entry point of `build.mjs`), and this
 * code, bundled into main.js, finds it relative to main.js. From source (tests, benches, `tsx
 * watch`), the worker is TypeScript: a small script loads it through tsx, which Node's `--import`
 * flag cannot do inside a worker on Node 20.
 */
const BUILT = new URL('./spreadsheet.worker.js', import.meta.url);
const SOURCE = new URL('./spreadsheet.worker.ts', import.meta.url);

export function workerIsBuilt(): boolean {
  return existsSync(fileURLToPath(BUILT));
}

/**
 * tsx's ESM API (`tsImport`), found through its package's exports map. tsx is a development
 * dependency, resolved only when running from source; its CommonJS entry cannot be imported here.
 */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const target = esmApiTarget(manifest);
  if (!target) throw new Error('tsx has no ESM API export');
  return new URL(target, pathToFileURL(manifestPath)).href;
}

function esmApiTarget(manifest: unknown): string | null {
  let node: unknown = manifest;
  for (const key of ['exports', './esm/api', 'import', 'default']) {
    if (typeof node !== 'object' || node === null) return null;
    node = Reflect.get(node, key);
  }
  return typeof node === 'string' ? node : null;
}

export function startWorker(resourceLimits: ResourceLimits): Worker {
  if (workerIsBuilt()) return new Worker(BUILT, { resourceLimits });
  const api = tsxApi();
  const source = SOURCE.href;
  const script = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(script, { eval: true, resourceLimits });
}
