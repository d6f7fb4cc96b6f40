import { utcToZoned } from '../../../core/timeZone.js';

/** Test helpers: an ISO instant to epoch ms, and an instant read on a zone's wall clock. */
export const utc = (iso: string): number => {
  const ts = Date.parse(iso);
  if (Number.isNaN(ts)) throw new Error(`bad ISO instant ${iso}`);
  return ts;
};

export const iso = (ts: number): string => new Date(ts).toISOString().replace(':00.000Z', 'Z');

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' on the wall clock of the zone. */
export function wall(ts: number, timeZone: string): string {
  const t = utcToZoned(ts, timeZone);
  return `${t.y}-${pad(t.m)}-${pad(t.d)} ${pad(t.h)}:${pad(t.min)}`;
}

export const HOUR = 3_600_000;
export const ROME = 'Europe/Rome';
