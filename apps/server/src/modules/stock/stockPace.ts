import { formatLocalDate, parseLocalDate, shiftLocalDate } from '../../core/timeZone.js';

/**
 * The pure arithmetic of stock analysis (issue 21, DOMAIN.md "Spare parts"): pace of use, days of
 * cover, lead time learnt from stock-ins, the suggested warning line (reorder point) and the
 * normalisation of consumption by the machine's work. No database, no clock: hand-checkable.
 */

/** Figures are shown with at most three decimals (quantities are whole thousandths). */
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Days from local date `from` to local date `to` (YYYY-MM-DD): 0 for the same day, negative backwards. */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The local date `days` days after `date` (before, when negative). */
export const shiftDate = (date: string, days: number): string => formatLocalDate(shiftLocalDate(parseLocalDate(date), days));

/** Every local date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDate(d, 1)) out.push(d);
  return out;
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length);

/** Population standard deviation (σ of the window's days, every day counted, idle ones as 0). */
export function stdDev(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `value` ÷ `divisor`; null when the divisor is unknown or 0. */
export const perUnit = (value: number, divisor: number | null): number | null => (divisor === null || divisor === 0 ? null : round3(value / divisor));

/** Excavated volume (m³) of `metres` of tunnel bored with a cutterhead of `diameter` metres; null without a diameter. */
export const excavatedVolume = (metres: number, diameter: number | null): number | null =>
  diameter === null || diameter <= 0 ? null : round3(metres * Math.PI * (diameter / 2) ** 2);

/** Use per 100 m³ excavated. */
export const per100m3 = (used: number, volumeM3: number | null): number | null => (volumeM3 === null || volumeM3 === 0 ? null : round3((used * 100) / volumeM3));

/**
 * The lead time a part's suggestion uses: the part's own, else the median of (delivery − reorder
 * date) over its stock-ins, else null.
 */
export function leadTimeOf(partLeadTime: number | null, stockIns: readonly { date: string; reorderDate: string | null }[]): number | null {
  if (partLeadTime !== null) return partLeadTime;
  const days = stockIns.filter((s) => s.reorderDate !== null).map((s) => daysBetween(s.reorderDate as string, s.date));
  return median(days.filter((d) => d >= 0));
}

export interface PaceInput {
  /** Use of each day of the window (every day, 0 when nothing was issued). */
  dailyUse: readonly number[];
  /** Rings built in the window. */
  rings: number;
  stock: number;
  leadTime: number | null;
  /** The project's planned rings per day; null: the window's own rings per day. */
  plannedRingsPerDay: number | null;
  z: number;
}

export interface Pace {
  perDay: number;
  perRing: number | null;
  daysOfCover: number | null;
  suggestedLine: number | null;
}

/**
 * Pace over a window and the suggested line: use per ring × rings per day × lead time + z ×
 * σ(daily use) × √lead time. Without rings in the window (a standstill with use) the demand term
 * falls back to the use per day × lead time. Null suggestion without use or without a lead time.
 */
export function paceOf(input: PaceInput): Pace {
  const days = input.dailyUse.length;
  const used = input.dailyUse.reduce((s, v) => s + v, 0);
  const perDayRaw = days === 0 ? 0 : used / days;
  const perRingRaw = input.rings > 0 && used > 0 ? used / input.rings : null;
  const daysOfCover = perDayRaw > 0 ? round3(input.stock / perDayRaw) : null;
  let suggestedLine: number | null = null;
  if (used > 0 && input.leadTime !== null) {
    const ringsPerDay = input.plannedRingsPerDay ?? (days === 0 ? 0 : input.rings / days);
    const demandPerDay = perRingRaw !== null && ringsPerDay > 0 ? perRingRaw * ringsPerDay : perDayRaw;
    suggestedLine = round3(demandPerDay * input.leadTime + input.z * stdDev(input.dailyUse) * Math.sqrt(input.leadTime));
  }
  return { perDay: round3(perDayRaw), perRing: perRingRaw === null ? null : round3(perRingRaw), daysOfCover, suggestedLine };
}
