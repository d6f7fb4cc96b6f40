import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Bentonite suspension for conditioning the face and chamber, and for lubricating the annulus
 * around the shield skin, which cuts skin friction and with it the thrust needed.
 */
export const bentoniteBlocks: BlockSource = () => [
  {
    db: 13,
    tags: [
      ...tagsOf(S.bentoniteSystem, [
        analog('totalFlow', 'Bent_TotalFlow', Q.totalFlow, 'L/min', 0, 600, 0),
        counter('volumeRing', 'Bent_VolRing', Q.volumeRing, 'm³', 10, 2),
      ]),
      ...tagsOf(S.bentoniteTank, [
        analog('tankLevel', 'BentTank_Level', Q.level, '%', 15, 100, 0),
        // Fresh suspension: 1.03–1.08 t/m³ and 35–60 s Marsh funnel viscosity.
        analog('density', 'BentTank_Density', Q.density, 't/m³', 1.02, 1.1, 3),
        analog('viscosity', 'BentTank_Marsh', Q.marshViscosity, 's', 32, 60, 0),
      ]),
      ...tagsOf(S.bentonitePump, [
        analog('pumpSpeed', 'BentPump_Speed', Q.rotationalSpeed, 'r/min', 0, 120, 0),
        analog('pumpPressure', 'BentPump_P', Q.pressure, 'bar', 0, 20, 1),
        flag('pumpRunning', 'BentPump_Running', Q.running),
      ]),
      ...series({ subject: S.bentoniteLine, code: 'line', symbol: 'BentLine', indices: numbered(4) }, [
        analog('flow', 'Flow', Q.flow, 'L/min', 0, 200, 0),
        analog('pressure', 'P', Q.pressure, 'bar', 0, 8, 2),
        counter('volumeRing', 'VolRing', Q.volumeRing, 'm³', 3, 2),
      ]),
      ...series({ subject: S.shieldLubricationPoint, code: 'shieldPoint', symbol: 'ShieldLub', indices: numbered(4) }, [
        analog('flow', 'Flow', Q.flow, 'L/min', 0, 60, 1),
        analog('pressure', 'P', Q.pressure, 'bar', 0, 6, 2),
      ]),
    ],
  },
];
