import type { MachineType, TagKind } from '../tagTypes.js';

/**
 * One quantity as a catalogue file declares it. In `tagsOf` the code and symbol are the whole name
 * inside the subsystem and the data block; in `series` they are suffixes after the item and index.
 */
export interface Measure {
  code: string;
  symbol: string;
  quantity: string;
  kind: TagKind;
  unit: string;
  min: number;
  max: number;
  precision: number;
}

export interface TagSpec extends Measure {
  subject: string;
  index?: string;
}

/**
 * The tags of one PLC data block. Addresses are derived from the order of the tags, the way a
 * non-optimized S7 block lays them out, so a new tag is appended at the end of its block to keep
 * every existing address valid.
 */
export interface TagBlock {
  db: number;
  tags: readonly TagSpec[];
}

/** The blocks of one subsystem that a machine type carries (none when it lacks the subsystem). */
export type BlockSource = (machineType: MachineType) => readonly TagBlock[];

export const analog = (
  code: string,
  symbol: string,
  quantity: string,
  unit: string,
  min: number,
  max: number,
  precision: number,
): Measure => ({ code, symbol, quantity, kind: 'analog', unit, min, max, precision });

/** Counters start from zero; totals in m³ or kg keep decimals, counts of events do not. */
export const counter = (
  code: string,
  symbol: string,
  quantity: string,
  unit: string,
  max: number,
  precision = 0,
): Measure => ({ code, symbol, quantity, kind: 'counter', unit, min: 0, max, precision });

export const flag = (code: string, symbol: string, quantity: string): Measure => ({
  code,
  symbol,
  quantity,
  kind: 'flag',
  unit: '',
  min: 0,
  max: 1,
  precision: 0,
});

export const level = (code: string, symbol: string, quantity: string, min: number, max: number): Measure => ({
  code,
  symbol,
  quantity,
  kind: 'level',
  unit: '',
  min,
  max,
  precision: 0,
});

/** '1'…'n' as index labels. */
export const numbered = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i + 1));

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Measures of one subject. Without a prefix each measure's code and symbol are used as they are;
 * with one they become suffixes, as in a series without index (`outerSeal` + `greasePulses`).
 */
export const tagsOf = (
  subject: string,
  measures: readonly Measure[],
  prefix?: { code: string; symbol: string },
): TagSpec[] =>
  measures.map((measure) =>
    prefix
      ? {
          ...measure,
          subject,
          code: `${prefix.code}${capitalize(measure.code)}`,
          symbol: `${prefix.symbol}_${measure.symbol}`,
        }
      : { ...measure, subject },
  );

export interface SeriesItem {
  subject: string;
  /** Code and PLC symbol of the item before its index, e.g. 'line' and 'FoamLine'. */
  code: string;
  symbol: string;
  indices: readonly string[];
  /** Codes read `pressureA` rather than `groupAPressure`: the thrust group codes of `KEY_TAGS` are spelt so. */
  indexLast?: boolean;
}

/**
 * The same measures for every item of a numbered set, item by item (the order of an array of
 * structures in the PLC), e.g. foam lines 1–8 × flow, pressure, FIR → `line3Flow`, `FoamLine3_Flow`.
 * Indices such as 'P1.1' lose their dot in codes and turn it into an underscore in symbols.
 */
export const series = (item: SeriesItem, measures: readonly Measure[]): TagSpec[] =>
  item.indices.flatMap((index) => {
    const codeIndex = index.replace(/[^A-Za-z0-9]/g, '');
    const symbolIndex = index.replace(/[^A-Za-z0-9]/g, '_');
    return measures.map((measure) => ({
      ...measure,
      code: item.indexLast
        ? `${measure.code}${capitalize(item.code)}${codeIndex}`
        : `${item.code}${codeIndex}${capitalize(measure.code)}`,
      symbol: `${item.symbol}${symbolIndex}_${measure.symbol}`,
      subject: item.subject,
      index,
    }));
  });
