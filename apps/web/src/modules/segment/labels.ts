import type { MessageKey } from '@boreline/i18n';
import type { Band, RecordState } from './api.js';

/** A band's name in the reader's language: every coloured ring also says its band in words. */
export const BAND_LABELS: Record<Band, MessageKey> = {
  ok: 'segmentWeb.band.ok',
  warning: 'segmentWeb.band.warning',
  alarm: 'segmentWeb.band.alarm',
};

/** Tag colours of antd and the colours of chart points, per band. */
export const BAND_TAG_COLOURS: Record<Band, string> = { ok: 'green', warning: 'gold', alarm: 'red' };
export const BAND_COLOURS: Record<Band, string> = { ok: '#389e0d', warning: '#d48806', alarm: '#cf1322' };

export const STATE_LABELS: Record<RecordState, MessageKey> = {
  draft: 'segmentWeb.state.draft',
  confirmed: 'segmentWeb.state.confirmed',
};

/** The choices of a label map in its order (the map is a Record over the contract's union). */
export function choicesOf<V extends string>(labels: Record<V, MessageKey>): [V, ...V[]] {
  // Object.keys loses the key type; the map's keys are exactly V by its Record type.
  return Object.keys(labels) as [V, ...V[]];
}
