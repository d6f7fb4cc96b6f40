import type { MessageKey } from '@boreline/i18n';

/** The texts of the overlay's states, each written out (message keys are never built from pieces). */
export const RING_STATE_LABELS = {
  built: 'graphWeb.ring.state.built',
  building: 'graphWeb.ring.state.building',
  planned: 'graphWeb.ring.state.planned',
} as const satisfies Record<string, MessageKey>;

export const BAND_LABELS = {
  ok: 'graphWeb.band.ok',
  warning: 'graphWeb.band.warning',
  alarm: 'graphWeb.band.alarm',
  none: 'graphWeb.band.none',
} as const satisfies Record<string, MessageKey>;

export const RISK_STATE_LABELS = {
  ahead: 'graphWeb.risk.state.ahead',
  approaching: 'graphWeb.risk.state.approaching',
  inside: 'graphWeb.risk.state.inside',
  passed: 'graphWeb.risk.state.passed',
} as const satisfies Record<string, MessageKey>;

/** A section's four calibration marks: their names and the labels of their value fields. */
export const AXIS_SLOT_LABELS = {
  chainageA: { label: 'graphWeb.calibrate.slot.chainageA', value: 'graphWeb.calibrate.valueOf.chainageA' },
  chainageB: { label: 'graphWeb.calibrate.slot.chainageB', value: 'graphWeb.calibrate.valueOf.chainageB' },
  levelA: { label: 'graphWeb.calibrate.slot.levelA', value: 'graphWeb.calibrate.valueOf.levelA' },
  levelB: { label: 'graphWeb.calibrate.slot.levelB', value: 'graphWeb.calibrate.valueOf.levelB' },
} as const satisfies Record<string, { label: MessageKey; value: MessageKey }>;
