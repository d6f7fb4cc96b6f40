import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Greases that keep water, soil and grout out: the main bearing seals, the tail seal (three rows of
 * wire brushes, two grease chambers between them) and the articulation seal. Pulses count strokes
 * of the progressive distributors, so a line that stops pulsing is blocked.
 */
export const lubricationSealBlocks: BlockSource = (machineType) => {
  // Grease injection points around the tail skin, per chamber.
  const points = numbered(machineType === 'epb' ? 8 : 10);
  const seal = [
    counter('greasePulses', 'Pulses', Q.greasePulses, '', 2000),
    analog('greasePressure', 'P', Q.greasePressure, 'bar', 0, 200, 1),
    flag('leakage', 'Leakage', Q.leakage),
  ];
  const chamber = [
    analog('pressure', 'P', Q.pressure, 'bar', 0, 8, 2),
    counter('greasePulses', 'Pulses', Q.greasePulses, '', 500),
  ];
  return [
    {
      db: 21,
      tags: [
        ...tagsOf(S.outerMainBearingSeal, seal, { code: 'outerSeal', symbol: 'MBSealOut' }),
        ...tagsOf(S.innerMainBearingSeal, seal, { code: 'innerSeal', symbol: 'MBSealIn' }),
        ...tagsOf(S.mainBearingSeal, [
          counter('greaseConsumptionRing', 'MBSeal_GreaseRing', Q.greaseConsumptionRing, 'kg', 30, 1),
        ]),
        ...tagsOf(S.tailSealGreasePump, [
          analog('tailSealPumpPressure', 'TSPump_P', Q.pressure, 'bar', 0, 250, 1),
          analog('tailSealPumpStrokeRate', 'TSPump_StrokeRate', Q.strokeRate, '1/min', 0, 60, 0),
        ]),
        ...tagsOf(S.greaseBarrel, [analog('tailSealBarrelLevel', 'TSBarrel_Level', Q.level, '%', 10, 100, 0)]),
        ...tagsOf(S.tailSeal, [counter('tailSealConsumptionRing', 'TS_GreaseRing', Q.greaseConsumptionRing, 'kg', 150, 1)]),
        ...series({ subject: S.tailSealFrontChamber, code: 'tailSealFront', symbol: 'TSFront', indices: points }, chamber),
        ...series({ subject: S.tailSealRearChamber, code: 'tailSealRear', symbol: 'TSRear', indices: points }, chamber),
        ...tagsOf(S.articulationSeal, [
          analog('articulationSealPressure', 'ArtSeal_P', Q.pressure, 'bar', 0, 8, 2),
          counter('articulationSealPulses', 'ArtSeal_Pulses', Q.greasePulses, '', 500),
        ]),
        ...tagsOf(S.centralLubrication, [
          analog('centralLubricationPressure', 'CLub_P', Q.pressure, 'bar', 0, 300, 0),
          counter('centralLubricationCycles', 'CLub_Cycles', Q.cycles, '', 9999),
          flag('centralLubricationFault', 'CLub_Fault', Q.fault),
        ]),
      ],
    },
  ];
};
