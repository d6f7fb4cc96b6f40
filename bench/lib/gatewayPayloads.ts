import type { TagLayout } from '../../apps/server/src/telemetry/frame.js';
import { MachineSimulator } from '../../apps/server/src/telemetry/simulator/machineSimulator.js';

/** Frames per gateway batch. */
const BATCH = 60;

/** Gateway batches of simulator frames as JSON text, the way they arrive over HTTP or MQTT. */
export function payloads(layout: TagLayout, frames: number, startTs: number): string[] {
  const sim = new MachineSimulator({ runId: 1, seed: 7, layout, machineType: 'epb', ringWidthMm: 1500, startChainage: 1000, direction: 1, startRing: 1, startTs, profile: { faults: false } });
  const out: string[] = [];
  for (let b = 0; b < frames / BATCH; b += 1) {
    const batch = [];
    for (let i = 0; i < BATCH; i += 1) {
      const f = sim.next();
      const values: Record<string, number | null> = {};
      layout.codes.forEach((code, k) => {
        const v = f.values[k] ?? Number.NaN;
        values[code] = Number.isNaN(v) ? null : v;
      });
      batch.push({ ts: f.ts, values });
    }
    out.push(JSON.stringify({ frames: batch }));
  }
  return out;
}
