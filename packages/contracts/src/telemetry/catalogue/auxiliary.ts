import { analog, type BlockSource, counter, flag, numbered, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

export const auxiliaryBlocks: BlockSource = () => [
  {
    db: 25,
    tags: [
      ...tagsOf(S.ventilation, [
        analog('ventilationAirflow', 'Vent_Airflow', Q.airFlow, 'm³/s', 5, 25, 1),
        analog('ductPressure', 'Vent_DuctP', Q.pressure, 'Pa', 200, 3000, 0),
        // Tunnel regulations ask for at least 0.2–0.5 m/s of fresh air along the backup train.
        analog('airVelocity', 'Vent_AirVel', Q.airVelocity, 'm/s', 0.3, 3, 2),
      ]),
      ...tagsOf(S.boosterFan, [
        analog('boosterFanCurrent', 'BoostFan_I', Q.motorCurrent, 'A', 0, 120, 1),
        flag('boosterFanRunning', 'BoostFan_Running', Q.running),
      ]),
      ...tagsOf(S.operatorCabin, [
        analog('cabinTemperature', 'Cabin_T', Q.temperature, '°C', 18, 28, 1),
        analog('cabinHumidity', 'Cabin_RH', Q.humidity, '%', 30, 70, 0),
      ]),
      ...series({ subject: S.climateSensor, code: 'climateSensor', symbol: 'Climate', indices: numbered(3) }, [
        analog('temperature', 'T', Q.temperature, '°C', 10, 32, 1),
        analog('humidity', 'RH', Q.humidity, '%', 30, 95, 0),
      ]),
      // Detectors: 1 screw or pump discharge, 2 operator cabin, 3 middle of the backup train, 4 its end.
      // Ranges are the safe band; the statutory alarms sit at their edges (O₂ 19.5 %, CO 30 ppm, CH₄ 20 % LEL…).
      ...series({ subject: S.gasDetector, code: 'gas', symbol: 'Gas', indices: numbered(4) }, [
        analog('oxygen', 'O2', Q.oxygen, '%vol', 19.5, 21.5, 1),
        analog('carbonMonoxide', 'CO', Q.carbonMonoxide, 'ppm', 0, 30, 0),
        analog('hydrogenSulfide', 'H2S', Q.hydrogenSulfide, 'ppm', 0, 10, 1),
        analog('methane', 'CH4', Q.methane, '%LEL', 0, 20, 1),
        analog('carbonDioxide', 'CO2', Q.carbonDioxide, '%vol', 0, 0.5, 2),
        analog('nitrogenDioxide', 'NO2', Q.nitrogenDioxide, 'ppm', 0, 3, 1),
      ]),
      ...tagsOf(S.rescueChamber, [
        analog('rescueChamberOxygen', 'Rescue_O2', Q.oxygen, '%vol', 19.5, 23, 1),
        analog('rescueChamberCarbonDioxide', 'Rescue_CO2', Q.carbonDioxide, '%vol', 0, 1, 2),
        analog('rescueChamberTemperature', 'Rescue_T', Q.temperature, '°C', 15, 30, 1),
      ]),
      ...tagsOf(S.fireDetection, [flag('fireAlarm', 'Fire_Alarm', Q.alarm)]),
      ...tagsOf(S.fireSuppression, [flag('fireSuppressionReleased', 'FireSupp_Released', Q.released)]),
    ],
  },
  {
    db: 31,
    tags: [
      ...series({ subject: S.airCompressor, code: 'compressor', symbol: 'Compr', indices: numbered(2) }, [
        analog('outletPressure', 'Pout', Q.outletPressure, 'bar', 6, 9, 1),
        analog('dischargeTemperature', 'Tdis', Q.dischargeTemperature, '°C', 60, 100, 0),
        counter('operatingHours', 'Hours', Q.operatingHours, 'h', 99999),
        flag('running', 'Running', Q.running),
      ]),
      ...tagsOf(S.airReceiver, [analog('airReceiverPressure', 'Receiver_P', Q.pressure, 'bar', 6, 9, 2)]),
      // The closed cooling circuit of the machine; it gives its heat to the outer water in a plate exchanger.
      ...tagsOf(S.coolingCircuit, [
        analog('coolingSupplyTemperature', 'Cool_Tsup', Q.supplyTemperature, '°C', 15, 35, 1),
        analog('coolingReturnTemperature', 'Cool_Tret', Q.returnTemperature, '°C', 20, 45, 1),
        analog('coolingFlow', 'Cool_Flow', Q.flow, 'm³/h', 20, 150, 1),
        analog('coolingPressure', 'Cool_P', Q.pressure, 'bar', 2, 8, 1),
      ]),
      ...series({ subject: S.coolingPump, code: 'coolingPump', symbol: 'CoolPump', indices: numbered(2) }, [
        flag('running', 'Running', Q.running),
      ]),
    ],
  },
];
