import { analog, type BlockSource, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * EPB only: the earth-pressure cells on the bulkhead (1–2 crown, 3–4 axis, 5–6 invert) and the
 * chamber figures derived from them that the operator steers by. Slurry shields support the face
 * through the bubble chamber instead (`slurryCircuit.ts`).
 */
export const earthPressureBlocks: BlockSource = (machineType) =>
  machineType !== 'epb'
    ? []
    : [
        {
          db: 16,
          tags: [
            ...tagsOf(S.excavationChamber, [
              analog('chamberTop', 'Chamber_Ptop', Q.topPressure, 'bar', 0, 4, 2),
              analog('chamberMiddle', 'Chamber_Pmid', Q.middlePressure, 'bar', 0, 4.5, 2),
              analog('chamberBottom', 'Chamber_Pbot', Q.bottomPressure, 'bar', 0, 5, 2),
              analog('chamberMean', 'Chamber_Pmean', Q.meanPressure, 'bar', 0, 4.5, 2),
              analog('pressureSetpoint', 'Chamber_PSet', Q.pressureSetpoint, 'bar', 0, 4, 2),
              // Top-to-bottom difference over the height: about 0.12–0.2 bar/m when the chamber is full of soil.
              analog('pressureGradient', 'Chamber_Grad', Q.pressureGradient, 'bar/m', 0, 0.25, 3),
              analog('fillLevel', 'Chamber_Fill', Q.fillLevel, '%', 60, 100, 0),
              analog('temperature', 'Chamber_T', Q.temperature, '°C', 10, 45, 1),
              analog('airPressure', 'Chamber_Pair', Q.airPressure, 'bar', 0, 4, 2),
            ]),
            ...series({ subject: S.earthPressureSensor, code: 'sensor', symbol: 'EPS', indices: numbered(6) }, [
              analog('pressure', 'P', Q.pressure, 'bar', 0, 5, 2),
            ]),
            ...tagsOf(S.manlock, [analog('manlockPressure', 'Manlock_P', Q.pressure, 'bar', 0, 4, 2)]),
            ...tagsOf(S.materialLock, [analog('materialLockPressure', 'MatLock_P', Q.pressure, 'bar', 0, 4, 2)]),
          ],
        },
      ];
