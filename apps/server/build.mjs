// Bundles the server and the workspace packages it imports (TypeScript sources) into dist/main.js
// (and the spreadsheet and knowledge-extraction workers into dist/spreadsheet.worker.js, dist/knowledge.worker.js);
// npm dependencies stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@boreline/'));

await build({
  // The spreadsheet reader's worker is a second entry: it runs in its own thread, loaded by path
  // beside main.js (see src/core/spreadsheet/workerScript.ts).
  entryPoints: {
    main: 'src/main.ts',
    'spreadsheet.worker': 'src/core/spreadsheet/spreadsheet.worker.ts',
    // The knowledge base's text extraction (pdfjs, mammoth, word-extractor, SheetJS): src/modules/repair/search/extract.ts.
    'knowledge.worker': 'src/modules/repair/search/extract.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
