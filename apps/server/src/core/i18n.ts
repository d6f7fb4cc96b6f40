import { LOCALE_OF, resolveLanguage, type Language } from '@boreline/contracts';
import { hasMessage, type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

export const requestLanguage = (request: FastifyRequest): Language => {
  const header = request.headers.lang;
  return resolveLanguage(Array.isArray(header) ? header[0] : header);
};

export const localeOf = (language: Language): Locale => {
  const locale = LOCALE_OF[language];
  const known: Record<string, Locale> = {
    'zh-CN': 'zh-CN',
    'en-US': 'en-US',
    'it-IT': 'it-IT',
    'de-AT': 'de-AT',
    'pt-PT': 'pt-PT',
    'tr-TR': 'tr-TR',
  };
  return known[locale] ?? 'en-US';
};

export const t = (language: Language, key: MessageKey, params?: MessageParams): string =>
  translate(localeOf(language), key, params);

export interface FieldProblem {
  field: string;
  message: string;
}

/** Translates zod issues: messages are i18n keys set in the contracts, or derived from the issue kind. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], language: Language, labels: Readonly<Record<string, string>> = {}): FieldProblem[] {
  const locale = localeOf(language);
  return issues.map((issue) => {
    const name = [...issue.path].reverse().find((p) => typeof p === 'string') ?? '';
    const labelKey = labels[name] ?? `field.${name}`;
    const field = name && hasMessage(labelKey) ? translate(locale, labelKey) : name;
    let key: string = issue.message;
    let params: MessageParams = {};
    if (!hasMessage(key)) {
      if (issue.code === 'invalid_type' && issue.input === undefined) key = 'validation.required';
      else if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
        key = 'validation.maxLength';
        params = { max: issue.maximum };
      } else key = 'validation.invalid';
    } else if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
      params = { max: issue.maximum };
    } else if (issue.code === 'too_small' && typeof issue.minimum === 'number') {
      params = { min: issue.minimum };
    } else if (issue.code === 'custom' && issue.params) {
      params = issue.params as MessageParams;
    }
    const text = translate(locale, key, params);
    return { field: name, message: field ? translate(locale, 'common.error.fieldInvalid', { field, message: text }) : text };
  });
}
