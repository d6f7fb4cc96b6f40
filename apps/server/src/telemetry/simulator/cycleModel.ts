import {
  clamp,
  copyState,
  type CycleSetup,
  type CycleState,
  DAY_S,
  draw,
  GROUPS,
  initialCycleState,
  MODE_ADVANCE,
  MODE_BUILD,
  MODE_WAITING,
  WAIT,
} from './cycleState.js';
import { Rng } from './prng.js';
import type { SimProfile } from './simProfile.js';
import { SIG, SIG_COUNT } from './signals.js';

/** Seconds a cylinder group takes to retract for its segment and to close on it again. */
const RETRACT_S = 120;
/** Segments go in from the bottom up: C first, then B and D, the key at the top (A) last. */
const RETRACT_ORDER = [2, 1, 3, 0] as const;
const RETRACT_WINDOW = [
  [0.05, 0.15],
  [0.25, 0.35],
  [0.45, 0.55],
  [0.68, 0.78],
] as const;
/** Guidance head-to-tail distance, m: the tail deviation is the head's minus trend × this. */
const SHIELD_M = 6;
/** Steering as a damped oscillator over distance: ~45 m period, ~15 mm spread of the deviation. */
const STEER_STIFF = 0.0195;
const STEER_DAMP = 0.084;
const STEER_NOISE = 0.85;
const PUSH_CHANCE_PER_RING = 1 / 30;
const MAX_DEV_MM = 90;
/** Cutters are changed after about this many rings: wear is shown as a share of it. */
const WEAR_RINGS = 60;

export interface CycleModelOptions extends CycleSetup {
  startChainage: number;
  direction: 1 | -1;
}

/**
 * The machine itself: the advance → ring build → waiting cycle, the physics that ties speed,
 * ground, thrust, torque, strokes, steering, grouting and face support together, and the long
 * standbys. One `step()` is one second; it fills `sig` with what the sensors read.
 */
export class CycleModel {
  st: CycleState;
  readonly sig = new Float64Array(SIG_COUNT);
  private readonly rng: Rng;
  private readonly p: SimProfile;
  private readonly width: number;
  private actTarget = 0;

  constructor(private readonly options: CycleModelOptions) {
    this.p = options.profile;
    this.width = options.ringWidthMm;
    this.st = initialCycleState(options);
    this.rng = new Rng(this.st.rng);
    this.ringParams();
  }

  snapshot(): CycleState {
    this.st.rng = this.rng.s;
    return copyState(this.st);
  }

  restore(state: CycleState): void {
    this.st = copyState(state);
    this.rng.s = state.rng;
  }

  step(): void {
    const st = this.st;
    this.transition();
    if (st.mode === MODE_ADVANCE) this.advance();
    else this.standstill();
    this.signals();
    st.t += 1;
    st.modeT += 1;
    if (st.mode !== MODE_ADVANCE) st.left -= 1;
  }

  private transition(): void {
    const { st, rng, p } = this;
    if (st.mode === MODE_ADVANCE) {
      if (st.advanced >= this.width) this.startBuild();
      else if (st.stopAt >= 0 && st.advanced >= st.stopAt) {
        st.stopAt = -1;
        this.startWaiting(draw(rng, p.advanceStopMin) * 60, 1, WAIT.stop);
      } else if (st.t >= st.breakdownDue) {
        st.breakdownDue = st.t + rng.exp(p.breakdownEveryDays * DAY_S);
        this.startWaiting(draw(rng, p.breakdownHours) * 3600, 1, WAIT.breakdown);
      }
    } else if (st.left <= 0) {
      if (st.mode === MODE_BUILD) this.plannedWaiting();
      else {
        // The PLC counts the next ring when its advance starts, not when the previous one is built.
        if (st.resume === 0) {
          st.ringNo += 1;
          this.ringParams();
        }
        st.mode = MODE_ADVANCE;
        st.modeT = 0;
        st.reason = 0;
      }
    }
  }

  private startWaiting(seconds: number, resume: number, reason: number): void {
    const st = this.st;
    st.mode = MODE_WAITING;
    st.modeT = 0;
    st.left = Math.max(1, Math.round(seconds));
    st.resume = resume;
    st.reason = reason;
  }

  private startBuild(): void {
    const { st, rng, p } = this;
    st.advanced = this.width;
    st.mode = MODE_BUILD;
    st.modeT = 0;
    st.buildLen = st.left = Math.round(draw(rng, p.ringBuildMin) * 60);
    // The new ring is nearly plane: the groups close on it within a few millimetres of each other.
    const s0 = draw(rng, p.startStrokeMm);
    for (let g = 0; g < GROUPS; g += 1) {
      st.buildFrom[g] = st.stroke[g] ?? 0;
      st.s0[g] = s0 + rng.range(-8, 8);
    }
    RETRACT_ORDER.forEach((g, i) => {
      const window = RETRACT_WINDOW[i] ?? RETRACT_WINDOW[0];
      st.retractAt[g] = Math.round(st.buildLen * draw(rng, window));
    });
  }

  /** Logistics after every ring, plus whatever long standby has fallen due meanwhile. */
  private plannedWaiting(): void {
    const { st, rng, p } = this;
    let seconds = 0;
    let longest = 0;
    let reason: number = WAIT.logistics;
    const add = (s: number, why: number) => {
      seconds += s;
      if (s > longest) [longest, reason] = [s, why];
    };
    add(draw(rng, p.logisticsMin) * 60, WAIT.logistics);
    if (st.t >= st.handoverDue) {
      add(draw(rng, p.handoverMin) * 60, WAIT.handover);
      while (st.handoverDue <= st.t) st.handoverDue += DAY_S / 2;
    }
    if (st.t >= st.maintenanceDue) {
      add(draw(rng, p.maintenanceHours) * 3600, WAIT.maintenance);
      while (st.maintenanceDue <= st.t) st.maintenanceDue += DAY_S;
    }
    if (st.t >= st.cutterDue) {
      add(draw(rng, p.cutterChangeHours) * 3600, WAIT.cutterChange);
      st.cutterDue = st.t + draw(rng, p.cutterChangeEveryDays) * DAY_S;
      st.wearM = 0;
    }
    if (st.t >= st.breakdownDue) {
      add(draw(rng, p.breakdownHours) * 3600, WAIT.breakdown);
      st.breakdownDue = st.t + rng.exp(p.breakdownEveryDays * DAY_S);
    }
    this.startWaiting(seconds, 0, reason);
  }

  /** What changes from ring to ring: pace, steering corrections, grout and tail-gap targets. */
  private ringParams(): void {
    const { st, rng, p } = this;
    const h = st.hardness;
    const [slow, fast] = p.speedMmMin;
    st.ringSpeed = clamp(fast + (slow - fast) * h + 3 * rng.normal(), slow - 2, fast + 3);
    st.ringRpm = clamp(p.cutterRpm[0] + (p.cutterRpm[1] - p.cutterRpm[0]) * h + 0.08 * rng.normal(), 0.8, 2.5);
    st.speedDev *= 0.5;
    st.advanced = 0;
    st.groutVolume = st.foamVolume = st.bentoniteVolume = 0;
    st.groutTarget = draw(rng, p.groutM3);
    st.groutSet = draw(rng, p.groutBar);
    st.foamTarget = draw(rng, p.foamM3);
    st.bentoniteTarget = draw(rng, p.bentoniteM3);
    // The operator pushes harder on the side the shield must turn away from; that side extends more.
    const kh = clamp(-0.03 * st.hTrend + 0.03 * rng.normal(), -0.15, 0.15);
    const kv = clamp(0.03 * st.vTrend + 0.03 * rng.normal() + 0.05, -0.15, 0.15);
    st.bias = [-kv, kh, kv, -kh];
    st.grow = st.bias.map((k) => 1 + 0.05 * k);
    st.stopAt = rng.next() < p.advanceStopChance ? this.width * rng.range(0.2, 0.8) : -1;
    const c = rng.range(28, 36);
    const dv = clamp(6 + 5 * rng.normal(), -12, 20);
    const dh = clamp(-3 * st.hTrend + 5 * rng.normal(), -24, 24);
    st.gapTarget = [c + dv / 2, c - dv / 2, c + dh / 2, c - dh / 2];
    if (rng.next() < PUSH_CHANCE_PER_RING) {
      const push = (rng.next() < 0.5 ? -1 : 1) * rng.range(0.4, 0.8);
      if (rng.next() < 0.5) st.hPush = push;
      else st.vPush = push;
      st.pushLeft = rng.range(6, 15);
    }
  }

  private advance(): void {
    const { st, rng, p } = this;
    const w = this.width;
    const e = st.modeT;
    const rpmRamp = Math.min(1, e / 25);
    const speedRamp = clamp((e - 10) / 70, 0, 1);
    st.speedDev += -st.speedDev / 240 + 0.3 * rng.normal();
    // Drift within the ring, but the operator does not let the pace fall far below the usual.
    let speed = Math.max(p.speedMmMin[0] - 6, st.ringSpeed + st.speedDev) * speedRamp;
    const remaining = w - st.advanced;
    if (remaining < 40) speed *= Math.max(0.35, remaining / 40);
    speed = clamp(speed, 0, 78);
    st.speed = speed;
    const dMm = Math.min(speed / 60, remaining);
    st.advanced += dMm;
    const dm = dMm / 1000;
    st.wearM += dm;
    this.ground(dm);
    this.steer(dm);

    const h = st.hardness;
    const speedNorm = speed / 60;
    st.rpm = st.ringRpm * rpmRamp;
    st.angle = (st.angle + st.rpm * 6) % 360;
    const pen = st.rpm > 0.1 ? speed / st.rpm : 0;
    const tq = p.torqueKnm;
    const th = p.thrustKn;
    const torqueTarget = (tq[0] + (tq[1] - tq[0]) * clamp(0.1 + 0.55 * h + 0.35 * Math.min(1, pen / 40), 0, 1)) * rpmRamp;
    st.torque += (torqueTarget - st.torque) * 0.15;
    const thrustTarget = th[0] + (th[1] - th[0]) * clamp(0.15 + 0.5 * h + 0.35 * speedNorm, 0, 1);
    st.thrust += (thrustTarget - st.thrust) * 0.05;
    for (let g = 0; g < GROUPS; g += 1) st.stroke[g] = (st.s0[g] ?? 0) + st.advanced * (st.grow[g] ?? 1);

    const perMm = dMm / w;
    st.groutVolume += st.groutTarget * perMm * (1 + 0.3 * rng.tri());
    st.foamVolume += st.foamTarget * perMm * (1 + 0.3 * rng.tri());
    st.bentoniteVolume += st.bentoniteTarget * perMm * (1 + 0.3 * rng.tri());
    st.face += (st.faceSet + 0.1 * (speedNorm - 0.75) - st.face) * 0.1 + 0.01 * rng.normal();
    st.groutPressure += (st.groutSet + 0.4 * (speedNorm - 0.75) - st.groutPressure) * 0.1 + 0.03 * rng.normal();
    st.roll += -st.roll / 5000 + 0.02 * rng.normal();
    const settle = Math.min(1, dMm / 600);
    for (let i = 0; i < 4; i += 1) st.gap[i] = (st.gap[i] ?? 0) + ((st.gapTarget[i] ?? 0) - (st.gap[i] ?? 0)) * settle;
    this.actTarget = rpmRamp * (0.65 + 0.35 * clamp(0.3 + 0.4 * h + 0.3 * speedNorm, 0, 1));
  }

  private standstill(): void {
    const { st, rng, p } = this;
    st.speed = 0;
    st.rpm = 0;
    st.torque *= 0.85;
    const building = st.mode === MODE_BUILD;
    // Cylinders keep the shield against the face while it stands; fewer do during erection.
    st.thrust += (p.thrustKn[1] * (building ? 0.1 : 0.2) - st.thrust) * 0.03;
    if (building) {
      for (let g = 0; g < GROUPS; g += 1) {
        const from = st.buildFrom[g] ?? 0;
        const to = st.s0[g] ?? 0;
        const f = clamp((st.modeT - (st.retractAt[g] ?? 0)) / RETRACT_S, 0, 1);
        st.stroke[g] = from + (to - from) * f;
      }
    }
    // Support pressure sags a little while the shield stands and the chamber consolidates.
    st.face += (st.faceSet - 0.1 - st.face) / 1800 + 0.0015 * rng.normal();
    st.groutPressure = Math.max(0, st.groutPressure + (0.4 - st.groutPressure) / 120 + 0.01 * rng.normal());
    this.actTarget = 0;
  }

  /** Ground hardness and the face-pressure set point drift with the metres bored, not with time. */
  private ground(dm: number): void {
    const { st, rng, p } = this;
    const root = Math.sqrt(dm);
    st.hardness = clamp(st.hardness + (0.5 - st.hardness) * (dm / 60) + 0.04 * root * rng.normal(), 0, 1);
    const [lo, hi] = p.facePressureBar;
    st.faceSet = clamp(st.faceSet + ((lo + hi) / 2 - st.faceSet) * (dm / 150) + 0.02 * root * rng.normal(), lo + 0.1, hi - 0.1);
  }

  private steer(dm: number): void {
    const { st, rng } = this;
    const noise = STEER_NOISE * Math.sqrt(dm);
    st.hTrend += (-STEER_STIFF * st.hDev - STEER_DAMP * st.hTrend + st.hPush) * dm + noise * rng.normal();
    st.hDev += st.hTrend * dm;
    // Drivers keep the head a few millimetres high: the lining settles afterwards.
    st.vTrend += (STEER_STIFF * (5 - st.vDev) - STEER_DAMP * st.vTrend + st.vPush) * dm + noise * rng.normal();
    st.vDev += st.vTrend * dm;
    if (Math.abs(st.hDev) > MAX_DEV_MM) [st.hDev, st.hTrend] = [Math.sign(st.hDev) * MAX_DEV_MM, 0];
    if (Math.abs(st.vDev) > MAX_DEV_MM) [st.vDev, st.vTrend] = [Math.sign(st.vDev) * MAX_DEV_MM, 0];
    if (st.pushLeft > 0) {
      st.pushLeft -= dm;
      if (st.pushLeft <= 0) st.hPush = st.vPush = st.pushLeft = 0;
    }
  }

  private signals(): void {
    const { st, rng, p, sig } = this;
    const advancing = st.mode === MODE_ADVANCE;
    st.activity += (this.actTarget - st.activity) * (this.actTarget > st.activity ? 0.08 : 0.04);
    st.warmth += (st.activity - st.warmth) / 1200;
    st.work += st.activity;
    if (st.t % p.guidanceRefreshS === 0) {
      const s = st.shown;
      s[0] = st.hDev + 0.8 * rng.tri();
      s[1] = st.vDev + 0.8 * rng.tri();
      s[2] = st.hDev - st.hTrend * SHIELD_M + 0.8 * rng.tri();
      s[3] = st.vDev - st.vTrend * SHIELD_M + 0.8 * rng.tri();
      const o = this.options;
      s[4] = o.startChainage + (o.direction * ((st.ringNo - o.startRing) * this.width + st.advanced)) / 1000;
    }
    const speed = st.speed > 0 ? clamp(st.speed + 0.4 * rng.tri(), 0.1, 80) : 0;
    const rpm = st.rpm > 0.01 ? st.rpm + 0.01 * rng.tri() : 0;
    sig[SIG.speed] = speed;
    sig[SIG.rpm] = rpm;
    sig[SIG.penetration] = rpm > 0.1 ? speed / rpm : 0;
    sig[SIG.torque] = st.torque > 1 ? st.torque * (1 + 0.03 * rng.tri()) : 0;
    sig[SIG.thrust] = st.thrust * (1 + 0.01 * rng.tri());
    const pressureMean = (265 * st.thrust) / p.thrustKn[1];
    let strokeSum = 0;
    let anyRetracting = 0;
    for (let g = 0; g < GROUPS; g += 1) {
      const stroke = st.stroke[g] ?? 0;
      strokeSum += stroke;
      sig[SIG.strokeA + g] = stroke;
      const sinceRetract = st.modeT - (st.retractAt[g] ?? 0);
      const retracting = st.mode === MODE_BUILD && sinceRetract >= 0 && sinceRetract < RETRACT_S;
      if (retracting) anyRetracting = 1;
      sig[SIG.pressureA + g] = retracting ? 6 + 3 * rng.tri() : Math.max(0, pressureMean * (1 + (st.bias[g] ?? 0)) + 1.5 * rng.tri());
    }
    sig[SIG.advanceMode] = advancing ? 1 : 0;
    sig[SIG.erectMode] = st.mode === MODE_BUILD ? 1 : 0;
    sig[SIG.ringNo] = st.ringNo;
    sig[SIG.chainage] = st.shown[4] ?? 0;
    sig[SIG.headHorizontal] = st.shown[0] ?? 0;
    sig[SIG.headVertical] = st.shown[1] ?? 0;
    sig[SIG.tailHorizontal] = st.shown[2] ?? 0;
    sig[SIG.tailVertical] = st.shown[3] ?? 0;
    sig[SIG.pitch] = st.gradient + st.vTrend + 0.05 * rng.tri();
    sig[SIG.roll] = st.roll + 0.05 * rng.tri();
    sig[SIG.facePressure] = st.face + 0.01 * rng.tri();
    sig[SIG.groutVolume] = st.groutVolume;
    sig[SIG.groutPressure] = st.groutPressure;
    sig[SIG.foamVolume] = st.foamVolume;
    sig[SIG.bentoniteVolume] = st.bentoniteVolume;
    for (let i = 0; i < 4; i += 1) sig[SIG.tailGapTop + i] = (st.gap[i] ?? 0) + 0.3 * rng.tri();
    sig[SIG.activity] = st.activity;
    sig[SIG.warmth] = st.warmth;
    sig[SIG.building] = st.mode === MODE_BUILD ? 1 : 0;
    sig[SIG.speedNorm] = st.speed / 60;
    sig[SIG.torqueNorm] = st.torque / p.torqueKnm[1];
    sig[SIG.thrustNorm] = st.thrust / p.thrustKn[1];
    sig[SIG.rpmNorm] = st.rpm / 2.5;
    sig[SIG.strokeMean] = strokeSum / GROUPS;
    sig[SIG.pressureMean] = pressureMean;
    sig[SIG.progress] = st.advanced / this.width;
    const rotating = st.rpm > 0.05 ? 1 : 0;
    const clockwise = st.ringNo % 2 === 0 ? 1 : 0;
    sig[SIG.rotating] = rotating;
    sig[SIG.rotatingCw] = rotating * clockwise;
    sig[SIG.rotatingCcw] = rotating * (1 - clockwise);
    sig[SIG.standing] = advancing ? 0 : 1;
    // The PLC holds the steering differences while groups retract one by one for the segments.
    const strokes = st.mode === MODE_BUILD ? st.buildFrom : st.stroke;
    sig[SIG.strokeDiffH] = (strokes[1] ?? 0) - (strokes[3] ?? 0);
    sig[SIG.strokeDiffV] = (strokes[2] ?? 0) - (strokes[0] ?? 0);
    sig[SIG.advanced] = st.advanced;
    sig[SIG.cutterAngle] = st.angle;
    sig[SIG.hTrend] = st.hTrend;
    sig[SIG.vTrend] = st.vTrend;
    sig[SIG.tailGapMean] = ((st.gap[0] ?? 0) + (st.gap[1] ?? 0) + (st.gap[2] ?? 0) + (st.gap[3] ?? 0)) / 4;
    const waiting = st.mode === MODE_WAITING;
    sig[SIG.maintenance] = waiting && (st.reason === WAIT.maintenance || st.reason === WAIT.cutterChange) ? 1 : 0;
    sig[SIG.cutterChange] = waiting && st.reason === WAIT.cutterChange ? 1 : 0;
    sig[SIG.retracting] = anyRetracting;
    const segments = this.width > 1500 ? 8 : 6;
    sig[SIG.segment] = st.mode === MODE_BUILD ? 1 + Math.min(segments - 1, Math.floor((st.modeT / st.buildLen) * segments)) : segments;
    sig[SIG.parity] = st.t % 2;
    sig[SIG.cutterWear] = st.wearM / ((WEAR_RINGS * this.width) / 1000);
  }
}
