import type { RingList } from '../api.js';

export interface RingRange {
  ringStart: number;
  ringEnd: number;
}

/** The newest `count` completed rings, the pages' default range; null while none is completed. */
export function newestRings(list: RingList | undefined, count: number): RingRange | null {
  const rings = list?.rings ?? [];
  const last = rings.at(-1);
  const first = rings[Math.max(0, rings.length - count)];
  return first && last ? { ringStart: first.ringNo, ringEnd: last.ringNo } : null;
}

/** A whole number of the address, or null when missing or not one. */
export function intParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null || !/^-?\d+$/.test(text)) return null;
  return Number(text);
}

/** A number of the address (chainage in metres, minutes), or null. */
export function numberParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Rings of the address, `rings=412,415`. */
export function ringsParam(params: URLSearchParams): number[] | null {
  const text = params.get('rings');
  if (text === null) return null;
  return text
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
