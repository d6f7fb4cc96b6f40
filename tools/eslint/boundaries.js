// The import boundaries of ARCHITECTURE.md §11 as one lint rule. The layers are folders, and every
// import between them is a relative path, so the rule resolves each import against the importing
// file and checks the pair of folders — no resolver, no configuration beyond the layers below.
import { dirname, posix, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';

/** Where a repository path sits: app, layer, and for modules the module's name and whether it is its entry. */
function placeOf(path) {
  for (const [app, root] of [['server', SERVER], ['web', WEB]]) {
    if (!path.startsWith(root)) continue;
    const rest = path.slice(root.length);
    const [layer, name, ...inside] = rest.split('/');
    if (layer === 'modules' && name && inside.length > 0) {
      const file = inside.join('/');
      return { app, layer, module: name, entry: /^index\.tsx?$/.test(file), file };
    }
    return { app, layer: inside.length === 0 && !name ? `(root)` : layer, module: null, entry: false, file: rest };
  }
  return null;
}

const isTestFile = (path) => /\.(test|unit\.test|smoke\.test|e2e\.test|fixture|matrix)\.tsx?$/.test(path);

/** Folders that form the platform: they import no module (and no demo data). */
const SERVER_PLATFORM = new Set(['core', 'db', 'telemetry', 'realtime', 'jobs', 'platform']);
const WEB_BELOW_MODULES = new Set(['ui', 'core']);

/** The problem of importing `to` from `from` (repository paths), or null when the import is allowed. */
export function boundaryProblem(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (!a || !b || a.app !== b.app) return null;
  const crossesModules = b.layer === 'modules' && a.module !== b.module;
  if (a.app === 'server') {
    if (SERVER_PLATFORM.has(a.layer) && (b.layer === 'modules' || b.layer === 'demo')) return `the platform (${a.layer}/) imports no module: ${b.layer}/${b.module ?? ''}`;
    if (a.layer === 'modules' && crossesModules && !b.entry && !(isTestFile(from) && isTestFile(to)))
      return `a module uses another only through its entry: import modules/${b.module}/index.js`;
    if (a.layer === 'modules' && b.layer === 'telemetry' && b.file !== 'telemetry/index.ts' && !isTestFile(from))
      return 'modules read machine data only through telemetry/index.js';
    return null;
  }
  if (WEB_BELOW_MODULES.has(a.layer) && (b.layer === 'modules' || b.layer === 'app')) return `${a.layer}/ imports no module and no app/`;
  if (a.layer === 'modules' && b.layer === 'app') return 'a module imports nothing from app/: routing helpers live in core/';
  if (a.layer === 'modules' && crossesModules && !b.entry && !(isTestFile(from) && isTestFile(to)))
    return `a module uses another only through its entry: import modules/${b.module}/index.js`;
  return null;
}

/** Repository path of a relative import written in `file`, or null for packages. */
function targetOf(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const absolute = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
  const rel = relative(ROOT, absolute).split('\\').join(posix.sep);
  // `x.js` may be `x.tsx`; the layer and entry checks only need the folder and the base name.
  return rel;
}

export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between platform, modules, ui and app (ARCHITECTURE.md §11)' },
    schema: [],
    messages: { crossed: 'Import across a boundary: {{problem}}' },
  },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join(posix.sep);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = targetOf(context.filename, specifier);
      if (!target) return;
      const problem = boundaryProblem(file, target);
      if (problem) context.report({ node: node.source, messageId: 'crossed', data: { problem } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const boundariesPlugin = { rules: { boundaries: boundariesRule } };
