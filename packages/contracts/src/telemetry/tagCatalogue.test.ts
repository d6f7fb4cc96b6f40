import { describe, expect, it } from 'vitest';
import { findTag, tagCatalogue, tagDisplayName, tagsOfSubsystem } from './tagCatalogue.js';
import { KEY_TAGS, MACHINE_TYPES, type MachineType, SUBSYSTEMS, type Subsystem, type TagDef } from './tagTypes.js';

const ONLY_EPB: readonly Subsystem[] = ['earthPressure', 'screwConveyor', 'beltConveyor'];
const ONLY_SLURRY: readonly Subsystem[] = ['slurryCircuit'];
const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe.each(MACHINE_TYPES)('the %s tag catalogue', (machineType: MachineType) => {
  const tags = tagCatalogue(machineType);

  it('holds a realistic machine: at least 500 tags, within the 2,000-tag design ceiling', () => {
    expect(tags.length).toBeGreaterThanOrEqual(500);
    expect(tags.length).toBeLessThanOrEqual(2000);
  });

  it('names every tag `<subsystem>.<camelCase>` once, in its own subsystem', () => {
    expect(duplicates(tags.map((t) => t.code))).toEqual([]);
    for (const tag of tags) {
      expect(SUBSYSTEMS).toContain(tag.subsystem);
      expect(tag.code).toMatch(new RegExp(`^${tag.subsystem}\\.[a-z][a-zA-Z0-9]*$`));
    }
  });

  it('gives every tag its own PLC variable and an address whose data type fits its kind', () => {
    expect(duplicates(tags.map((t) => t.plcVar))).toEqual([]);
    expect(duplicates(tags.map((t) => t.address))).toEqual([]);
    const area = { flag: 'DBX', level: 'DBW', analog: 'DBD', counter: 'DBD' } as const;
    for (const tag of tags) {
      const match = /^DB(\d+)\.(DBX|DBW|DBD)(\d+)(?:\.([0-7]))?$/.exec(tag.address);
      expect(match, tag.code).not.toBeNull();
      expect(match?.[2], tag.code).toBe(area[tag.kind]);
      expect(match?.[4] !== undefined, tag.code).toBe(tag.kind === 'flag');
      expect(tag.plcVar, tag.code).toMatch(new RegExp(`^DB${match?.[1]}\\.[A-Za-z][A-Za-z0-9_]*$`));
    }
  });

  it('gives each tag a working range and a precision a sensor can resolve', () => {
    for (const tag of tags) {
      expect(tag.min, tag.code).toBeLessThan(tag.max);
      expect(Number.isInteger(tag.precision) && tag.precision >= 0 && tag.precision <= 4, tag.code).toBe(true);
      if (tag.kind === 'flag') expect([tag.min, tag.max, tag.unit], tag.code).toEqual([0, 1, '']);
      if (tag.kind === 'flag' || tag.kind === 'level') expect(tag.precision, tag.code).toBe(0);
      if (tag.kind === 'counter') expect(tag.min, tag.code).toBe(0);
    }
  });

  it('names every tag from telemetry keys, with an index only where there is a series', () => {
    for (const tag of tags) {
      expect(tag.name.subject, tag.code).toMatch(/^telemetry\.subject\.[a-zA-Z0-9]+$/);
      expect(tag.name.quantity, tag.code).toMatch(/^telemetry\.quantity\.[a-zA-Z0-9]+$/);
      if (tag.name.index !== undefined) expect(tag.name.index, tag.code).not.toBe('');
    }
  });

  it('contains every key tag the cycle engine and the board rely on', () => {
    const codes = new Set(tags.map((t) => t.code));
    const expected = Object.values(KEY_TAGS).filter(
      (code) => code !== (machineType === 'epb' ? KEY_TAGS.bubblePressure : KEY_TAGS.earthPressureTop),
    );
    expect(expected.filter((code) => !codes.has(code))).toEqual([]);
    expect(codes.has(machineType === 'epb' ? KEY_TAGS.bubblePressure : KEY_TAGS.earthPressureTop)).toBe(false);
  });

  it('carries only the subsystems of its machine type', () => {
    const absent = machineType === 'epb' ? ONLY_SLURRY : ONLY_EPB;
    for (const subsystem of SUBSYSTEMS) {
      expect(tagsOfSubsystem(machineType, subsystem).length > 0, subsystem).toBe(!absent.includes(subsystem));
    }
  });

  it('lists subsystem by subsystem, so the tabs together are the whole catalogue in order', () => {
    expect(SUBSYSTEMS.flatMap((s) => tagsOfSubsystem(machineType, s))).toEqual([...tags]);
    expect(tagsOfSubsystem(machineType, 'foam').every((t) => t.subsystem === 'foam')).toBe(true);
  });

  it('returns the same frozen objects on every call', () => {
    expect(tagCatalogue(machineType)).toBe(tags);
    expect(Object.isFrozen(tags)).toBe(true);
    expect(tags.every((t) => Object.isFrozen(t) && Object.isFrozen(t.name))).toBe(true);
    expect(tagsOfSubsystem(machineType, 'thrust')).toBe(tagsOfSubsystem(machineType, 'thrust'));
    expect(findTag(machineType, KEY_TAGS.totalThrust)).toBe(tags.find((t) => t.code === KEY_TAGS.totalThrust));
    expect(findTag(machineType, 'thrust.noSuchTag')).toBeUndefined();
  });
});

describe('key tag definitions', () => {
  const key = (code: string, machineType: MachineType = 'epb'): TagDef => {
    const tag = findTag(machineType, code);
    if (!tag) throw new Error(`missing ${code}`);
    return tag;
  };
  const shape = (tag: TagDef) => ({ kind: tag.kind, unit: tag.unit, min: tag.min, max: tag.max, precision: tag.precision });

  it('use the units and working ranges of the field', () => {
    expect(shape(key(KEY_TAGS.advanceSpeed))).toEqual({ kind: 'analog', unit: 'mm/min', min: 0, max: 80, precision: 1 });
    expect(shape(key(KEY_TAGS.cutterSpeed))).toEqual({ kind: 'analog', unit: 'r/min', min: 0, max: 3, precision: 2 });
    expect(shape(key(KEY_TAGS.cutterTorque))).toMatchObject({ unit: 'kN·m', min: 0, max: 7000 });
    expect(shape(key(KEY_TAGS.totalThrust))).toMatchObject({ unit: 'kN', min: 0, max: 42500 });
    for (const code of [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD]) {
      expect(shape(key(code))).toMatchObject({ unit: 'mm', min: 0, max: 2200 });
    }
    for (const code of [KEY_TAGS.pressureA, KEY_TAGS.earthPressureTop, KEY_TAGS.groutPressure]) {
      expect(key(code).unit).toBe('bar');
    }
    expect(key(KEY_TAGS.bubblePressure, 'slurry').unit).toBe('bar');
    expect(shape(key(KEY_TAGS.chainage))).toMatchObject({ unit: 'm', precision: 3 });
    expect(shape(key(KEY_TAGS.headHorizontal))).toMatchObject({ unit: 'mm', min: -100, max: 100, precision: 0 });
    expect(shape(key(KEY_TAGS.tailGapLeft))).toMatchObject({ unit: 'mm', min: 0, max: 60 });
    expect(shape(key(KEY_TAGS.ringNo))).toMatchObject({ kind: 'counter', precision: 0 });
    expect(shape(key(KEY_TAGS.advanceMode))).toEqual({ kind: 'flag', unit: '', min: 0, max: 1, precision: 0 });
    expect(shape(key(KEY_TAGS.groutVolume))).toMatchObject({ kind: 'counter', unit: 'm³' });
    expect(shape(key('guidance.keyPosition'))).toEqual({ kind: 'level', unit: '', min: 1, max: 16, precision: 0 });
  });

  it('sit at the addresses of the reference gateway', () => {
    expect(key(KEY_TAGS.pressureA)).toMatchObject({ plcVar: 'DB10.ThrustGrpA_P', address: 'DB10.DBD24' });
    expect(key('foam.line3Flow')).toMatchObject({ plcVar: 'DB12.FoamLine3_Flow', unit: 'L/min' });
  });
});

describe('tagDisplayName', () => {
  const templates: Record<string, string> = {
    'telemetry.tagName': '{{subject}} {{index}} {{quantity}}',
    'telemetry.tagNameNoIndex': '{{subject}} {{quantity}}',
    'telemetry.subject.foamLine': 'Foam line',
    'telemetry.subject.cutterhead': 'Cutterhead',
    'telemetry.quantity.flow': 'flow',
    'telemetry.quantity.rotationalSpeed': 'speed',
  };
  const t = (key: string, vars: Record<string, string> = {}) =>
    (templates[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

  it('fills the language template with the translated subject, the index and the quantity', () => {
    const foam = findTag('epb', 'foam.line3Flow');
    const speed = findTag('epb', KEY_TAGS.cutterSpeed);
    expect(foam && tagDisplayName(foam, t)).toBe('Foam line 3 flow');
    expect(speed && tagDisplayName(speed, t)).toBe('Cutterhead speed');
  });
});
