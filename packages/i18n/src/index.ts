import { english, LOCALE_CATALOGUES } from './catalogues.generated.js';

export { DOMAINS } from './catalogues.generated.js';

export const LOCALES = ['zh-CN', 'en-US', 'it-IT', 'de-AT', 'pt-PT', 'tr-TR'] as const;
export type Locale = (typeof LOCALES)[number];

/** The English catalogue's shape: every domain file under `locales/en-US`, found by the generator. */
export type Catalogue = typeof english;

type DotPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : DotPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key, checked by the compiler where code names one. */
export type MessageKey = DotPaths<Catalogue>;

/** Every locale's catalogue; the catalogue test checks each has exactly the English keys. */
export const CATALOGUES: Record<Locale, Catalogue> = LOCALE_CATALOGUES;

export type MessageParams = Record<string, string | number>;

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const hasMessage = (key: string, locale: Locale = 'en-US'): boolean =>
  lookup(CATALOGUES[locale], key) !== undefined;

/** Translates a key (i18next-style `{{name}}` interpolation); falls back to English, then the key. */
export function translate(locale: Locale, key: MessageKey | string, params: MessageParams = {}): string {
  const template = lookup(CATALOGUES[locale], key) ?? lookup(english, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Flattened `key -> text` pairs of a catalogue (for tests and tooling). */
export function flatten(node: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof node !== 'object' || node === null) return out;
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}
