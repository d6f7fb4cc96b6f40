import { tagCatalogue } from '@boreline/contracts';
import { TagLayout } from '../../apps/server/src/telemetry/frame.js';
import { MachineSimulator } from '../../apps/server/src/telemetry/simulator/machineSimulator.js';
import { syntheticTagDefs } from '../../apps/server/src/telemetry/simulator/syntheticTags.fixture.js';
import { report, stats } from '../lib/harness.js';

const TAGS = 500;
const ROUNDS = 7;
const ROUND_MS = 400;
/** The demo history: four machines, six weeks of seconds. */
const HISTORY_FRAMES = 4 * 42 * 86_400;

/** Calls per second of `work` over about ROUND_MS. */
function rate(work: () => void): number {
  const start = performance.now();
  let calls = 0;
  let elapsed = 0;
  do {
    work();
    calls += 1;
    elapsed = performance.now() - start;
  } while (elapsed < ROUND_MS);
  return calls / (elapsed / 1000);
}

const machine = (layout: TagLayout) =>
  new MachineSimulator({
    runId: 1,
    seed: 20_250_106,
    layout,
    machineType: 'epb',
    ringWidthMm: 1500,
    startChainage: 4219.833,
    direction: 1,
    startRing: 1,
    startTs: Date.UTC(2025, 0, 6),
  });

const median = (s: number[]): number => stats(s).median;
/** min/median/max of rates, in thousands (frames) or millions (values, `scale` = tags per frame). */
const range = (s: number[], unit: string, scale = 1): string => {
  const v = stats(s);
  const [div, suffix] = scale === 1 ? [1e3, 'k'] : [1e6 / scale, ' M'];
  return `${(v.min / div).toFixed(1)}/${(v.median / div).toFixed(1)}/${(v.max / div).toFixed(1)}${suffix} ${unit}`;
};

/**
 * The 1 Hz simulator: full frames of 500 tags (key tags from the machine model, the rest generic)
 * against a baseline that fills a Float64Array of the same size with Math.random(). Also the fast
 * key-only mode that generates weeks of history, with and without a reused buffer.
 */
export async function simulator(): Promise<void> {
  const layout = new TagLayout(syntheticTagDefs('epb', TAGS));
  const sim = machine(layout);
  const baseline = new Float64Array(TAGS);
  const fillRandom = () => {
    for (let i = 0; i < TAGS; i += 1) baseline[i] = Math.random();
  };
  const reused = new Float64Array(TAGS);
  const catalogue = new TagLayout(tagCatalogue('epb'));
  const catalogueSim = machine(catalogue);

  // Warm-up, discarded: lets the JIT settle on both sides before anything is recorded.
  rate(() => sim.next());
  rate(fillRandom);
  rate(() => sim.nextKeyOnly(reused));
  rate(() => sim.nextKeyOnly());
  if (catalogue.size > 0) rate(() => catalogueSim.next());

  const full: number[] = [];
  const random: number[] = [];
  const keyReused: number[] = [];
  const keyFresh: number[] = [];
  const fullCatalogue: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    full.push(rate(() => sim.next()));
    random.push(rate(fillRandom));
    keyReused.push(rate(() => sim.nextKeyOnly(reused)));
    keyFresh.push(rate(() => sim.nextKeyOnly()));
    if (catalogue.size > 0) fullCatalogue.push(rate(() => catalogueSim.next()));
  }

  const valuesPerSecond = median(full) * TAGS;
  console.log(`  next() ${TAGS} tags min/median/max ${range(full, 'frames/s')}, ${range(full, 'values/s', TAGS)}`);
  console.log(`  baseline Math.random() fill of ${TAGS} values ${range(random, 'frames/s')}, ${range(random, 'values/s', TAGS)}`);
  if (catalogue.size > 0) console.log(`  next() on the EPB catalogue (${catalogue.size} tags) ${range(fullCatalogue, 'frames/s')}`);
  console.log(
    `  nextKeyOnly(buffer) ${range(keyReused, 'frames/s')}: 4 machines x 6 weeks in ${(HISTORY_FRAMES / median(keyReused)).toFixed(1)} s; ` +
      `nextKeyOnly() ${range(keyFresh, 'frames/s')}: ${(HISTORY_FRAMES / median(keyFresh)).toFixed(1)} s (information)`,
  );
  report(
    'simulator-next',
    `${(valuesPerSecond / 1e6).toFixed(1)} M values/s`,
    median(full) / median(random),
    '>= 1,000,000 values/s',
    valuesPerSecond >= 1_000_000,
  );
}
