import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from '../lib/harness.js';

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The JS a route needs before it can show: its chunk and every chunk it imports statically. */
function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

const gzipKb = (files: Set<string>): number =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024;

/** B7: gzip JS of the login route (entry + login page) and of the app shell (entry + layout + a page). */
export async function bundleSize(): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const find = (name: string) => Object.keys(manifest).find((k) => k.endsWith(name));
  const login = find('modules/auth/pages/LoginPage.tsx');
  const layout = find('app/layout/AppLayout.tsx');
  const placeholder = find('modules/system/pages/UnderDevelopmentPage.tsx');
  const settings = find('modules/account/pages/SettingsPage.tsx');
  if (!entry || !login || !layout || !placeholder || !settings) throw new Error('build the web app first (npm run build)');
  const loginKb = gzipKb(closure(manifest, [entry, login]));
  // The shell: entry, the signed-in frame (menu, header) and the lightest page inside it.
  const shellKb = gzipKb(closure(manifest, [entry, layout, placeholder]));
  const settingsKb = gzipKb(closure(manifest, [entry, layout, settings]));
  console.log(`  settings page with its table and forms: ${settingsKb.toFixed(1)} KB gzip (information)`);
  const catalogues = Object.values(manifest).filter((c) => c.src?.includes('/core/catalogues/')).length;
  console.log(`  language catalogues in ${catalogues} lazy chunks (one per language); entry ${entry}`);
  report('B7-login-route', `${loginKb.toFixed(1)} KB gzip`, loginKb / 170, '<= 170 KB', loginKb <= 170);
  report('B7-app-shell', `${shellKb.toFixed(1)} KB gzip`, shellKb / 350, '<= 350 KB', shellKb <= 350);
  // Charts load on first use: what the chart module adds on top of the shell is its own download.
  const chart = find('ui/chart/ChartCore.tsx');
  if (chart) {
    const shell = closure(manifest, [entry, layout, placeholder]);
    const chartKb = gzipKb(new Set([...closure(manifest, [chart])].filter((f) => !shell.has(f))));
    report('B7-chart-chunk', `${chartKb.toFixed(1)} KB gzip`, chartKb / 200, '<= 200 KB', chartKb <= 200);
  }
}
