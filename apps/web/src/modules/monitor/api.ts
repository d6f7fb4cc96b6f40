import { monitorContract as m, ownTagsContract as o, type TagDef, telemetryContract as tc } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../core/api/client.js';
import { realtime } from '../../core/realtime/realtime.js';

/** A fallback only: state messages refresh the device state as soon as something happens. */
const DEVICE_STATE_REFRESH_MS = 30_000;
/** The trend reaches this far back. */
export const TREND_WINDOW_MS = 10 * 60_000;
/** About one point per second of the window: what the live messages add as well. */
const TREND_MAX_POINTS = 600;

/**
 * A run's machine state, ring, chainage and connection. Read again whenever a state message of the
 * run arrives (state change, ring finished, connection lost or back) and after a reconnection of
 * the socket, when such messages may have been missed.
 */
export function useDeviceState(runId: number) {
  const query = useQuery({
    queryKey: ['deviceState', runId],
    queryFn: () => call(m.deviceStateQuery, { runId }),
    refetchInterval: DEVICE_STATE_REFRESH_MS,
    staleTime: 0,
  });
  const { refetch } = query;
  useEffect(() => {
    const off = realtime.subscribe('state', runId, (message) => {
      if (message.type === 'state') void refetch();
    });
    const offStatus = realtime.onStatus((status) => {
      if (status === 'open') void refetch();
    });
    return () => {
      off();
      offStatus();
    };
  }, [runId, refetch]);
  return query;
}

/** The machine diagram (SVG text) of the run's TBM type; it never changes while the page is open. */
const NO_OWN_TAGS: readonly TagDef[] = [];

/** The run's own tags (those its catalogue lacks), shown on the pages of their subsystems; none while loading or when refused. */
export function useOwnTagDefs(runId: number): readonly TagDef[] {
  const query = useQuery({ queryKey: ['ownTagDefs', runId], queryFn: () => call(o.ownTagDefs, { runId }), staleTime: 60_000 });
  return query.data ?? NO_OWN_TAGS;
}

export const useMachineDiagram = (runId: number) =>
  useQuery({
    queryKey: ['machineDiagram', runId],
    queryFn: () => call(m.machineDiagram, { runId }),
    staleTime: Infinity,
  });

/**
 * The last ten minutes of the chosen tags, read once per choice: live messages extend the lines
 * from there, so the history is never read again while the choice stays.
 */
export const useTrendHistory = (runId: number, codes: readonly string[]) =>
  useQuery({
    queryKey: ['realtimeTrend', runId, codes.join(',')],
    queryFn: () => {
      const to = Date.now();
      return call(tc.seriesQuery, { runId, tags: [...codes], from: to - TREND_WINDOW_MS, to, maxPoints: TREND_MAX_POINTS });
    },
    enabled: codes.length > 0,
    // Adding a tag keeps the lines already drawn until the new read arrives.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
