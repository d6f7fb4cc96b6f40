import type { MachineType, Subsystem, TagDef, TagKind } from '@boreline/contracts';

/** [subsystem, name, kind, unit, min, max, precision, how many numbered copies]. */
type Template = readonly [Subsystem, string, TagKind, string, number, number, number, number];

const KEY_DEFS: readonly Template[] = [
  ['thrust', 'advanceSpeed', 'analog', 'mm/min', 0, 80, 1, 1],
  ['cutterhead', 'speed', 'analog', 'r/min', 0, 3, 2, 1],
  ['cutterhead', 'torque', 'analog', 'kN·m', 0, 7000, 0, 1],
  ['thrust', 'totalThrust', 'analog', 'kN', 0, 42500, 0, 1],
  ['thrust', 'penetration', 'analog', 'mm/r', 0, 80, 1, 1],
  ['thrust', 'strokeA', 'analog', 'mm', 0, 2200, 0, 1],
  ['thrust', 'strokeB', 'analog', 'mm', 0, 2200, 0, 1],
  ['thrust', 'strokeC', 'analog', 'mm', 0, 2200, 0, 1],
  ['thrust', 'strokeD', 'analog', 'mm', 0, 2200, 0, 1],
  ['thrust', 'pressureA', 'analog', 'bar', 0, 350, 1, 1],
  ['thrust', 'pressureB', 'analog', 'bar', 0, 350, 1, 1],
  ['thrust', 'pressureC', 'analog', 'bar', 0, 350, 1, 1],
  ['thrust', 'pressureD', 'analog', 'bar', 0, 350, 1, 1],
  ['state', 'advanceMode', 'flag', '', 0, 1, 0, 1],
  ['state', 'erectMode', 'flag', '', 0, 1, 0, 1],
  ['state', 'ringNo', 'counter', '', 0, 10000, 0, 1],
  ['guidance', 'chainage', 'analog', 'm', 0, 100000, 3, 1],
  ['guidance', 'headHorizontal', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'headVertical', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'tailHorizontal', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'tailVertical', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'pitch', 'analog', 'mm/m', -50, 50, 1, 1],
  ['guidance', 'roll', 'analog', 'mm/m', -20, 20, 1, 1],
  ['grouting', 'volumeRing', 'counter', 'm³', 0, 10, 2, 1],
  ['grouting', 'pressureMean', 'analog', 'bar', 0, 6, 2, 1],
  ['foam', 'volumeRing', 'counter', 'm³', 0, 60, 1, 1],
  ['bentonite', 'volumeRing', 'counter', 'm³', 0, 20, 1, 1],
  ['guidance', 'tailGapTop', 'analog', 'mm', 0, 80, 1, 1],
  ['guidance', 'tailGapBottom', 'analog', 'mm', 0, 80, 1, 1],
  ['guidance', 'tailGapLeft', 'analog', 'mm', 0, 80, 1, 1],
  ['guidance', 'tailGapRight', 'analog', 'mm', 0, 80, 1, 1],
];

const ORDINARY: readonly Template[] = [
  ['cutterhead', 'motorCurrent', 'analog', 'A', 0, 400, 1, 10],
  ['cutterhead', 'motorTemperature', 'analog', '°C', 0, 120, 1, 10],
  ['cutterhead', 'motorPower', 'analog', 'kW', 0, 350, 1, 10],
  ['cutterhead', 'running', 'flag', '', 0, 1, 0, 1],
  ['cutterhead', 'revolutionsTotal', 'counter', '', 0, 10_000_000, 0, 1],
  ['thrust', 'cylinderPressure', 'analog', 'bar', 0, 350, 1, 16],
  ['thrust', 'cylinderStroke', 'analog', 'mm', 0, 2200, 0, 16],
  ['screwConveyor', 'speed', 'analog', 'r/min', 0, 22, 1, 1],
  ['screwConveyor', 'torque', 'analog', 'kN·m', 0, 250, 0, 1],
  ['screwConveyor', 'gatePosition', 'analog', '%', 0, 100, 0, 2],
  ['screwConveyor', 'pressure', 'analog', 'bar', 0, 5, 2, 4],
  ['foam', 'lineFlow', 'analog', 'L/min', 0, 300, 1, 8],
  ['foam', 'lineAirFlow', 'analog', 'm³/h', 0, 60, 1, 8],
  ['foam', 'linePressure', 'analog', 'bar', 0, 6, 2, 8],
  ['foam', 'lineFir', 'analog', '%', 0, 100, 0, 8],
  ['bentonite', 'lineFlow', 'analog', 'm³/h', 0, 20, 2, 4],
  ['bentonite', 'linePressure', 'analog', 'bar', 0, 8, 2, 4],
  ['water', 'flow', 'analog', 'm³/h', 0, 60, 1, 4],
  ['water', 'temperature', 'analog', '°C', 5, 40, 1, 4],
  ['grouting', 'linePressure', 'analog', 'bar', 0, 8, 2, 6],
  ['grouting', 'lineFlow', 'analog', 'L/min', 0, 120, 1, 6],
  ['grouting', 'lineVolumeRing', 'counter', 'm³', 0, 2, 2, 6],
  ['guidance', 'midHorizontal', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'midVertical', 'analog', 'mm', -100, 100, 0, 1],
  ['guidance', 'keyPosition', 'level', '', 1, 16, 0, 1],
  ['lubricationSeal', 'greasePulses', 'counter', '', 0, 1_000_000, 0, 4],
  ['lubricationSeal', 'tailSealPressure', 'analog', 'bar', 0, 20, 1, 8],
  ['lubricationSeal', 'mainBearingOilTemperature', 'analog', '°C', 10, 70, 1, 2],
  ['lubricationSeal', 'greaseTankLevel', 'analog', '%', 0, 100, 0, 2],
  ['hydraulic', 'oilTemperature', 'analog', '°C', 10, 70, 1, 4],
  ['hydraulic', 'pumpPressure', 'analog', 'bar', 0, 350, 1, 8],
  ['hydraulic', 'tankLevel', 'analog', '%', 0, 100, 0, 2],
  ['hydraulic', 'erectorPressure', 'analog', 'bar', 0, 250, 1, 4],
  ['hydraulic', 'filterAlarm', 'flag', '', 0, 1, 0, 6],
  ['electric', 'voltage', 'analog', 'V', 380, 420, 1, 6],
  ['electric', 'current', 'analog', 'A', 0, 2000, 0, 6],
  ['electric', 'power', 'analog', 'kW', 0, 4000, 0, 6],
  ['electric', 'transformerTemperature', 'analog', '°C', 20, 110, 1, 4],
  ['electric', 'energyTotal', 'counter', 'kWh', 0, 100_000_000, 0, 1],
  ['cutter', 'discWear', 'analog', 'mm', 0, 30, 1, 40],
  ['cutter', 'discRotation', 'analog', 'r/min', 0, 40, 1, 20],
  ['auxiliary', 'gasO2', 'analog', '%', 18, 23, 1, 2],
  ['auxiliary', 'gasCo', 'analog', 'ppm', 0, 50, 1, 2],
  ['auxiliary', 'gasH2S', 'analog', 'ppm', 0, 20, 1, 2],
  ['auxiliary', 'gasCh4', 'analog', '%LEL', 0, 20, 1, 2],
  ['auxiliary', 'ventilationFlow', 'analog', 'm³/s', 0, 30, 1, 2],
  ['auxiliary', 'emergencyStop', 'flag', '', 0, 1, 0, 4],
  ['slurryCircuit', 'feedFlow', 'analog', 'm³/h', 0, 1500, 0, 2],
  ['slurryCircuit', 'dischargeFlow', 'analog', 'm³/h', 0, 1500, 0, 2],
  ['slurryCircuit', 'feedDensity', 'analog', 't/m³', 1, 1.6, 3, 2],
  ['slurryCircuit', 'pumpSpeed', 'analog', 'r/min', 0, 900, 0, 6],
  ['outerWater', 'flow', 'analog', 'm³/h', 0, 120, 1, 2],
  ['outerWater', 'temperature', 'analog', '°C', 5, 40, 1, 2],
  ['outerWater', 'pressure', 'analog', 'bar', 0, 10, 2, 2],
  ['beltConveyor', 'speed', 'analog', 'm/s', 0, 3, 2, 2],
  ['beltConveyor', 'load', 'analog', 't/h', 0, 800, 0, 2],
  ['beltConveyor', 'running', 'flag', '', 0, 1, 0, 2],
  ['beltConveyor', 'weightTotal', 'counter', 't', 0, 10_000_000, 0, 1],
  ['state', 'remoteMode', 'flag', '', 0, 1, 0, 1],
  ['state', 'ready', 'flag', '', 0, 1, 0, 1],
  ['state', 'operatingMode', 'level', '', 0, 3, 0, 1],
];

/** Spare analog inputs fill the list up to the requested size. */
const SPARE: Template = ['auxiliary', 'spareInput', 'analog', 'mA', 4, 20, 2, 1];

function expand([subsystem, name, kind, unit, min, max, precision, copies]: Template): TagDef[] {
  return Array.from({ length: copies }, (_, i) => {
    const suffix = copies > 1 ? String(i + 1) : '';
    return {
      code: `${subsystem}.${name}${suffix}`,
      subsystem,
      kind,
      unit,
      plcVar: `DB1.${name}${suffix}`,
      address: `DB1.DBD${i * 4}`,
      min,
      max,
      precision,
      name: { subject: `telemetry.subject.${name}`, quantity: 'telemetry.quantity.value', ...(suffix === '' ? {} : { index: suffix }) },
    };
  });
}

/**
 * A plausible hand-made tag list of `count` tags (at least the key tags) for tests and benchmarks
 * that must not depend on the real catalogue: every key tag of the machine type, a spread of
 * subsystems, kinds and units, then spare inputs.
 */
export function syntheticTagDefs(machineType: MachineType, count = 500): TagDef[] {
  const face: Template =
    machineType === 'epb'
      ? ['earthPressure', 'chamberTop', 'analog', 'bar', 0, 4, 2, 1]
      : ['slurryCircuit', 'bubblePressure', 'analog', 'bar', 0, 5, 2, 1];
  const chamber: readonly Template[] = machineType === 'epb' ? [['earthPressure', 'chamber', 'analog', 'bar', 0, 4, 2, 6]] : [];
  const tags = [...KEY_DEFS, face, ...chamber, ...ORDINARY].flatMap(expand).slice(0, Math.max(count, KEY_DEFS.length + 1));
  for (let i = tags.length; i < count; i += 1) {
    const spare = expand(SPARE)[0];
    if (spare !== undefined) tags.push({ ...spare, code: `${spare.code}${i}`, plcVar: `DB9.Spare${i}` });
  }
  return tags;
}
