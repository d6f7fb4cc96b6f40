import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** EPB only: slurry machines pump the muck out instead. */
export const beltConveyorBlocks: BlockSource = (machineType) =>
  machineType !== 'epb'
    ? []
    : [
        {
          db: 18,
          tags: [
            // Belt 1 runs along the backup train, belt 2 is the tunnel conveyor to the shaft.
            ...series({ subject: S.beltConveyor, code: 'belt', symbol: 'Belt', indices: numbered(2) }, [
              analog('speed', 'Speed', Q.speed, 'm/s', 0, 3, 2),
              analog('motorCurrent', 'I', Q.motorCurrent, 'A', 0, 150, 1),
              analog('motorTemperature', 'MotT', Q.motorTemperature, '°C', 20, 110, 1),
              analog('tensionPressure', 'TensP', Q.tensionPressure, 'bar', 20, 160, 1),
              flag('running', 'Running', Q.running),
              flag('misalignment', 'Misalign', Q.misalignment),
              flag('pullCord', 'PullCord', Q.pullCord),
              flag('slip', 'Slip', Q.slip),
            ]),
            ...tagsOf(S.beltScale, [
              analog('massFlow', 'Scale_MassFlow', Q.massFlow, 't/h', 0, 400, 0),
              counter('massRing', 'Scale_MassRing', Q.massRing, 't', 200, 1),
            ]),
          ],
        },
      ];
