import { analog, type BlockSource, flag, level, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Values the guidance system (total station, laser target, inclinometers) hands to the PLC a few
 * times a minute. Deviations are from the design tunnel axis: ±50 mm is the usual alarm band.
 */
export const guidanceBlocks: BlockSource = () => [
  {
    db: 20,
    tags: [
      ...tagsOf(S.cutterhead, [analog('chainage', 'Chainage', Q.chainage, 'm', 0, 100000, 3)]),
      ...tagsOf(S.shieldHead, [
        analog('headHorizontal', 'Head_DevH', Q.horizontalDeviation, 'mm', -100, 100, 0),
        analog('headVertical', 'Head_DevV', Q.verticalDeviation, 'mm', -100, 100, 0),
      ]),
      ...tagsOf(S.articulationJoint, [
        analog('midHorizontal', 'Mid_DevH', Q.horizontalDeviation, 'mm', -100, 100, 0),
        analog('midVertical', 'Mid_DevV', Q.verticalDeviation, 'mm', -100, 100, 0),
      ]),
      ...tagsOf(S.shieldTail, [
        analog('tailHorizontal', 'Tail_DevH', Q.horizontalDeviation, 'mm', -100, 100, 0),
        analog('tailVertical', 'Tail_DevV', Q.verticalDeviation, 'mm', -100, 100, 0),
      ]),
      ...tagsOf(S.shield, [
        analog('pitch', 'Pitch', Q.pitch, 'mm/m', -60, 60, 1),
        analog('roll', 'Roll', Q.roll, 'mm/m', -30, 30, 1),
        analog('horizontalTrend', 'TrendH', Q.horizontalTrend, 'mm/m', -20, 20, 1),
        analog('verticalTrend', 'TrendV', Q.verticalTrend, 'mm/m', -20, 20, 1),
      ]),
      // Measured inside the tail skin, clockwise from the crown; below 15–20 mm the segments risk touching the skin.
      ...tagsOf(S.shieldTail, [
        analog('tailGapTop', 'TailGap_Top', Q.gapTop, 'mm', 0, 60, 0),
        analog('tailGapTopRight', 'TailGap_TopRight', Q.gapTopRight, 'mm', 0, 60, 0),
        analog('tailGapRight', 'TailGap_Right', Q.gapRight, 'mm', 0, 60, 0),
        analog('tailGapBottomRight', 'TailGap_BotRight', Q.gapBottomRight, 'mm', 0, 60, 0),
        analog('tailGapBottom', 'TailGap_Bottom', Q.gapBottom, 'mm', 0, 60, 0),
        analog('tailGapBottomLeft', 'TailGap_BotLeft', Q.gapBottomLeft, 'mm', 0, 60, 0),
        analog('tailGapLeft', 'TailGap_Left', Q.gapLeft, 'mm', 0, 60, 0),
        analog('tailGapTopLeft', 'TailGap_TopLeft', Q.gapTopLeft, 'mm', 0, 60, 0),
      ]),
      ...tagsOf(S.ring, [
        analog('ringHorizontal', 'Ring_DevH', Q.horizontalDeviation, 'mm', -100, 100, 0),
        analog('ringVertical', 'Ring_DevV', Q.verticalDeviation, 'mm', -100, 100, 0),
      ]),
      // A universal tapered ring steers by where its key segment sits: one of 16 positions, 22.5° apart.
      ...tagsOf(S.keySegment, [level('keyPosition', 'Ring_KPos', Q.position, 1, 16)]),
      ...tagsOf(S.guidanceSystem, [
        analog('measurementAge', 'MeasAge', Q.measurementAge, 's', 0, 120, 0),
        flag('online', 'Online', Q.online),
      ]),
    ],
  },
];
