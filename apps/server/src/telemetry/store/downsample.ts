/**
 * Largest-Triangle-Three-Buckets: keeps the visual shape of a series in `threshold` points.
 * Gaps (NaN) are dropped before, so a chart shows them as missing, not as zero.
 */
export function lttb(ts: ArrayLike<number>, values: ArrayLike<number>, threshold: number): [number, number][] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] ?? Number.NaN;
    if (!Number.isNaN(v)) {
      xs.push(ts[i] ?? 0);
      ys.push(v);
    }
  }
  const n = xs.length;
  if (threshold >= n || threshold < 3) return xs.map((x, i) => [x, ys[i] ?? 0]);
  const out: [number, number][] = [[xs[0] ?? 0, ys[0] ?? 0]];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i += 1) {
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j += 1) {
      avgX += xs[j] ?? 0;
      avgY += ys[j] ?? 0;
    }
    const span = Math.max(1, nextEnd - nextStart);
    avgX /= span;
    avgY /= span;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const ax = xs[a] ?? 0;
    const ay = ys[a] ?? 0;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j += 1) {
      const area = Math.abs((ax - avgX) * ((ys[j] ?? 0) - ay) - (ax - (xs[j] ?? 0)) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out.push([xs[best] ?? 0, ys[best] ?? 0]);
    a = best;
  }
  out.push([xs[n - 1] ?? 0, ys[n - 1] ?? 0]);
  return out;
}

/** Min/max per bucket (for rollup bands): at most `maxPoints` buckets, each its min and max. */
export function minMaxBuckets(ts: ArrayLike<number>, mins: ArrayLike<number>, maxs: ArrayLike<number>, means: ArrayLike<number>, maxPoints: number) {
  const n = ts.length;
  const step = Math.max(1, Math.ceil(n / maxPoints));
  const out: { ts: number; min: number; max: number; avg: number }[] = [];
  for (let start = 0; start < n; start += step) {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (let k = start; k < Math.min(n, start + step); k += 1) {
      const lo = mins[k] ?? Number.NaN;
      if (Number.isNaN(lo)) continue;
      min = Math.min(min, lo);
      max = Math.max(max, maxs[k] ?? lo);
      sum += means[k] ?? lo;
      count += 1;
    }
    if (count) out.push({ ts: ts[start] ?? 0, min, max, avg: sum / count });
  }
  return out;
}
