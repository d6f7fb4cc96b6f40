import { analog, type BlockSource, counter, flag, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * The outer circulation water from the surface: it cools the machine's closed circuit and returns
 * warmer. Its return flow also carries the tunnel drainage pumped from the invert.
 */
export const outerWaterBlocks: BlockSource = () => [
  {
    db: 26,
    tags: [
      ...tagsOf(S.outerWater, [
        analog('inletTemperature', 'OW_Tin', Q.inletTemperature, '°C', 5, 30, 1),
        analog('outletTemperature', 'OW_Tout', Q.outletTemperature, '°C', 10, 40, 1),
        analog('inletPressure', 'OW_Pin', Q.inletPressure, 'bar', 2, 10, 1),
        analog('outletPressure', 'OW_Pout', Q.outletPressure, 'bar', 0.5, 6, 1),
        analog('inletFlow', 'OW_Qin', Q.inletFlow, 'm³/h', 10, 80, 1),
        analog('outletFlow', 'OW_Qout', Q.outletFlow, 'm³/h', 10, 90, 1),
        counter('volumeRing', 'OW_VolRing', Q.volumeRing, 'm³', 60, 1),
      ]),
      ...tagsOf(S.waterHoseReel, [analog('hoseRemaining', 'HoseReel_Len', Q.remainingLength, 'm', 5, 100, 1)]),
      ...tagsOf(S.dewateringPump, [
        analog('dewateringFlow', 'Dewater_Flow', Q.flow, 'm³/h', 0, 50, 1),
        flag('dewateringRunning', 'Dewater_Running', Q.running),
      ]),
    ],
  },
];
