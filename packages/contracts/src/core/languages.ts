/** The six languages of the product, as the `lang` header spells them (spec §1, §7). */
export const LANGUAGES = ['zh_CN', 'en_US', 'it_IT', 'de_AT', 'pt_PT', 'tr_TR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

/** BCP 47 tag of a language (the i18n catalogue folders use these). */
export const LOCALE_OF: Record<Language, string> = {
  zh_CN: 'zh-CN',
  en_US: 'en-US',
  it_IT: 'it-IT',
  de_AT: 'de-AT',
  pt_PT: 'pt-PT',
  tr_TR: 'tr-TR',
};

/** Reads a `lang` header (`en_US`, `en-US`, `de`, …) into one of the six languages. */
export function resolveLanguage(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const normalized = value.trim().replace('-', '_').toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const prefix = normalized.split('_')[0];
  return LANGUAGES.find((l) => l.toLowerCase().startsWith(`${prefix}_`)) ?? DEFAULT_LANGUAGE;
}
