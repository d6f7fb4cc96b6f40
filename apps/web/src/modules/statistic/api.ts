import { statisticContract as s } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';

export type PointGroups = s.PointGroups;
export type PointTag = s.PointTag;
export type RingList = s.RingList;
export type ProgressList = s.ProgressList;
export type Efficiency = s.Efficiency;
export type SlowRing = s.SlowRing;
export type RingCurves = s.RingCurves;
export type RingStats = s.RingStats;
export type RingStatsRow = s.RingStatsRow;
export type RingAxis = s.RingAxis;
export type TagStat = s.TagStat;

export type ProgressQuery = z.output<typeof s.ProgressListQuerySchema>;
export type RingRangeQuery = z.output<typeof s.RingRangeQuerySchema>;
export type RingCurvesQuery = z.output<typeof s.RingCurvesQuerySchema>;
export type RingStatsQuery = z.output<typeof s.RingStatsQuerySchema>;

/** How many slow rings the efficiency page lists. */
export const SLOW_RING_COUNT = 10;

/** The tags a run's machine records, by subsystem: the same for every page, read once a session. */
export const usePointGroups = (runId: number) =>
  useQuery({ queryKey: ['statPointGroups', runId], queryFn: () => call(s.pointGroups, { runId }), staleTime: 10 * 60_000 });

/** Completed rings, ascending: the pickers' choices and the pages' default ranges. */
export const useRingList = (runId: number) =>
  useQuery({ queryKey: ['statRingList', runId], queryFn: () => call(s.ringList, { runId }), staleTime: 60_000 });

/** A query hook that waits for its input (null while the page has none yet). */
const pending = (): Promise<never> => Promise.reject(new Error('no input'));

export const useProgressList = (query: ProgressQuery | null) =>
  useQuery({
    queryKey: ['statProgress', query],
    queryFn: () => (query ? call(s.progressList, query) : pending()),
    enabled: query !== null,
    // Another range of the same unit keeps the last one on screen (dimmed) until it arrives; another
    // unit's periods would only mislead.
    placeholderData: (previous: ProgressList | undefined) => (previous?.unit === query?.unit ? previous : undefined),
  });

export const useEfficiency = (query: RingRangeQuery | null) =>
  useQuery({
    queryKey: ['statEfficiency', query],
    queryFn: () => (query ? call(s.efficiencyGraph, query) : pending()),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useSlowRings = (query: RingRangeQuery | null) =>
  useQuery({
    queryKey: ['statSlowRings', query],
    queryFn: () => (query ? call(s.ringWorkList, { ...query, limit: SLOW_RING_COUNT }) : pending()),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useRingCurves = (query: RingCurvesQuery | null) =>
  useQuery({
    queryKey: ['statRingCurves', query],
    queryFn: () => (query ? call(s.ringCurves, query) : pending()),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** A ring-statistics answer with the query it answers: its `stats` follow that query's tags, which a previous page kept on screen may not share with the form. */
export interface RingStatsAnswer {
  query: RingStatsQuery;
  stats: RingStats;
}

export const useRingStats = (query: RingStatsQuery | null) =>
  useQuery({
    queryKey: ['statRingStats', query],
    queryFn: async (): Promise<RingStatsAnswer> => (query ? { query, stats: await call(s.ringStats, query) } : pending()),
    enabled: query !== null,
    // Paging and sorting keep the current page on screen until the next arrives: no jumping table.
    placeholderData: keepPreviousData,
  });
