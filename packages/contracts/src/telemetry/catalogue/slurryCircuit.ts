import { analog, type BlockSource, counter, flag, level, series, tagsOf } from './define.js';
import { QUANTITY as Q } from './quantities.js';
import { SUBJECT as S } from './subjects.js';

/**
 * Slurry machines only. P1.x feed the fresh suspension from the separation plant (P1.1 at the
 * surface, P1.2 a booster in the tunnel); P2.1 draws the loaded slurry from the chamber and P2.2–P2.3
 * boost it to the surface. The operator holds the face pressure with the air cushion of the bubble
 * chamber; the dry mass balance (flow × density, feed against discharge) reveals over-excavation.
 */
export const slurryCircuitBlocks: BlockSource = (machineType) =>
  machineType !== 'slurry'
    ? []
    : [
        {
          db: 19,
          tags: [
            ...tagsOf(S.bubbleChamber, [
              analog('bubblePressure', 'Bubble_P', Q.pressure, 'bar', 0, 5, 2),
              analog('bubblePressureSetpoint', 'Bubble_PSet', Q.pressureSetpoint, 'bar', 0, 5, 2),
              analog('bubbleLevel', 'Bubble_Level', Q.level, '%', 30, 70, 0),
            ]),
            ...tagsOf(S.airRegulation, [
              analog('airValveOpening', 'AirReg_Valve', Q.valveOpening, '%', 0, 100, 1),
              analog('airFlow', 'AirReg_Flow', Q.airFlow, 'm³/h', 0, 600, 0),
            ]),
            ...tagsOf(S.workingChamber, [analog('workingChamberBottom', 'WorkCh_Pbot', Q.bottomPressure, 'bar', 0, 6, 2)]),
            ...tagsOf(S.feedLine, [
              analog('feedFlow', 'Feed_Flow', Q.flow, 'm³/h', 0, 1400, 0),
              analog('feedDensity', 'Feed_Density', Q.density, 't/m³', 1.02, 1.25, 3),
              analog('feedPressure', 'Feed_P', Q.pressure, 'bar', 0, 12, 2),
              analog('feedVelocity', 'Feed_Velocity', Q.velocity, 'm/s', 2, 5, 2),
            ]),
            ...tagsOf(S.dischargeLine, [
              analog('dischargeFlow', 'Disch_Flow', Q.flow, 'm³/h', 0, 1500, 0),
              analog('dischargeDensity', 'Disch_Density', Q.density, 't/m³', 1.05, 1.5, 3),
              analog('dischargePressure', 'Disch_P', Q.pressure, 'bar', 0, 12, 2),
              analog('dischargeVelocity', 'Disch_Velocity', Q.velocity, 'm/s', 2.5, 5, 2),
            ]),
            ...tagsOf(S.slurryCircuit, [level('circuitMode', 'Circuit_Mode', Q.operatingMode, 1, 5)]),
            ...tagsOf(S.excavationBalance, [
              counter('dryMassRing', 'Exc_DryMassRing', Q.dryMassRing, 't', 400, 1),
              counter('excavatedVolumeRing', 'Exc_VolRing', Q.excavatedVolumeRing, 'm³', 250, 1),
              analog('excavationRatio', 'Exc_Ratio', Q.excavationRatio, '%', 90, 110, 1),
            ]),
            ...tagsOf(S.stoneCrusher, [
              analog('crusherPressure', 'Crusher_P', Q.pressure, 'bar', 0, 300, 0),
              counter('crusherStrokesRing', 'Crusher_StrokesRing', Q.strokesRing, '', 2000),
              flag('crusherRunning', 'Crusher_Running', Q.running),
            ]),
            ...tagsOf(S.chamberAgitator, [
              analog('agitatorSpeed', 'Agitator_Speed', Q.rotationalSpeed, 'r/min', 0, 30, 0),
              analog('agitatorPressure', 'Agitator_P', Q.pressure, 'bar', 0, 250, 1),
            ]),
            ...tagsOf(S.jetFlushing, [
              analog('jetFlow', 'Jet_Flow', Q.flow, 'm³/h', 0, 300, 0),
              analog('jetPressure', 'Jet_P', Q.pressure, 'bar', 0, 12, 1),
            ]),
          ],
        },
        {
          db: 32,
          tags: series(
            { subject: S.slurryPump, code: 'pump', symbol: 'Pump', indices: ['P1.1', 'P1.2', 'P2.1', 'P2.2', 'P2.3'] },
            [
              analog('speed', 'Speed', Q.rotationalSpeed, 'r/min', 0, 900, 0),
              analog('suctionPressure', 'Psuc', Q.suctionPressure, 'bar', -0.5, 6, 2),
              analog('deliveryPressure', 'Pdel', Q.deliveryPressure, 'bar', 0, 12, 2),
              analog('power', 'Power', Q.power, 'kW', 0, 800, 0),
              analog('glandWaterPressure', 'GlandP', Q.glandWaterPressure, 'bar', 0, 16, 1),
              flag('running', 'Running', Q.running),
            ],
          ),
        },
      ];
