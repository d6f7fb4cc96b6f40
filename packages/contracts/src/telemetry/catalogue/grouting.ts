import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Simultaneous backfill grouting through six lines in the tail skin. A 6.45 m EPB with 1.5 m rings
 * fills about 4–6 m³ per ring; a larger slurry shield with 2 m rings two to three times that.
 * Component B is the accelerator of two-component grout, dosed at the tail skin.
 */
export const groutingBlocks: BlockSource = (machineType) => {
  const ringVolume = machineType === 'epb' ? 8 : 20;
  return [
    {
      db: 15,
      tags: [
        ...tagsOf(S.groutingSystem, [
          counter('volumeRing', 'Grout_VolRing', Q.volumeRing, 'm³', ringVolume, 2),
          analog('pressureMean', 'Grout_Pmean', Q.meanPressure, 'bar', 0, 6, 2),
          analog('fillRatio', 'Grout_FillRatio', Q.fillRatio, '%', 90, 150, 0),
        ]),
        ...tagsOf(S.mortarTank, [
          analog('tankLevel', 'MortarTank_Level', Q.level, '%', 10, 100, 0),
          analog('tankVolume', 'MortarTank_Vol', Q.volume, 'm³', 0, machineType === 'epb' ? 12 : 25, 1),
          analog('agitatorSpeed', 'MortarTank_Agit', Q.agitatorSpeed, 'r/min', 0, 40, 0),
        ]),
        ...tagsOf(S.componentB, [
          analog('componentBFlow', 'CompB_Flow', Q.flow, 'L/min', 0, 12, 2),
          analog('componentBTankLevel', 'CompB_TankLevel', Q.level, '%', 10, 100, 0),
        ]),
        ...series({ subject: S.groutPump, code: 'pump', symbol: 'GroutPump', indices: numbered(2) }, [
          analog('strokeRate', 'StrokeRate', Q.strokeRate, '1/min', 0, 30, 0),
          analog('outletPressure', 'Pout', Q.outletPressure, 'bar', 0, 20, 1),
        ]),
        ...series({ subject: S.groutLine, code: 'line', symbol: 'GroutLine', indices: numbered(6) }, [
          analog('pressure', 'P', Q.pressure, 'bar', 0, 6, 2),
          analog('flow', 'Flow', Q.flow, 'L/min', 0, 60, 1),
          counter('volumeRing', 'VolRing', Q.volumeRing, 'm³', ringVolume / 2, 2),
          counter('strokesRing', 'StrokesRing', Q.strokesRing, '', 1000),
          analog('pressureLimit', 'PLimit', Q.pressureLimit, 'bar', 0, 6, 1),
          flag('valveOpen', 'ValveOpen', Q.valveOpen),
        ]),
      ],
    },
  ];
};
