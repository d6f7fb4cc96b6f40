import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** Process water on the machine: conditioning, cutterhead flushing and the foam and grout plants' supply. */
export const waterBlocks: BlockSource = () => [
  {
    db: 14,
    tags: [
      ...tagsOf(S.industrialWater, [
        analog('supplyFlow', 'IndW_Flow', Q.flow, 'm³/h', 0, 60, 1),
        analog('supplyPressure', 'IndW_P', Q.pressure, 'bar', 2, 16, 1),
        analog('supplyTemperature', 'IndW_T', Q.temperature, '°C', 5, 30, 1),
        counter('volumeRing', 'IndW_VolRing', Q.volumeRing, 'm³', 20, 2),
      ]),
      ...tagsOf(S.waterTank, [analog('tankLevel', 'WaterTank_Level', Q.level, '%', 20, 100, 0)]),
      ...tagsOf(S.waterBoosterPump, [
        analog('boosterPressure', 'WaterBoost_P', Q.pressure, 'bar', 0, 25, 1),
        flag('boosterRunning', 'WaterBoost_Running', Q.running),
      ]),
      ...series({ subject: S.waterLine, code: 'line', symbol: 'WaterLine', indices: numbered(4) }, [
        analog('flow', 'Flow', Q.flow, 'L/min', 0, 100, 1),
        analog('pressure', 'P', Q.pressure, 'bar', 0, 10, 2),
        flag('valveOpen', 'ValveOpen', Q.valveOpen),
      ]),
    ],
  },
];
