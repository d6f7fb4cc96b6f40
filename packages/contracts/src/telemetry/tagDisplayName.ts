import type { MachineState, Subsystem, TagDef } from './tagTypes.js';

/** Names of the real-time tabs, one per subsystem. */
export const SUBSYSTEM_NAME_KEYS = {
  state: 'telemetry.subsystem.state',
  cutterhead: 'telemetry.subsystem.cutterhead',
  thrust: 'telemetry.subsystem.thrust',
  earthPressure: 'telemetry.subsystem.earthPressure',
  screwConveyor: 'telemetry.subsystem.screwConveyor',
  foam: 'telemetry.subsystem.foam',
  bentonite: 'telemetry.subsystem.bentonite',
  water: 'telemetry.subsystem.water',
  grouting: 'telemetry.subsystem.grouting',
  guidance: 'telemetry.subsystem.guidance',
  lubricationSeal: 'telemetry.subsystem.lubricationSeal',
  hydraulic: 'telemetry.subsystem.hydraulic',
  electric: 'telemetry.subsystem.electric',
  cutter: 'telemetry.subsystem.cutter',
  auxiliary: 'telemetry.subsystem.auxiliary',
  slurryCircuit: 'telemetry.subsystem.slurryCircuit',
  outerWater: 'telemetry.subsystem.outerWater',
  beltConveyor: 'telemetry.subsystem.beltConveyor',
} as const satisfies Record<Subsystem, string>;

/** Names of the TBM states the cycle engine derives. */
export const MACHINE_STATE_KEYS = {
  advance: 'telemetry.state.advance',
  ringBuild: 'telemetry.state.ringBuild',
  waiting: 'telemetry.state.waiting',
  finish: 'telemetry.state.finish',
} as const satisfies Record<MachineState, string>;

/**
 * Subject and quantity pairs that some languages write as one word (German "Vortriebsgeschwindigkeit",
 * not "Vortrieb Geschwindigkeit"): the whole name is a text of its own in every language.
 */
const JOINED_TAG_NAMES: Readonly<Record<string, string>> = {
  'telemetry.subject.advance|telemetry.quantity.speed': 'telemetry.tagNameJoined.advanceSpeed',
  'telemetry.subject.advance|telemetry.quantity.speedSetpoint': 'telemetry.tagNameJoined.advanceSpeedSetpoint',
};

/** The text key of a tag's whole name when its language writes it as one word (no index), else undefined. */
export function joinedTagNameKey(name: TagDef['name']): string | undefined {
  return name.index === undefined ? JOINED_TAG_NAMES[`${name.subject}|${name.quantity}`] : undefined;
}

/**
 * A tag's name in the reader's language. The word order lives in each language's template
 * (`telemetry.tagName`), not here: Italian leads with the quantity, Chinese joins without spaces.
 */
export function tagDisplayName(tag: TagDef, t: (key: string, vars?: Record<string, string>) => string): string {
  if (tag.label !== undefined) return tag.label;
  const joined = joinedTagNameKey(tag.name);
  if (joined !== undefined) return t(joined);
  const subject = t(tag.name.subject);
  const quantity = t(tag.name.quantity);
  return tag.name.index === undefined
    ? t('telemetry.tagNameNoIndex', { subject, quantity })
    : t('telemetry.tagName', { subject, index: tag.name.index, quantity });
}
