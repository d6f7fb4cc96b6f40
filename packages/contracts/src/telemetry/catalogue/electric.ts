import { analog, type BlockSource, counter, flag, level, type Measure, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/** A low-voltage bus of the machine; both are IT networks, so each has an insulation monitor. */
const bus = (nominalVolts: number, maxAmps: number, maxKilowatts: number): Measure[] => [
  analog('voltageL1', 'U1', Q.voltageL1, 'V', Math.round(nominalVolts * 0.9), Math.round(nominalVolts * 1.1), 0),
  analog('voltageL2', 'U2', Q.voltageL2, 'V', Math.round(nominalVolts * 0.9), Math.round(nominalVolts * 1.1), 0),
  analog('voltageL3', 'U3', Q.voltageL3, 'V', Math.round(nominalVolts * 0.9), Math.round(nominalVolts * 1.1), 0),
  analog('currentL1', 'I1', Q.currentL1, 'A', 0, maxAmps, 0),
  analog('currentL2', 'I2', Q.currentL2, 'A', 0, maxAmps, 0),
  analog('currentL3', 'I3', Q.currentL3, 'A', 0, maxAmps, 0),
  analog('activePower', 'P', Q.activePower, 'kW', 0, maxKilowatts, 0),
  analog('powerFactor', 'PF', Q.powerFactor, '', 0.8, 1, 2),
  analog('voltageThd', 'THDu', Q.voltageThd, '%', 0, 8, 1),
  analog('insulationResistance', 'Riso', Q.insulationResistance, 'kΩ', 50, 10000, 0),
];

/** Dry-type transformers: class F windings alarm at about 140 °C. */
const transformer: Measure[] = [
  analog('windingTemperatureU', 'TU', Q.windingTemperatureU, '°C', 20, 130, 1),
  analog('windingTemperatureV', 'TV', Q.windingTemperatureV, '°C', 20, 130, 1),
  analog('windingTemperatureW', 'TW', Q.windingTemperatureW, '°C', 20, 130, 1),
  analog('load', 'Load', Q.load, '%', 0, 100, 0),
];

export const electricBlocks: BlockSource = () => [
  {
    db: 23,
    tags: [
      // Medium-voltage supply from the shaft at 10 kV, through the cable reel on the backup train.
      ...tagsOf(S.mvSupply, [
        analog('mvVoltage', 'MV_U', Q.voltage, 'kV', 9, 11, 2),
        analog('mvCurrent', 'MV_I', Q.current, 'A', 0, 250, 1),
        analog('activePower', 'MV_P', Q.activePower, 'kW', 0, 4000, 0),
        analog('reactivePower', 'MV_Q', Q.reactivePower, 'kvar', 0, 2000, 0),
        analog('powerFactor', 'MV_PF', Q.powerFactor, '', 0.8, 1, 2),
        analog('frequency', 'MV_F', Q.frequency, 'Hz', 49.5, 50.5, 2),
      ]),
      ...tagsOf(S.mvSwitchgear, [
        flag('mvBreakerClosed', 'MV_BreakerClosed', Q.breakerClosed),
        flag('earthFault', 'MV_EarthFault', Q.earthFault),
      ]),
      ...tagsOf(S.machine, [
        counter('energyTotal', 'EnergyTotal', Q.energyTotal, 'kWh', 99999999),
        counter('energyRing', 'EnergyRing', Q.energyRing, 'kWh', 3000),
      ]),
      ...tagsOf(S.mainDriveBus, bus(690, 1600, 1800), { code: 'mainDriveBus', symbol: 'Bus690' }),
      ...tagsOf(S.auxiliaryBus, bus(400, 1000, 600), { code: 'auxiliaryBus', symbol: 'Bus400' }),
      ...tagsOf(S.mainDriveConverter, [analog('dcLinkVoltage', 'VFD_Udc', Q.dcLinkVoltage, 'V', 900, 1050, 0)]),
      ...series({ subject: S.transformer, code: 'transformer', symbol: 'Trafo', indices: numbered(2) }, transformer),
      ...tagsOf(S.powerFactorCorrection, [level('compensationStage', 'PFC_Stage', Q.stage, 0, 8)]),
      ...tagsOf(S.ups, [
        analog('upsBatteryVoltage', 'UPS_Ubat', Q.batteryVoltage, 'V', 210, 245, 1),
        analog('upsBatteryCharge', 'UPS_Charge', Q.batteryCharge, '%', 80, 100, 0),
        analog('upsLoad', 'UPS_Load', Q.load, '%', 0, 80, 0),
        flag('upsOnBattery', 'UPS_OnBattery', Q.onBattery),
      ]),
      ...series({ subject: S.switchCabinet, code: 'cabinet', symbol: 'Cabinet', indices: numbered(4) }, [
        analog('temperature', 'T', Q.temperature, '°C', 15, 45, 1),
      ]),
      ...tagsOf(S.cableReel, [analog('cableRemaining', 'CableReel_Len', Q.remainingLength, 'm', 20, 300, 0)]),
    ],
  },
];
