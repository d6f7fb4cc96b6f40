import { analog, type BlockSource, flag, type Measure, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

const pump = (maxPressure: number, maxCurrent: number): Measure[] => [
  analog('pressure', 'P', Q.pressure, 'bar', 0, maxPressure, 1),
  analog('motorCurrent', 'I', Q.motorCurrent, 'A', 0, maxCurrent, 1),
  flag('running', 'Running', Q.running),
];

/** The hydraulic power packs on the backup train, and the erector and segment feeder they drive. */
export const hydraulicBlocks: BlockSource = (machineType) => [
  {
    db: 22,
    tags: [
      ...tagsOf(S.thrustPump, pump(350, 250), { code: 'thrustPump', symbol: 'ThrustPump' }),
      ...tagsOf(S.erectorPump, pump(250, 120), { code: 'erectorPump', symbol: 'ErectorPump' }),
      // The screw conveyor is driven hydraulically on EPB machines; slurry machines have no screw.
      ...(machineType === 'epb'
        ? tagsOf(S.screwConveyorPump, pump(320, 350), { code: 'screwPump', symbol: 'ScrewPump' })
        : []),
      ...tagsOf(S.auxiliaryPump, pump(210, 80), { code: 'auxiliaryPump', symbol: 'AuxPump' }),
      ...tagsOf(S.chargePump, pump(40, 40), { code: 'chargePump', symbol: 'ChargePump' }),
      ...tagsOf(S.filterCoolingPump, pump(10, 30), { code: 'coolingPump', symbol: 'CoolPump' }),
      ...tagsOf(S.hydraulicTank, [
        analog('tankTemperature', 'Tank_T', Q.temperature, '°C', 20, 60, 1),
        analog('tankLevel', 'Tank_Level', Q.level, '%', 50, 95, 0),
        flag('tankLevelLow', 'Tank_LevelLow', Q.lowLevel),
      ]),
      ...tagsOf(S.hydraulicOil, [analog('oilWaterContent', 'Oil_Water', Q.waterSaturation, '%', 0, 50, 0)]),
      ...tagsOf(S.oilCooler, [
        analog('coolerInletTemperature', 'Cooler_Tin', Q.inletTemperature, '°C', 25, 65, 1),
        analog('coolerOutletTemperature', 'Cooler_Tout', Q.outletTemperature, '°C', 20, 55, 1),
      ]),
      // Filters 1–4 are pressure filters of the main pumps, 5–6 return filters, 7–8 the off-line cooling filters.
      ...series({ subject: S.hydraulicFilter, code: 'filter', symbol: 'Filter', indices: numbered(8) }, [
        analog('differentialPressure', 'dP', Q.differentialPressure, 'bar', 0, 5, 2),
        flag('clogged', 'Clogged', Q.clogging),
      ]),
    ],
  },
  {
    db: 29,
    tags: [
      ...tagsOf(S.erector, [
        analog('erectorRotationAngle', 'Erector_Angle', Q.rotationAngle, '°', -200, 200, 1),
        analog('erectorRotationSpeed', 'Erector_Speed', Q.rotationalSpeed, 'r/min', 0, 2, 2),
        analog('erectorRadialStroke', 'Erector_Radial', Q.radialStroke, 'mm', 0, 1000, 0),
        analog('erectorAxialStroke', 'Erector_Axial', Q.axialStroke, 'mm', 0, machineType === 'epb' ? 2000 : 2600, 0),
        analog('erectorGripPressure', 'Erector_GripP', Q.gripPressure, 'bar', 0, 250, 1),
        // Vacuum plates hold a segment by suction: −0.6 bar or deeper.
        analog('erectorVacuum', 'Erector_Vacuum', Q.vacuum, 'bar', -0.95, -0.6, 2),
      ]),
      ...tagsOf(S.segmentFeeder, [
        analog('segmentFeederStroke', 'Feeder_Stroke', Q.stroke, 'mm', 0, 2000, 0),
        analog('segmentFeederPressure', 'Feeder_P', Q.pressure, 'bar', 0, 200, 1),
      ]),
    ],
  },
];
