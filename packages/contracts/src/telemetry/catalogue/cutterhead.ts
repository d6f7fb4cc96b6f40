import { analog, type BlockSource, counter, flag, level, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** Electric main drive of ten frequency-controlled motors (690 V, about 160 kW each) on planetary gearboxes. */
const MAIN_DRIVE_MOTORS = 10;

export const cutterheadBlocks: BlockSource = () => [
  {
    db: 11,
    tags: [
      ...tagsOf(S.cutterhead, [
        analog('speed', 'CH_Speed', Q.rotationalSpeed, 'r/min', 0, 3, 2),
        analog('speedSetpoint', 'CH_SpeedSet', Q.rotationalSpeedSetpoint, 'r/min', 0, 3, 2),
        analog('torque', 'CH_Torque', Q.torque, 'kN·m', 0, 7000, 0),
        analog('torqueLoad', 'CH_TorquePct', Q.torqueLoad, '%', 0, 100, 1),
        analog('power', 'CH_Power', Q.power, 'kW', 0, 1600, 0),
        analog('angle', 'CH_Angle', Q.angle, '°', 0, 360, 1),
        counter('revolutionsRing', 'CH_RevRing', Q.revolutionsRing, 'r', 200),
      ]),
      ...tagsOf(S.copyCutter, [
        analog('copyCutterStroke', 'CopyCutter_Stroke', Q.stroke, 'mm', 0, 100, 0),
        analog('copyCutterPressure', 'CopyCutter_P', Q.pressure, 'bar', 0, 250, 0),
      ]),
      ...tagsOf(S.mainDrive, [
        level('motorsRunning', 'MD_MotorsOn', Q.motorsRunning, 0, MAIN_DRIVE_MOTORS),
        flag('mainDriveReady', 'MD_Ready', Q.ready),
        flag('mainDriveFault', 'MD_Fault', Q.fault),
      ]),
      // The outer ring of the main bearing runs warm under load; above ~65 °C the seals suffer first.
      ...series({ subject: S.mainBearing, code: 'mainBearing', symbol: 'MB_Temp', indices: numbered(4) }, [
        analog('temperature', 'T', Q.temperature, '°C', 15, 65, 1),
      ]),
      ...tagsOf(S.gearOil, [
        analog('gearOilTemperature', 'GearOil_T', Q.temperature, '°C', 20, 70, 1),
        analog('gearOilPressure', 'GearOil_P', Q.pressure, 'bar', 1, 8, 1),
        analog('gearOilFlow', 'GearOil_Q', Q.flow, 'L/min', 40, 300, 0),
        analog('gearOilLevel', 'GearOil_Level', Q.level, '%', 40, 95, 0),
        analog('gearOilWaterContent', 'GearOil_Water', Q.waterSaturation, '%', 0, 40, 0),
      ]),
      ...tagsOf(S.gearOilFilter, [analog('gearOilFilterDp', 'GearOilFlt_dP', Q.differentialPressure, 'bar', 0, 2.5, 2)]),
      ...tagsOf(S.mainDriveCooling, [
        analog('coolingInletTemperature', 'MD_Cool_Tin', Q.inletTemperature, '°C', 15, 35, 1),
        analog('coolingOutletTemperature', 'MD_Cool_Tout', Q.outletTemperature, '°C', 20, 45, 1),
        analog('coolingFlow', 'MD_Cool_Q', Q.flow, 'L/min', 100, 600, 0),
      ]),
      ...series({ subject: S.mainDriveGearbox, code: 'gearbox', symbol: 'MD_Gbx', indices: numbered(MAIN_DRIVE_MOTORS) }, [
        analog('oilTemperature', 'OilT', Q.oilTemperature, '°C', 20, 80, 1),
      ]),
    ],
  },
  {
    db: 27,
    tags: series(
      { subject: S.mainDriveMotor, code: 'motor', symbol: 'MD_Mot', indices: numbered(MAIN_DRIVE_MOTORS) },
      [
        analog('current', 'I', Q.current, 'A', 0, 250, 1),
        analog('power', 'P', Q.power, 'kW', 0, 200, 1),
        analog('torqueLoad', 'TrqPct', Q.torqueLoad, '%', 0, 120, 1),
        analog('speed', 'N', Q.rotationalSpeed, 'r/min', 0, 1500, 0),
        analog('windingTemperature', 'Twind', Q.windingTemperature, '°C', 20, 130, 1),
      ],
    ),
  },
];
