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

});
