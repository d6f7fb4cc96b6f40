import { KEY_TAGS, tagDisplayName, type TagDef } from '@boreline/contracts';
import { useMemo } from 'react';
import type { PointGroups, PointTag } from '../api.js';
import { dataText, useT } from '../../../core/i18n.js';

/** A chartable tag with its name in the reader's language. */
export interface NamedTag extends PointTag {
  label: string;
}

/**
 * `tagDisplayName` reads only a tag's name parts; a picker tag carries no PLC address or working
 * range, which the catalogue's full definition has.
 */
const asTagDef = (tag: PointTag): TagDef => ({ ...tag, plcVar: '', address: '', min: 0, max: 0 });

/** The tags of the run's machine by code, named in the reader's language. */
export function useTagIndex(groups: PointGroups | undefined): Map<string, NamedTag> {
  const t = useT();
  return useMemo(() => {
    const index = new Map<string, NamedTag>();
    for (const group of groups?.groups ?? []) {
      for (const tag of group.tags) index.set(tag.code, { ...tag, label: tagDisplayName(asTagDef(tag), (key, vars) => dataText(t, key, vars)) });
    }
    return index;
  }, [groups, t]);
}

/**
 * What the curves and statistics pages show before anyone chooses: advance speed, thrust, torque
 * and the face pressure (earth or slurry) — the four a shift engineer reads first — when the
 * machine records them, else its first measured tags.
 */
const DEFAULT_TAGS: readonly string[] = [KEY_TAGS.advanceSpeed, KEY_TAGS.totalThrust, KEY_TAGS.cutterTorque, KEY_TAGS.earthPressureTop, KEY_TAGS.bubblePressure];

export function defaultTags(index: Map<string, NamedTag>, count = 4): string[] {
  const known = DEFAULT_TAGS.filter((code) => index.has(code));
  const rest = [...index.keys()].filter((code) => !known.includes(code));
  return [...known, ...rest].slice(0, count);
}

/** Tags from the address (`tags=a,b`), keeping only those the machine records. */
export function tagsFromParam(value: string | null, index: Map<string, NamedTag>): string[] | null {
  if (value === null) return null;
  const codes = value.split(',').filter((code) => code !== '');
  return index.size === 0 ? codes : codes.filter((code) => index.has(code));
}
