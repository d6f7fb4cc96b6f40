import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, DOMAINS, flatten, LOCALES, translate } from './index.js';

const localesDir = join(import.meta.dirname, '..', 'locales');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const english = flatten(CATALOGUES['en-US']);

  it('has a folder with every domain file for each of the six languages', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(readdirSync(join(localesDir, locale)).sort()).toEqual(DOMAINS.map((d) => `${d}.json`).sort());
    }
  });

  it('loads every catalogue file there is (the generated import list is current)', () => {
    expect(() => execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'generate-catalogues.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  for (const locale of LOCALES) {
    it(`${locale} has every key of en-US, no extra key, and the same placeholders`, () => {
      const messages = flatten(CATALOGUES[locale]);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(text.trim().length, key).toBeGreaterThan(0);
        expect(placeholders(messages[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('translates for real: no non-English catalogue repeats most English texts', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const messages = flatten(CATALOGUES[locale]);
      const same = Object.keys(english).filter((k) => messages[k] === english[k]);
      expect(same.length / Object.keys(english).length, `${locale}: ${same.join(', ')}`).toBeLessThan(0.05);
    }
  });

  it('interpolates parameters and falls back to the key when a message is unknown', () => {
    expect(translate('en-US', 'common.error.tooManyAttempts', { minutes: 15 })).toBe(
      'Too many attempts, please try again in 15 min',
    );
    expect(translate('de-AT', 'no.such.key')).toBe('no.such.key');
  });
});
