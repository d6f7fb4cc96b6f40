import type { MessageKey } from '@boreline/i18n';
import type { Translate } from '../../core/i18n.js';

/**
 * The choices of a label map, in its order (the contract's): the map is a `Record` over the
 * contract's union, so a choice the contract adds fails the type check until it has its label.
 */
export function choicesOf<V extends string>(labels: Record<V, MessageKey>): [V, ...V[]] {
  // Object.keys loses the key type; the map's keys are exactly V by its Record type.
  return Object.keys(labels) as [V, ...V[]];
}

/** A choice's options from its label map, in the map's order. */
export function options<V extends string>(labels: Record<V, MessageKey>, t: Translate): { value: V; label: string }[] {
  return choicesOf(labels).map((value) => ({ value, label: t(labels[value]) }));
}
