import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, endpointUrl, projectContract } from './index.js';

describe('module contracts', () => {
  it('are all exported (the generated index is current), each as <name>Contract', () => {
    expect(() => execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'generate-index.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
    expect(projectContract.runQueryAll.path).toBe('/u/web/sts/run/queryAll/v1');
  });

  it('collect every endpoint once: unique ids and unique method + address', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${endpointUrl(e)}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(ids).toEqual(expect.arrayContaining(['auth.loginV1', 'admin.orgAdd', 'statistic.ringStats', 'report.shiftQuery']));
  });
});

/** The paths inside `schema` of numbers that would accept text (`z.coerce.number()`), `''` for the root. */
function coercedNumbers(schema: unknown, at = '', seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const found = def.type === 'number' && def.coerce === true ? [at || '(input)'] : [];
  const inner = (child: unknown, path = at) => found.push(...coercedNumbers(child, path, seen));
  if (def.type === 'object') for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) inner(child, at ? `${at}.${key}` : key);
  if (def.type === 'array') inner(def.element, `${at}[]`);
  if (def.type === 'union') for (const option of def.options as unknown[]) inner(option);
  if (def.type === 'intersection') [def.left, def.right].forEach((side) => inner(side));
  if (def.type === 'record') inner(def.valueType, `${at}{}`);
  if (def.type === 'tuple') (def.items as unknown[]).forEach((item, i) => inner(item, `${at}[${i}]`));
  if (def.type === 'pipe') [def.in, def.out].forEach((side) => inner(side));
  for (const key of ['innerType', 'schema'] as const) if (def[key]) inner(def[key]);
  return found;
}

describe('JSON bodies', () => {
  it('take numbers as numbers only: no field of a body turns "2" or true into a number (query strings are read as numbers before the contract)', () => {
    const lenient = ALL_ENDPOINTS.flatMap((e) => coercedNumbers(e.input).map((path) => `${e.id}: ${path}`));
    expect(lenient).toEqual([]);
  });
});
