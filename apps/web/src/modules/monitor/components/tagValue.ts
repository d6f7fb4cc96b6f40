import { formatChainage, KEY_TAGS, type TagDef } from '@boreline/contracts';
import { formatNumber } from '../../../core/format.js';

/** What a value without a reading shows: never a zero, never the previous value. */
export const NO_VALUE = '--';

/** Outside the tag's normal working range: above its max or below its min. */
export type RangeState = 'high' | 'low' | null;

export function rangeState(tag: TagDef | undefined, value: number | null | undefined): RangeState {
  // A flag's range is 0–1 by definition: either state is normal, the badge says which.
  if (tag === undefined || value === null || value === undefined || tag.kind === 'flag') return null;
  if (value > tag.max) return 'high';
  if (value < tag.min) return 'low';
  return null;
}

const CHAINAGE_DECIMALS = [0, 1, 2, 3] as const;

/** A value as the tag's sensor resolves it: its precision, integers for levels, chainage as `k+mmm.ddd`. */
export function formatTagValue(tag: TagDef | undefined, value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (tag === undefined) return formatNumber(value, locale);
  if (tag.code === KEY_TAGS.chainage) return formatChainage(value, CHAINAGE_DECIMALS[Math.min(3, Math.max(0, tag.precision))] ?? 3);
  if (tag.kind === 'level' || tag.kind === 'flag') return formatNumber(Math.round(value), locale, 0);
  return formatNumber(value, locale, tag.precision);
}

/** The normal range as "min – max" in the tag's precision (levels as integers). */
export function formatRange(tag: TagDef, locale: string): string {
  const decimals = tag.kind === 'level' || tag.kind === 'flag' ? 0 : tag.precision;
  return `${formatNumber(tag.min, locale, decimals)} – ${formatNumber(tag.max, locale, decimals)}`;
}
