import { graphContract as g, KEY_TAGS } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';
import { uploadFile } from '../../core/api/upload.js';
import { canUse, useFramework } from '../../core/session.js';
import { useLiveValues } from '../monitor/index.js';
import { GRAPH_KEYS, OVERLAY_REFRESH_MS } from './api.js';

export type GraphSetting = g.GraphSetting;
export type Overlay = g.Overlay;
export type MapData = g.MapData;
export type AlignmentImportReport = ReturnType<typeof g.AlignmentImportReportSchema.parse>;

// The settings and the overlay are the drawings' own reads (same keys, same refresh on state messages).
export { useGraphSetting, useOverlay } from './api.js';

export const useMapData = (runId: number) => useQuery({ queryKey: GRAPH_KEYS.map(runId), queryFn: () => call(g.mapQuery, { runId }), refetchInterval: OVERLAY_REFRESH_MS });

/** Refresh a third-party token this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** When to read a token again: a minute before it expires, never sooner than in 5 s (a clock a little off). */
export const tokenRefreshMs = (expiresAt: number, now: number): number => Math.max(5_000, expiresAt - now - TOKEN_MARGIN_MS);

/**
 * The short-lived token of the tile source's provider, read again before it expires; disabled
 * without a provider. A refusal is not retried (the page says so and shows the grid instead).
 */
export function useThirdToken(runId: number, provider: string | null) {
  return useQuery({
    queryKey: GRAPH_KEYS.token(runId, provider ?? ''),
    queryFn: () => call(g.thirdAuth, { provider: provider ?? '', runId }),
    enabled: provider !== null,
    retry: false,
    // A new token is a new tile URL (the tiles load again): only when the old one runs out.
    refetchOnWindowFocus: false,
    staleTime: 0,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? tokenRefreshMs(expiresAt, Date.now()) : false;
    },
  });
}

/** Sends an alignment file (CSV or GeoJSON) with the run and, when given, the grid's EPSG code. */
export const importAlignment = (runId: number, epsg: number | null, file: File, onProgress: (percent: number) => void): Promise<AlignmentImportReport> =>
  uploadFile(g.alignmentImport, file, { fields: epsg === null ? { runId: String(runId) } : { runId: String(runId), epsg: String(epsg) }, onProgress });

/**
 * The machine's chainage as it moves: the live chainage tag (as the real-time view reads it) when
 * the user may read live data and the machine sends it, otherwise the overlay's position.
 */
export function useMachineChainage(runId: number, fallback: number | null): number | null {
  const live = useFramework((s) => canUse(s, 'monitor.realData.read'));
  const values = useLiveValues(live ? runId : null, [KEY_TAGS.chainage]).values;
  const chainage = values[KEY_TAGS.chainage];
  return typeof chainage === 'number' && Number.isFinite(chainage) ? chainage : fallback;
}
