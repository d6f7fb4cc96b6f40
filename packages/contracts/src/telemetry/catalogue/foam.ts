import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Soil conditioning foam: surfactant solution and air are mixed per line and injected through the
 * cutterhead and bulkhead. EPB machines run eight lines; a mixshield keeps a few for its closed mode.
 * FER = foam volume / liquid volume (typically 8–15), FIR = foam volume / excavated soil volume.
 */
export const foamBlocks: BlockSource = (machineType) => {
  const lines = numbered(machineType === 'epb' ? 8 : 4);
  return [
    {
      db: 12,
      tags: [
        ...tagsOf(S.foamSystem, [
          analog('totalFlow', 'Foam_TotalFlow', Q.totalFlow, 'L/min', 0, machineType === 'epb' ? 3000 : 1500, 0),
          analog('surfactantConcentration', 'Foam_Conc', Q.concentration, '%', 0.5, 5, 2),
          counter('volumeRing', 'Foam_VolRing', Q.volumeRing, 'm³', machineType === 'epb' ? 60 : 40, 1),
          counter('liquidVolumeRing', 'Foam_LiqVolRing', Q.liquidVolumeRing, 'm³', 6, 2),
          counter('surfactantVolumeRing', 'Foam_SurfVolRing', Q.surfactantVolumeRing, 'L', 150, 1),
        ]),
        ...tagsOf(S.surfactantPump, [
          analog('surfactantPumpFlow', 'SurfPump_Q', Q.flow, 'L/min', 0, 10, 2),
          analog('surfactantPumpPressure', 'SurfPump_P', Q.pressure, 'bar', 0, 10, 1),
        ]),
        ...tagsOf(S.surfactantTank, [analog('surfactantTankLevel', 'SurfTank_Level', Q.level, '%', 15, 100, 0)]),
        ...tagsOf(S.foamAirSupply, [analog('airSupplyPressure', 'AirSupply_P', Q.pressure, 'bar', 5, 8, 1)]),
        ...tagsOf(S.foamWaterSupply, [analog('waterSupplyPressure', 'WaterSupply_P', Q.pressure, 'bar', 3, 10, 1)]),
        ...series({ subject: S.foamLine, code: 'line', symbol: 'FoamLine', indices: lines }, [
          analog('flow', 'Flow', Q.flow, 'L/min', 0, 400, 0),
          analog('pressure', 'P', Q.pressure, 'bar', 0, 6, 2),
          analog('liquidFlow', 'LiqFlow', Q.liquidFlow, 'L/min', 0, 40, 1),
          analog('airFlow', 'AirFlow', Q.airFlow, 'L/min', 0, 400, 0),
          analog('fer', 'FER', Q.fer, '', 5, 25, 1),
          analog('fir', 'FIR', Q.fir, '%', 0, 100, 0),
          flag('valveOpen', 'ValveOpen', Q.valveOpen),
        ]),
      ],
    },
  ];
};
