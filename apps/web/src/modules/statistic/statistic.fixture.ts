import { findTag, statisticContract as s } from '@boreline/contracts';

/** Rings 400–459 completed, oldest first as the server lists them, 1.5 m each from chainage 4+219.833. */
export const RING_LIST: s.RingList = {
  timeZone: 'Europe/Rome',
  ringWidth: 1.5,
  rings: Array.from({ length: 60 }, (_, i) => {
    const start = Date.UTC(2026, 10, 20, 6, 0) + i * 90 * 60_000;
    return { ringNo: 400 + i, start, end: start + 80 * 60_000, startChainage: 4219.833 + i * 1.5, endChainage: 4221.333 + i * 1.5 };
  }),
};

const point = (code: string): s.PointTag => {
  const tag = findTag('epb', code);
  if (!tag) throw new Error(`no tag ${code}`);
  return { code: tag.code, subsystem: tag.subsystem, kind: tag.kind, unit: tag.unit, precision: tag.precision, name: tag.name };
};

/** Ten tags of an EPB machine in three subsystems, as the catalogue defines them. */
export const POINT_GROUPS: s.PointGroups = {
  machineType: 'epb',
  groups: [
    { subsystem: 'cutterhead', tags: ['cutterhead.speed', 'cutterhead.torque'].map(point) },
    { subsystem: 'thrust', tags: ['thrust.advanceSpeed', 'thrust.totalThrust', 'thrust.penetration', 'thrust.pressureA', 'thrust.pressureB', 'thrust.pressureC', 'thrust.pressureD'].map(point) },
    { subsystem: 'earthPressure', tags: ['earthPressure.chamberTop'].map(point) },
  ],
};

export const ALL_TAGS = POINT_GROUPS.groups.flatMap((g) => g.tags.map((t) => t.code));

const ringsOf = (input: unknown): number[] => {
  if (typeof input !== 'object' || input === null) return [];
  if ('rings' in input && Array.isArray(input.rings)) return input.rings.map(Number);
  const range = 'range' in input && typeof input.range === 'object' && input.range !== null ? input.range : input;
  if ('ringStart' in range && 'ringEnd' in range) {
    const out: number[] = [];
    for (let n = Number(range.ringStart); n <= Number(range.ringEnd); n += 1) if (n >= 400 && n <= 459) out.push(n);
    return out;
  }
  return [];
};
const tagsOf = (input: unknown): string[] =>
  typeof input === 'object' && input !== null && 'tags' in input && Array.isArray(input.tags) ? input.tags.map(String) : [];

/** Curves of whatever rings and tags are asked for; ring 455 has no frames. */
export function ringCurves(input: unknown): s.RingCurves {
  const axis = typeof input === 'object' && input !== null && 'axis' in input && input.axis === 'stroke' ? 'stroke' : 'time';
  return {
    axis,
    timeZone: 'Europe/Rome',
    rings: ringsOf(input).map((ringNo) => {
      const ring = RING_LIST.rings.find((r) => r.ringNo === ringNo);
      const start = ring?.start ?? 0;
      const frames = ringNo === 455 ? 0 : 480;
      return {
        ringNo,
        start,
        end: ring?.end ?? 0,
        frames,
        bands:
          axis === 'time' && frames > 0
            ? [
                { state: 'advance' as const, from: 0, to: 50 * 60_000 },
                { state: 'ringBuild' as const, from: 50 * 60_000, to: 75 * 60_000 },
                { state: 'waiting' as const, from: 75 * 60_000, to: 80 * 60_000 },
              ]
            : [],
        series: tagsOf(input).map((code, i) => ({
          code,
          points: frames === 0 ? [] : Array.from({ length: 5 }, (_, k): [number, number] => [k * 10 * 60_000, 10 * (i + 1) + k]),
        })),
      };
    }),
  };
}

/** Statistics of whatever range is asked for, paged as asked: ring n's first tag has mean n / 10. */
export function ringStats(input: unknown): s.RingStats {
  const query = s.RingStatsQuerySchema.parse(input);
  let rings = ringsOf(input);
  if (query.range.by === 'chainage') rings = [403, 404, 405, 406, 407, 408, 409];
  const tags = query.tags;
  const all = rings.map((ringNo) => ({
    ringNo,
    start: RING_LIST.rings.find((r) => r.ringNo === ringNo)?.start ?? 0,
    end: RING_LIST.rings.find((r) => r.ringNo === ringNo)?.end ?? 0,
    durationMs: (60 + (ringNo % 7) * 5) * 60_000,
    advanceMs: 45 * 60_000,
    ringBuildMs: 25 * 60_000,
    waitingMs: (ringNo % 7) * 5 * 60_000,
    startChainage: 4219.833 + (ringNo - 400) * 1.5,
    endChainage: 4221.333 + (ringNo - 400) * 1.5,
    speedAvg: 40 + (ringNo % 5),
    stats: tags.map((_, i): [number, number, number] => [ringNo / 10 - 1 + i, ringNo / 10 + i, ringNo / 10 + 1 + i]),
  }));
  const first = (query.page - 1) * query.pageSize;
  return {
    timeZone: 'Europe/Rome',
    total: all.length,
    page: query.page,
    pageSize: query.pageSize,
    rows: all.slice(first, first + query.pageSize),
    overall: tags.map((_, i): [number, number, number] => [39 + i, 42.95 + i, 46.9 + i]),
  };
}
