import { useCallback } from 'react';
import { formatBytes } from '../core/format.js';
import { useLocale, useT } from '../core/i18n.js';

/** Why a file is refused before it is sent: the server would refuse it too, after the wait. */
export interface FileRefusal {
  reason: 'wrongType' | 'tooLarge' | 'tooMany';
  name: string;
}

/** The extension of a file name, lower case without the dot (`Plan.XLSX` -> `xlsx`). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The `accept` attribute of a file input for extensions (`['xls', 'xlsx']` -> `.xls,.xlsx`). */
export const acceptAttribute = (types: readonly string[]): string => types.map((type) => `.${type}`).join(',');

/** Checks one file against the accepted extensions and the size limit; null when it may go. */
export function checkFile(file: { name: string; size: number }, types: readonly string[], maxBytes: number): FileRefusal | null {
  if (types.length > 0 && !types.includes(extensionOf(file.name))) return { reason: 'wrongType', name: file.name };
  if (file.size > maxBytes) return { reason: 'tooLarge', name: file.name };
  return null;
}

/** The refusals of a file's limits in the reader's language. */
export function useFileTexts(types: readonly string[], maxBytes: number, maxCount?: number) {
  const t = useT();
  const locale = useLocale();
  const size = formatBytes(maxBytes, locale);
  const typeList = types.map((type) => `.${type}`).join(', ');
  const refusal = useCallback(
    ({ reason, name }: FileRefusal): string => {
      if (reason === 'wrongType') return t('ui.file.wrongType', { name, types: typeList });
      if (reason === 'tooLarge') return t('ui.file.tooLarge', { name, size });
      return t('ui.file.tooMany', { name, max: maxCount ?? 0 });
    },
    [t, typeList, size, maxCount],
  );
  return { refusal, size, typeList };
}
