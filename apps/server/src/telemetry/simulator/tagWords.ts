import type { Subsystem } from '@boreline/contracts';

/** Subsystems that work while the shield advances and rest while it stands. */
export const PROCESS: ReadonlySet<Subsystem> = new Set([
  'cutterhead',
  'thrust',
  'earthPressure',
  'screwConveyor',
  'foam',
  'bentonite',
  'water',
  'grouting',
  'slurryCircuit',
  'beltConveyor',
]);

/** Conditioning and grouting: nothing flows while the shield stands. */
export const INJECTION: ReadonlySet<Subsystem> = new Set(['foam', 'bentonite', 'water', 'grouting']);

/** The lower-case words of a camelCase code: `gasH2S` → gas, h2s; `o2Level` → o2, level. */
export function codeWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

export const hasWord = (words: readonly string[], set: ReadonlySet<string>): boolean => words.some((w) => set.has(w));

/** The code with its digits replaced, so numbered copies of one sensor share a key. */
export const siblingKey = (code: string): string => code.replace(/\d+/g, '#');
