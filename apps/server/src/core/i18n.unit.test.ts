import { readdirSync, readFileSync } from 'node:fs';
import { ALL_ENDPOINTS } from '@boreline/contracts';
import { hasMessage, LOCALES } from '@boreline/i18n';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const inputFields = (schema: z.ZodType): string[] => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return typeof json.properties === 'object' && json.properties !== null ? Object.keys(json.properties) : [];
};

describe('server messages', () => {
  it('have a translated label for every input field of every endpoint, in all six languages', () => {
    const missing: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      for (const field of inputFields(endpoint.input)) {
        for (const locale of LOCALES) if (!hasMessage(`field.${field}`, locale)) missing.push(`${endpoint.id}.${field} (${locale})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have every message key named in the contracts and the server code, in all six languages', () => {
    const roots = [new URL('../../../../packages/contracts/src/', import.meta.url), new URL('../', import.meta.url)];
    const keys = new Set<string>();
    for (const root of roots) {
      for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const text = readFileSync(new URL(file, root), 'utf8');
        for (const match of text.matchAll(/(?<!id: )'((?:validation|common|auth|field)\.[A-Za-z0-9.]+)'/g)) if (match[1]) keys.add(match[1]);
      }
    }
    expect(keys.size).toBeGreaterThan(20);
    const missing = [...keys].flatMap((key) => LOCALES.filter((l) => !hasMessage(key, l)).map((l) => `${key} (${l})`));
    expect(missing).toEqual([]);
  });
});
