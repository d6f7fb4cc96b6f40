import { analog, type BlockSource, counter, flag, level, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Machine-wide PLC status. The cycle engine reads the mode flags and the ring counter; the rest
 * explains a standstill (emergency stop, faults, hyperbaric work) without opening the machine's HMI.
 */
export const stateBlocks: BlockSource = (machineType) => [
  {
    db: 1,
    tags: [
      ...tagsOf(S.ring, [counter('ringNo', 'RingNo', Q.number, '', 9999)]),
      // 5+1 segments on metro EPB rings, 7+1 on the larger slurry rings.
      ...tagsOf(S.segment, [level('segmentNo', 'SegmentNo', Q.number, 1, machineType === 'epb' ? 6 : 8)]),
      ...tagsOf(S.machine, [counter('operatingHours', 'OperatingHours', Q.operatingHours, 'h', 99999)]),
      ...tagsOf(S.controlSystem, [analog('plcCycleTime', 'PlcCycleTime', Q.cycleTime, 'ms', 5, 100, 0)]),
      ...tagsOf(S.advanceMode, [flag('advanceMode', 'AdvanceMode', Q.selected)]),
      ...tagsOf(S.ringBuildMode, [flag('erectMode', 'ErectMode', Q.selected)]),
      ...tagsOf(S.maintenanceMode, [flag('maintenanceMode', 'MaintMode', Q.selected)]),
      ...tagsOf(S.advance, [flag('advanceActive', 'AdvanceActive', Q.active)]),
      ...tagsOf(S.cutterhead, [
        flag('cutterheadRunning', 'CH_Running', Q.running),
        flag('cutterheadClockwise', 'CH_Cw', Q.clockwise),
        flag('cutterheadCounterClockwise', 'CH_Ccw', Q.counterClockwise),
      ]),
      ...tagsOf(S.thrustCylinders, [
        flag('cylindersExtending', 'Cyl_Extending', Q.extending),
        flag('cylindersRetracting', 'Cyl_Retracting', Q.retracting),
      ]),
      ...tagsOf(S.erector, [flag('erectorActive', 'ErectorActive', Q.active)]),
      ...tagsOf(S.machine, [
        flag('emergencyStop', 'EmergencyStop', Q.emergencyStop),
        flag('collectiveFault', 'CollectiveFault', Q.fault),
        flag('collectiveWarning', 'CollectiveWarning', Q.warning),
        flag('localControl', 'LocalControl', Q.localControl),
      ]),
      ...tagsOf(S.hyperbaricIntervention, [flag('hyperbaricWork', 'HyperbaricWork', Q.active)]),
      ...tagsOf(S.controlSystem, [flag('plcHeartbeat', 'Heartbeat', Q.heartbeat)]),
    ],
  },
];
