import { decodeChunk, decodeColumns, encodeChunk } from '../../apps/server/src/telemetry/codec/chunkCodec.js';
import { syntheticChunk } from '../../apps/server/src/telemetry/codec/syntheticChunk.js';
import { report, stats } from '../lib/harness.js';

const TAGS = 500;
const FRAMES = 600;
const ROUNDS = 7;
const ROUND_MS = 400;

/** Values per second of `work` (which handles `values` values per call) over about ROUND_MS. */
function throughput(values: number, work: () => void): number {
  const start = performance.now();
  let calls = 0;
  let elapsed = 0;
  do {
    work();
    calls += 1;
    elapsed = performance.now() - start;
  } while (elapsed < ROUND_MS);
  return (calls * values) / (elapsed / 1000);
}

const mega = (s: number[]): string => {
  const v = stats(s);
  return `${(v.min / 1e6).toFixed(1)}/${(v.median / 1e6).toFixed(1)}/${(v.max / 1e6).toFixed(1)} M values/s`;
};

/**
 * B1s (codec part): one 10-minute chunk of 500 noisy 1 Hz tags (every tag a drifting random walk
 * with noise, the hard case; real flags, levels and counters compress far better). The baseline
 * stores the same values as float32, 4 bytes each, and copies them in and out in the same rounds.
 */
export async function codec(): Promise<void> {
  const chunk = syntheticChunk(20_250_106, TAGS, FRAMES);
  const values = TAGS * FRAMES;
  let bytes = encodeChunk(chunk);
  const decoded = decodeChunk(bytes);
  const exact = chunk.columns.every((column, i) => column.every((v, k) => Object.is(v, decoded.columns[i]?.[k])));
  const baseline = new Float32Array(values);
  const copyIn = () => chunk.columns.forEach((column, i) => baseline.set(column, i * FRAMES));
  const copyOut = () => {
    for (let i = 0; i < TAGS; i += 1) Float64Array.from(baseline.subarray(i * FRAMES, (i + 1) * FRAMES));
  };
  const chart = [3, 141, 499];

  // Warm-up, discarded: lets the JIT settle on both sides before anything is recorded.
  throughput(values, () => (bytes = encodeChunk(chunk)));
  throughput(values, () => decodeChunk(bytes));
  throughput(values, copyIn);
  throughput(values, copyOut);

  const encode: number[] = [];
  const decode: number[] = [];
  const partial: number[] = [];
  const copyInRates: number[] = [];
  const copyOutRates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    encode.push(throughput(values, () => (bytes = encodeChunk(chunk))));
    copyInRates.push(throughput(values, copyIn));
    decode.push(throughput(values, () => decodeChunk(bytes)));
    copyOutRates.push(throughput(values, copyOut));
    partial.push(throughput(chart.length * FRAMES, () => decodeColumns(bytes, chart)));
  }

  const bytesPerValue = bytes.length / values;
  console.log(`  chunk ${TAGS} tags x ${FRAMES} frames: ${bytes.length} bytes, exact round trip: ${exact}`);
  console.log(`  encode min/median/max ${mega(encode)}; float32 copy in ${mega(copyInRates)}`);
  console.log(`  decode min/median/max ${mega(decode)}; float32 copy out ${mega(copyOutRates)}`);
  console.log(`  decodeColumns (${chart.length} of ${TAGS} tags) ${mega(partial)} of the values asked for`);
  report('B1s-chunk-codec', `${bytesPerValue.toFixed(3)} bytes/value`, bytesPerValue / 4, '<= 2 bytes/value', exact && bytesPerValue <= 2);
}
