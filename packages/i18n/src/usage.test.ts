import { readdirSync, readFileSync } from 'node:fs';
import { RESOURCE_CODES } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, flatten, hasMessage, LOCALES } from './index.js';

const ROOTS = ['packages/contracts/src/', 'packages/i18n/src/', 'apps/server/src/', 'apps/web/src/'];
const repo = new URL('../../../', import.meta.url);
const dirsOf = (path: string): string[] => {
  try {
    return readdirSync(new URL(path, repo), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
};
/**
 * The first segments a message key can have, found rather than listed: every top-level key of the
 * catalogues, and every module's name on server and web (a module's keys are checked even before
 * its catalogue file exists).
 */
const PREFIXES = [...new Set([...Object.keys(CATALOGUES['en-US']), ...dirsOf('apps/server/src/modules/'), ...dirsOf('apps/web/src/modules/')])];
// Literals that name endpoints, permissions and jobs share the dotted shape but are not texts.
const KEY = new RegExp(`(?<!(?:id|permission|name): )['"\`]((?:${PREFIXES.join('|')})(?:\\.[A-Za-z0-9]+)+)['"\`]`, 'g');
// Resource codes share the `domain.area.action` shape and are passed around as plain strings
// (e.g. to scope checks), but they are permissions, not texts.
const RESOURCES = new Set<string>(RESOURCE_CODES);

/** Every message key written in the code, as a literal (keys are never built from pieces). */
function keysInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of ROOTS) {
    const dir = new URL(root, repo);
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      // permissions.ts holds resource codes, which look like keys but are not texts.
      // Test fixtures (`*.fixture.ts`) make up data for tests; only product code speaks to users.
      if (!/\.tsx?$/.test(file) || /\.(test|fixture|matrix)\.tsx?$/.test(file) || file.endsWith('permissions.ts')) continue;
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const match of text.matchAll(KEY)) if (match[1] && !RESOURCES.has(match[1])) found.set(match[1], `${root}${file}`);
    }
  }
  return found;
}

describe('message keys used in code', () => {
  const used = keysInCode();

  it('finds the keys of server, contracts and web', () => {
    expect([...used.values()].some((f) => f.startsWith('apps/web/'))).toBe(true);
    expect([...used.values()].some((f) => f.startsWith('apps/server/'))).toBe(true);
    expect(used.size).toBeGreaterThan(100);
  });

  it('all exist in every one of the six catalogues', () => {
    const missing = [...used].flatMap(([key, file]) => LOCALES.filter((l) => !hasMessage(key, l)).map((l) => `${key} (${l}) in ${file}`));
    expect(missing).toEqual([]);
  });

  it('leave few catalogue texts unused (each unused one is dead weight in six languages)', () => {
    const catalogue = Object.keys(flatten(CATALOGUES['en-US']));
    // Field labels are looked up by the field's name; `common.*` is the standard catalogue of spec §8
    // (outcomes, confirmations, notices) that every later screen shares.
    const unused = catalogue.filter((k) => !used.has(k) && !k.startsWith('field.') && !k.startsWith('common.'));
    expect(unused).toEqual([]);
  });
});
