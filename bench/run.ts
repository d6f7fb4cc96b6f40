import { bundleSize } from './benches/bundleSize.js';
import { sessionRead } from './benches/sessionRead.js';

/** `npm run bench` runs every benchmark; `npm run bench -- <name>` one. Needs `npm run build` first. */
const BENCHES: Record<string, () => Promise<void>> = {
  'bundle-size': bundleSize,
  'session-read': sessionRead,
};

const wanted = process.argv.slice(2);
for (const [name, bench] of Object.entries(BENCHES)) {
  if (wanted.length === 0 || wanted.includes(name)) await bench();
}
