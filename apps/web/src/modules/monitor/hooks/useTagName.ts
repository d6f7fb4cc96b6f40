import { tagDisplayName, type TagDef } from '@boreline/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A tag's display name in the reader's language, composed from its translated parts. */
export function useTagName(): (tag: TagDef) => string {
  const { t } = useTranslation();
  return useCallback((tag: TagDef) => tagDisplayName(tag, (key, vars) => t(key, vars ?? {})), [t]);
}
