import { type dictionaryContract, formatChainage } from '@boreline/contracts';
import { MACHINE_STATUS_KEYS, STOP_REASON_KEYS, WORK_PROCESS_KEYS } from '@boreline/i18n/dictionaryKeys';
import type { Translate } from '../../core/i18n.js';

const has = <K extends string>(map: Record<K, unknown>, code: string | null | undefined): code is K => typeof code === 'string' && Object.hasOwn(map, code);

/** A machine status (advance, ring building, waiting, finish, offline) in the reader's language; the code itself when unknown. */
export const statusName = (t: Translate, code: string | null | undefined): string => (has(MACHINE_STATUS_KEYS, code) ? t(MACHINE_STATUS_KEYS[code]) : (code ?? '—'));

/** A stop reason; null: standby no record explains. */
export const stopReasonName = (t: Translate, code: dictionaryContract.StopReason | string | null): string =>
  code === null ? t('screenTools.stops.notExplained') : has(STOP_REASON_KEYS, code) ? t(STOP_REASON_KEYS[code]) : code;

export const processName = (t: Translate, code: string | null): string => (has(WORK_PROCESS_KEYS, code) ? t(WORK_PROCESS_KEYS[code]) : (code ?? '—'));

/** A chainage as the drive writes it (`4+219.833`), a dash when unknown. */
export const chainageText = (metres: number | null | undefined): string => (metres === null || metres === undefined ? '—' : formatChainage(metres, 3));
