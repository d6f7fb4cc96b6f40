import deAtAdmin from '../locales/de-AT/admin.json' with { type: 'json' };
import enUsAdmin from '../locales/en-US/admin.json' with { type: 'json' };
import itItAdmin from '../locales/it-IT/admin.json' with { type: 'json' };
import ptPtAdmin from '../locales/pt-PT/admin.json' with { type: 'json' };
import trTrAdmin from '../locales/tr-TR/admin.json' with { type: 'json' };
import zhCnAdmin from '../locales/zh-CN/admin.json' with { type: 'json' };
import deAtAuth from '../locales/de-AT/auth.json' with { type: 'json' };
import deAtCommon from '../locales/de-AT/common.json' with { type: 'json' };
import deAtValidation from '../locales/de-AT/validation.json' with { type: 'json' };
import deAtShell from '../locales/de-AT/shell.json' with { type: 'json' };
import deAtAccount from '../locales/de-AT/account.json' with { type: 'json' };
import enUsShell from '../locales/en-US/shell.json' with { type: 'json' };
import enUsAccount from '../locales/en-US/account.json' with { type: 'json' };
import itItShell from '../locales/it-IT/shell.json' with { type: 'json' };
import itItAccount from '../locales/it-IT/account.json' with { type: 'json' };
import ptPtShell from '../locales/pt-PT/shell.json' with { type: 'json' };
import ptPtAccount from '../locales/pt-PT/account.json' with { type: 'json' };
import trTrShell from '../locales/tr-TR/shell.json' with { type: 'json' };
import trTrAccount from '../locales/tr-TR/account.json' with { type: 'json' };
import zhCnShell from '../locales/zh-CN/shell.json' with { type: 'json' };
import zhCnAccount from '../locales/zh-CN/account.json' with { type: 'json' };
import enUsAuth from '../locales/en-US/auth.json' with { type: 'json' };
import enUsCommon from '../locales/en-US/common.json' with { type: 'json' };
import enUsValidation from '../locales/en-US/validation.json' with { type: 'json' };
import itItAuth from '../locales/it-IT/auth.json' with { type: 'json' };
import itItCommon from '../locales/it-IT/common.json' with { type: 'json' };
import itItValidation from '../locales/it-IT/validation.json' with { type: 'json' };
import ptPtAuth from '../locales/pt-PT/auth.json' with { type: 'json' };
import ptPtCommon from '../locales/pt-PT/common.json' with { type: 'json' };
import ptPtValidation from '../locales/pt-PT/validation.json' with { type: 'json' };
import trTrAuth from '../locales/tr-TR/auth.json' with { type: 'json' };
import trTrCommon from '../locales/tr-TR/common.json' with { type: 'json' };
import trTrValidation from '../locales/tr-TR/validation.json' with { type: 'json' };
import zhCnAuth from '../locales/zh-CN/auth.json' with { type: 'json' };
import zhCnCommon from '../locales/zh-CN/common.json' with { type: 'json' };
import zhCnValidation from '../locales/zh-CN/validation.json' with { type: 'json' };
import deAtTelemetry from '../locales/de-AT/telemetry.json' with { type: 'json' };
import enUsTelemetry from '../locales/en-US/telemetry.json' with { type: 'json' };
import itItTelemetry from '../locales/it-IT/telemetry.json' with { type: 'json' };
import ptPtTelemetry from '../locales/pt-PT/telemetry.json' with { type: 'json' };
import trTrTelemetry from '../locales/tr-TR/telemetry.json' with { type: 'json' };
import zhCnTelemetry from '../locales/zh-CN/telemetry.json' with { type: 'json' };
import deAtProject from '../locales/de-AT/project.json' with { type: 'json' };
import enUsProject from '../locales/en-US/project.json' with { type: 'json' };
import itItProject from '../locales/it-IT/project.json' with { type: 'json' };
import ptPtProject from '../locales/pt-PT/project.json' with { type: 'json' };
import trTrProject from '../locales/tr-TR/project.json' with { type: 'json' };
import zhCnProject from '../locales/zh-CN/project.json' with { type: 'json' };
import zhCnRealtime from '../locales/zh-CN/realtime.json' with { type: 'json' };
import enUsRealtime from '../locales/en-US/realtime.json' with { type: 'json' };
import itItRealtime from '../locales/it-IT/realtime.json' with { type: 'json' };
import deAtRealtime from '../locales/de-AT/realtime.json' with { type: 'json' };
import ptPtRealtime from '../locales/pt-PT/realtime.json' with { type: 'json' };
import trTrRealtime from '../locales/tr-TR/realtime.json' with { type: 'json' };
import zhCnReport from '../locales/zh-CN/report.json' with { type: 'json' };
import enUsReport from '../locales/en-US/report.json' with { type: 'json' };
import itItReport from '../locales/it-IT/report.json' with { type: 'json' };
import deAtReport from '../locales/de-AT/report.json' with { type: 'json' };
import ptPtReport from '../locales/pt-PT/report.json' with { type: 'json' };
import trTrReport from '../locales/tr-TR/report.json' with { type: 'json' };
import zhCnStatistic from '../locales/zh-CN/statistic.json' with { type: 'json' };
import enUsStatistic from '../locales/en-US/statistic.json' with { type: 'json' };
import itItStatistic from '../locales/it-IT/statistic.json' with { type: 'json' };
import deAtStatistic from '../locales/de-AT/statistic.json' with { type: 'json' };
import ptPtStatistic from '../locales/pt-PT/statistic.json' with { type: 'json' };
import trTrStatistic from '../locales/tr-TR/statistic.json' with { type: 'json' };
import zhCnImports from '../locales/zh-CN/imports.json' with { type: 'json' };
import enUsImports from '../locales/en-US/imports.json' with { type: 'json' };
import itItImports from '../locales/it-IT/imports.json' with { type: 'json' };
import deAtImports from '../locales/de-AT/imports.json' with { type: 'json' };
import ptPtImports from '../locales/pt-PT/imports.json' with { type: 'json' };
import trTrImports from '../locales/tr-TR/imports.json' with { type: 'json' };

export const LOCALES = ['zh-CN', 'en-US', 'it-IT', 'de-AT', 'pt-PT', 'tr-TR'] as const;
export type Locale = (typeof LOCALES)[number];

/** Domain catalogues; the folder of each locale holds one JSON file per name. */
export const DOMAINS = ['common', 'validation', 'auth', 'shell', 'account', 'admin', 'telemetry', 'project', 'realtime', 'report', 'statistic', 'imports'] as const;

const english = {
  ...enUsCommon,
  ...enUsValidation,
  ...enUsAuth,
  ...enUsShell,
  ...enUsAccount,
  ...enUsAdmin,
  ...enUsTelemetry,
  ...enUsProject,
  ...enUsRealtime,
  ...enUsReport,
  ...enUsStatistic,
  ...enUsImports,
};
export type Catalogue = typeof english;

type DotPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : DotPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key, checked by the compiler where code names one. */
export type MessageKey = DotPaths<Catalogue>;

export const CATALOGUES: Record<Locale, Catalogue> = {
  'zh-CN': { ...zhCnCommon, ...zhCnValidation, ...zhCnAuth, ...zhCnShell, ...zhCnAccount, ...zhCnAdmin, ...zhCnTelemetry, ...zhCnProject, ...zhCnRealtime, ...zhCnReport, ...zhCnStatistic, ...zhCnImports },
  'en-US': english,
  'it-IT': { ...itItCommon, ...itItValidation, ...itItAuth, ...itItShell, ...itItAccount, ...itItAdmin, ...itItTelemetry, ...itItProject, ...itItRealtime, ...itItReport, ...itItStatistic, ...itItImports },
  'de-AT': { ...deAtCommon, ...deAtValidation, ...deAtAuth, ...deAtShell, ...deAtAccount, ...deAtAdmin, ...deAtTelemetry, ...deAtProject, ...deAtRealtime, ...deAtReport, ...deAtStatistic, ...deAtImports },
  'pt-PT': { ...ptPtCommon, ...ptPtValidation, ...ptPtAuth, ...ptPtShell, ...ptPtAccount, ...ptPtAdmin, ...ptPtTelemetry, ...ptPtProject, ...ptPtRealtime, ...ptPtReport, ...ptPtStatistic, ...ptPtImports },
  'tr-TR': { ...trTrCommon, ...trTrValidation, ...trTrAuth, ...trTrShell, ...trTrAccount, ...trTrAdmin, ...trTrTelemetry, ...trTrProject, ...trTrRealtime, ...trTrReport, ...trTrStatistic, ...trTrImports },
};

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
