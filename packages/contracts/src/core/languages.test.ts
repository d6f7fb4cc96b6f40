import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_OF, resolveLanguage } from './languages.js';

describe('resolveLanguage', () => {
  it.each([
    ['en_US', 'en_US'],
    ['en-US', 'en_US'],
    ['zh_CN', 'zh_CN'],
    ['zh-CN', 'zh_CN'],
    ['zh-cn', 'zh_CN'],
    ['it_IT', 'it_IT'],
    ['de_AT', 'de_AT'],
    ['DE-at', 'de_AT'],
    ['pt_PT', 'pt_PT'],
    ['tr-TR', 'tr_TR'],
    [' it-IT ', 'it_IT'],
  ])('reads %j as %s', (header, language) => {
    expect(resolveLanguage(header)).toBe(language);
  });

  it.each([
    ['de', 'de_AT'],
    ['de-DE', 'de_AT'],
    ['pt_BR', 'pt_PT'],
    ['pt-BR', 'pt_PT'],
    ['zh', 'zh_CN'],
    ['zh-TW', 'zh_CN'],
    ['it', 'it_IT'],
    ['tr', 'tr_TR'],
    ['en', 'en_US'],
    ['en-GB', 'en_US'],
  ])('falls back from %j to the language of the same family, %s', (header, language) => {
    expect(resolveLanguage(header)).toBe(language);
  });

  it.each(['fr', 'fr_FR', 'es-ES', 'english', 'xx', '_US', '-'])('falls back from %j to en_US', (header) => {
    expect(resolveLanguage(header)).toBe('en_US');
  });

  it.each([undefined, null, '', '   '])('uses en_US when the header is %j', (header) => {
    expect(DEFAULT_LANGUAGE).toBe('en_US');
    expect(resolveLanguage(header)).toBe('en_US');
  });

  it('resolves every language to itself, in either spelling', () => {
    for (const language of LANGUAGES) {
      expect(resolveLanguage(language)).toBe(language);
      expect(resolveLanguage(language.replace('_', '-'))).toBe(language);
      expect(resolveLanguage(language.toUpperCase())).toBe(language);
    }
  });
});

describe('LOCALE_OF', () => {
  it('has exactly the six languages', () => {
    expect(LANGUAGES).toHaveLength(6);
    expect(Object.keys(LOCALE_OF).sort()).toEqual([...LANGUAGES].sort());
  });

  it('gives each language its canonical BCP 47 tag', () => {
    for (const language of LANGUAGES) {
      const tag = LOCALE_OF[language];
      expect(tag).toBe(language.replace('_', '-'));
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    }
  });

  it('gives distinct tags that resolve back to their language', () => {
    const tags = LANGUAGES.map((language) => LOCALE_OF[language]);
    expect(new Set(tags).size).toBe(LANGUAGES.length);
    for (const language of LANGUAGES) expect(resolveLanguage(LOCALE_OF[language])).toBe(language);
  });
});
