import { analog, type BlockSource, flag, level, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Disc cutter monitoring, positions numbered from the centre to the gauge. A cutter that stops
 * turning while the head turns is blocked and wears flat within minutes, so rotation matters as
 * much as wear. 17-inch discs are changed at 15–25 mm of wear.
 */
export const cutterBlocks: BlockSource = (machineType) => {
  const cutters = machineType === 'epb' ? 40 : 48;
  return [
    {
      db: 24,
      tags: [
        ...tagsOf(S.cutterMonitoring, [
          flag('monitoringOnline', 'CMS_Online', Q.online),
          level('sensorsOnline', 'CMS_SensorsOnline', Q.sensorsOnline, 0, cutters),
        ]),
        ...series({ subject: S.wearDetector, code: 'wearDetector', symbol: 'WearDet', indices: numbered(8) }, [
          flag('worn', 'Worn', Q.worn),
        ]),
        ...series({ subject: S.discCutter, code: 'disc', symbol: 'Disc', indices: numbered(cutters) }, [
          analog('wear', 'Wear', Q.wear, 'mm', 0, 25, 1),
          analog('rotationSpeed', 'Rpm', Q.rotationalSpeed, 'r/min', 0, 60, 1),
          analog('temperature', 'T', Q.temperature, '°C', 10, 80, 1),
        ]),
      ],
    },
  ];
};
