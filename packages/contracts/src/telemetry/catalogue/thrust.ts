import { analog, type BlockSource, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** Groups A–D are top, right, bottom and left; each has one pressure and one stroke transducer. */
const GROUPS = ['A', 'B', 'C', 'D'];

export const thrustBlocks: BlockSource = (machineType) => {
  // Pairs of cylinders share a shoe and a pressure transducer: 16 pairs on a 6 m EPB, more on a larger slurry shield.
  const cylinders = numbered(machineType === 'epb' ? 16 : 20);
  return [
    {
      db: 10,
      tags: [
        ...tagsOf(S.shield, [analog('totalThrust', 'TotalThrust', Q.totalThrust, 'kN', 0, 42500, 0)]),
        ...tagsOf(S.advance, [
          analog('advanceSpeed', 'AdvSpeed', Q.speed, 'mm/min', 0, 80, 1),
          analog('advanceSpeedSetpoint', 'AdvSpeedSet', Q.speedSetpoint, 'mm/min', 0, 80, 1),
        ]),
        ...tagsOf(S.cutterhead, [analog('penetration', 'Penetration', Q.penetration, 'mm/r', 0, 60, 1)]),
        ...tagsOf(S.thrustCylinders, [
          analog('strokeMean', 'StrokeMean', Q.meanStroke, 'mm', 0, 2200, 0),
          // B−D and A−C: the steering the operator applies, read against the guidance trend.
          analog('strokeDifferenceHorizontal', 'StrokeDiffH', Q.strokeDifferenceHorizontal, 'mm', -50, 50, 0),
        ]),
        ...series({ subject: S.thrustCylinderGroup, code: '', symbol: 'ThrustGrp', indices: GROUPS, indexLast: true }, [
          analog('pressure', 'P', Q.pressure, 'bar', 0, 350, 1),
          analog('stroke', 'Stroke', Q.stroke, 'mm', 0, 2200, 0),
          analog('pressureSetpoint', 'PSet', Q.pressureSetpoint, 'bar', 0, 350, 1),
          analog('force', 'Force', Q.force, 'kN', 0, 12000, 0),
          analog('speed', 'Speed', Q.speed, 'mm/min', 0, 80, 1),
          analog('valveOpening', 'Valve', Q.valveOpening, '%', 0, 100, 1),
        ]),
        ...tagsOf(S.thrustCylinders, [
          analog('strokeDifferenceVertical', 'StrokeDiffV', Q.strokeDifferenceVertical, 'mm', -50, 50, 0),
        ]),
        ...tagsOf(S.ring, [analog('advanceDistanceRing', 'RingAdvance', Q.advanceDistance, 'mm', 0, 2200, 0)]),
      ],
    },
    {
      db: 28,
      tags: [
        ...series({ subject: S.thrustCylinder, code: 'cylinder', symbol: 'ThrustCyl', indices: cylinders }, [
          analog('pressure', 'P', Q.pressure, 'bar', 0, 350, 1),
        ]),
        ...series({ subject: S.articulationCylinder, code: 'articulation', symbol: 'ArtCyl', indices: numbered(4) }, [
          analog('stroke', 'Stroke', Q.stroke, 'mm', 0, 200, 0),
          analog('pressure', 'P', Q.pressure, 'bar', 0, 300, 1),
        ]),
        ...tagsOf(S.articulation, [
          analog('articulationAngleHorizontal', 'Art_AngleH', Q.horizontalAngle, '°', -1.5, 1.5, 2),
          analog('articulationAngleVertical', 'Art_AngleV', Q.verticalAngle, '°', -1.5, 1.5, 2),
        ]),
      ],
    },
  ];
};
