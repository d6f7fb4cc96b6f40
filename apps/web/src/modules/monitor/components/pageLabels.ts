import { REALTIME_PAGE_KEYS, type RealtimePage } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';

/**
 * The real-time pages' names: the contracts' one list of keys (the contracts do not depend on the
 * catalogue; the key-usage test checks each of them against it).
 */
export const PAGE_LABELS = REALTIME_PAGE_KEYS as Readonly<Record<RealtimePage, MessageKey>>;
