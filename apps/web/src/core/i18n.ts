import { DEFAULT_LANGUAGE, type Language, LANGUAGES, LOCALE_OF, resolveLanguage } from '@boreline/contracts';
import type { MessageKey, MessageParams } from '@boreline/i18n';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { session, useFramework } from './session.js';

/** Each language's catalogues (all its domains in one file), loaded on demand (one language in the first load). */
const catalogues: Record<Language, () => Promise<{ catalogue: Record<string, unknown> }>> = {
  zh_CN: () => import('./catalogues/zh-CN.js'),
  en_US: () => import('./catalogues/en-US.js'),
  it_IT: () => import('./catalogues/it-IT.js'),
  de_AT: () => import('./catalogues/de-AT.js'),
  pt_PT: () => import('./catalogues/pt-PT.js'),
  tr_TR: () => import('./catalogues/tr-TR.js'),
};

const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  zh_CN: () => import('dayjs/locale/zh-cn'),
  en_US: () => Promise.resolve(),
  it_IT: () => import('dayjs/locale/it'),
  de_AT: () => import('dayjs/locale/de-at'),
  pt_PT: () => import('dayjs/locale/pt'),
  tr_TR: () => import('dayjs/locale/tr'),
};
const DAYJS_NAME: Record<Language, string> = { zh_CN: 'zh-cn', en_US: 'en', it_IT: 'it', de_AT: 'de-at', pt_PT: 'pt', tr_TR: 'tr' };

/** Names of the languages in themselves, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  en_US: 'English',
  it_IT: 'Italiano',
  de_AT: 'Deutsch (Österreich)',
  pt_PT: 'Português',
  tr_TR: 'Türkçe',
};

async function loadCatalogue(language: Language): Promise<Record<string, unknown>> {
  return (await catalogues[language]()).catalogue;
}

async function load(language: Language): Promise<void> {
  const locale = LOCALE_OF[language];
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadCatalogue(language), true, true);
  }
  await dayjsLocales[language]();
  dayjs.locale(DAYJS_NAME[language]);
}

/** The language at start: the session's choice, else the browser's, else en_US. */
export function initialLanguage(): Language {
  const stored = session.storedLanguage();
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return resolveLanguage(stored);
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser ? resolveLanguage(browser) : DEFAULT_LANGUAGE;
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: LOCALE_OF[language],
    fallbackLng: LOCALE_OF[DEFAULT_LANGUAGE],
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await load(language);
  if (language !== DEFAULT_LANGUAGE) await load(DEFAULT_LANGUAGE);
  await i18next.changeLanguage(LOCALE_OF[language]);
  useFramework.getState().setLanguage(language);
  document.documentElement.lang = LOCALE_OF[language];
}

/**
 * Switches every text, antd's and dayjs's locale, and the `lang` header of later calls.
 * `remember: false` leaves the tab's stored choice as it was (a tool page in its run's language).
 */
export async function changeLanguage(language: Language, options: { remember?: boolean } = {}): Promise<void> {
  await load(language);
  await i18next.changeLanguage(LOCALE_OF[language]);
  if (options.remember === false) useFramework.setState({ language });
  else useFramework.getState().setLanguage(language);
  document.documentElement.lang = LOCALE_OF[language];
}

export const currentLanguage = (): Language => useFramework.getState().language ?? DEFAULT_LANGUAGE;

/** A text of the reader's language by its key: a key the English catalogue lacks does not compile. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The translation function of components; it changes (and re-renders them) with the language. */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, params) => t(key, params), [t]);
}

/** The same outside components (the request client's standard texts, notices of plain functions). */
export const tr: Translate = (key, params) => i18next.t(key, params);

/** The reader's locale (`de-AT`, …), for number and date formats. */
export const useLocale = (): string => useTranslation().i18n.language;

/**
 * Whether a text coming from elsewhere (a contract's issue message) is a key of the catalogues;
 * such keys are checked where they are written, in the contracts.
 */
export const isMessageKey = (text: string): text is MessageKey => i18next.exists(text);

/**
 * A text whose key comes with data rather than code (the name parts of a machine's tags, from its
 * tag catalogue): the key itself where the catalogues have none, so an unknown tag still shows.
 */
export const dataText = (t: Translate, key: string, params?: MessageParams): string => (isMessageKey(key) ? t(key, params) : key);
