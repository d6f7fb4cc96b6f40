import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** EPB only: the screw conveyor extracts the muck and, by its speed, holds the chamber pressure. */
export const screwConveyorBlocks: BlockSource = (machineType) =>
  machineType !== 'epb'
    ? []
    : [
        {
          db: 17,
          tags: [
            ...tagsOf(S.screwConveyor, [
              analog('speed', 'SC_Speed', Q.rotationalSpeed, 'r/min', 0, 22, 1),
              analog('speedSetpoint', 'SC_SpeedSet', Q.rotationalSpeedSetpoint, 'r/min', 0, 22, 1),
              analog('torque', 'SC_Torque', Q.torque, 'kN·m', 0, 220, 1),
              analog('drivePressure', 'SC_DriveP', Q.drivePressure, 'bar', 0, 320, 1),
              analog('extensionStroke', 'SC_Extension', Q.extensionStroke, 'mm', 0, 1000, 0),
              analog('gearOilTemperature', 'SC_GearOilT', Q.oilTemperature, '°C', 20, 70, 1),
              counter('volumeRing', 'SC_VolRing', Q.volumeRing, 'm³', 80, 1),
            ]),
            // The muck plug in the screw takes up the chamber pressure: when the rear cell nears the
            // front one the plug no longer seals and the face may blow out through the screw.
            ...series({ subject: S.screwPressureSensor, code: 'sensor', symbol: 'SC_PS', indices: numbered(3) }, [
              analog('pressure', 'P', Q.pressure, 'bar', 0, 4, 2),
            ]),
            ...tagsOf(S.frontGate, [analog('frontGateStroke', 'SC_FrontGate', Q.stroke, 'mm', 0, 900, 0)]),
            ...tagsOf(S.rearGate, [
              analog('rearGateStroke', 'SC_RearGate', Q.stroke, 'mm', 0, 600, 0),
              analog('rearGatePressure', 'SC_RearGateP', Q.pressure, 'bar', 0, 200, 1),
            ]),
            ...tagsOf(S.screwConveyor, [
              flag('running', 'SC_Running', Q.running),
              flag('reverse', 'SC_Reverse', Q.reverse),
              flag('frontGateClosed', 'SC_FrontGateClosed', Q.closed),
            ]),
          ],
        },
      ];
