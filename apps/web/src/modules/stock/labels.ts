import type { MessageKey } from '@boreline/i18n';
import type { Availability, Sheet } from './api.js';

/** The names of the contract's choices in the reader's language (literal keys, so the catalogue check finds them). */
export const IN_TYPE_LABELS: Record<NonNullable<Sheet['type']>, MessageKey> = {
  first: 'stockWeb.type.first',
  restock: 'stockWeb.type.restock',
};

/** Its own constant: the catalogue check does not read a literal written after `…id: ` (as in `valid: `). */
const VALID: MessageKey = 'stockWeb.state.valid';
export const STATE_LABELS: Record<Sheet['state'], MessageKey> = {
  valid: VALID,
  corrected: 'stockWeb.state.corrected',
};

export const AVAILABILITY_LABELS: Record<Availability, MessageKey> = {
  all: 'stockWeb.availability.all',
  outOfStock: 'stockWeb.availability.outOfStock',
  inStock: 'stockWeb.availability.inStock',
  belowLine: 'stockWeb.availability.belowLine',
};

export const NONE = '—';

/** A quantity as the store counts it: up to three decimals, none shown when whole (12, 2.5, 0.125). */
export const quantityText = (value: number, locale: string): string => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
