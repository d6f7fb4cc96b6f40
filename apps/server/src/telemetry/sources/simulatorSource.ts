import type { TagLayout } from '../frame.js';
import type { IngestService } from '../ingest.js';
import { MachineSimulator } from '../simulator/machineSimulator.js';

export interface SimulatedRun {
  runId: number;
  seed: number;
  machineType: 'epb' | 'slurry';
  ringWidthMm: number;
  startChainage: number;
  endChainage: number;
  startRing: number;
}

/**
 * Where a simulated drive continues: at ring `nextRing`, at the chainage that ring starts at
 * (rings before it were built, at one ring width each, from the run's start chainage).
 */
export function continueDrive(
  run: { runId: number; seed: number; machineType: 'epb' | 'slurry'; ringWidthMm: number; startRing: number; startChainage: number; endChainage: number },
  nextRing: number,
): SimulatedRun {
  const direction = run.endChainage >= run.startChainage ? 1 : -1;
  const built = Math.max(0, nextRing - run.startRing);
  const startChainage = Math.round((run.startChainage + (direction * built * run.ringWidthMm) / 1000) * 1000) / 1000;
  return { ...run, startRing: nextRing, startChainage };
}

/** A simulator for a run, starting at `startTs`. */
export function simulatorFor(run: SimulatedRun, layout: TagLayout, startTs: number): MachineSimulator {
  return new MachineSimulator({
    runId: run.runId,
    seed: run.seed,
    layout,
    machineType: run.machineType,
    ringWidthMm: run.ringWidthMm,
    startChainage: run.startChainage,
    direction: run.endChainage >= run.startChainage ? 1 : -1,
    startRing: run.startRing,
    startTs,
  });
}

/** How far back a restarted simulator fills in; beyond that the downtime stays a gap, as it would on site. */
const CATCH_UP_MS = 10 * 60_000;

/**
 * The built-in data source: one simulator per run with source 'simulator', ticking once a
 * second into the ingest pipeline (the same path MQTT and HTTP frames take).
 */
export class SimulatorSource {
  private readonly machines = new Map<number, { sim: MachineSimulator; nextTs: number }>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly ingest: IngestService,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Adds a machine; `fromTs` is where its data should continue (after history, or now). */
  add(run: SimulatedRun, layout: TagLayout, fromTs: number, simulator?: MachineSimulator): void {
    const startTs = Math.max(fromTs, Date.now() - CATCH_UP_MS);
    const sim = simulator ?? simulatorFor(run, layout, startTs);
    if (simulator) sim.skipTo(startTs);
    this.machines.set(run.runId, { sim, nextTs: startTs });
  }

  /** Whether a machine of the run is simulated here. */
  has(runId: number): boolean {
    return this.machines.has(runId);
  }

  /** Stops simulating a run (its drive finished, its source changed, it was deleted). */
  remove(runId: number): void {
    this.machines.delete(runId);
  }

  start(intervalMs = 1_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(Date.now()), intervalMs);
    this.timer.unref();
  }

  /** Produces every frame due up to `now` for each machine and ingests them. */
  async tick(now: number): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const [runId, machine] of this.machines) {
        const frames = [];
        while (machine.nextTs <= now && frames.length < 600) {
          const frame = machine.sim.next();
          machine.nextTs = frame.ts + 1_000;
          frames.push(frame);
        }
        if (frames.length > 0) await this.ingest.ingest(runId, frames).catch((error: unknown) => this.log.warn({ err: error, runId }, 'simulated frames not stored'));
      }
    } finally {
      this.busy = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
