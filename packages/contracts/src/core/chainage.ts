/**
 * Chainage ("stationing") of a tunnel: metres written as `km+mmm.mmm`, e.g. 4219.833 m -> `4+219.833`.
 * Some projects prefix the line code (`CH`, `DK`); it is accepted on input and kept out of the value.
 */
const CHAINAGE_PATTERN = /^\s*(?:[A-Za-z]{1,3}\s*)?(-)?(\d+)\+(\d{3})(?:\.(\d{1,3}))?\s*$/;

export function isChainage(text: string): boolean {
  return CHAINAGE_PATTERN.test(text);
}

/** Parses `12+345.678` to metres (12345.678), or returns null when the text is not a chainage. */
export function parseChainage(text: string): number | null {
  const match = CHAINAGE_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, km, metres, fraction = ''] = match;
  const millimetres =
    Number(km) * 1_000_000 + Number(metres) * 1_000 + Number(fraction.padEnd(3, '0'));
  const value = millimetres / 1000;
  return sign ? -value : value;
}

/** Formats metres as `k+mmm.ddd`, rounding to the given decimals (3 = millimetres). */
export function formatChainage(metres: number, decimals: 0 | 1 | 2 | 3 = 3): string {
  if (!Number.isFinite(metres)) return '';
  const scale = 10 ** decimals;
  const units = Math.round(Math.abs(metres) * scale);
  const km = Math.floor(units / (1000 * scale));
  const rest = units - km * 1000 * scale;
  const whole = Math.floor(rest / scale);
  const fraction = rest - whole * scale;
  const sign = metres < 0 && units !== 0 ? '-' : '';
  const tail = decimals > 0 ? `.${String(fraction).padStart(decimals, '0')}` : '';
  return `${sign}${km}+${String(whole).padStart(3, '0')}${tail}`;
}
