import { tagDisplayName, type TagDef } from '@boreline/contracts';
import { useCallback } from 'react';
import { dataText, useT } from '../../core/i18n.js';

/** A tag's display name in the reader's language, composed from its translated parts. */
export function useTagName(): (tag: TagDef) => string {
  const t = useT();
  return useCallback((tag: TagDef) => tagDisplayName(tag, (key, vars) => dataText(t, key, vars)), [t]);
}
