import { type MachineType, type RealtimePage, realtimePageTags } from '@boreline/contracts';
import { useEffect, useMemo } from 'react';
import { useNow } from '../../../core/useNow.js';
import { useDeviceState, useMachineDiagram, useOwnTagDefs } from '../api.js';
import { deviceSummary, shownDataAt, useStatusTexts } from '../components/deviceSummary.js';
import { diagramTags } from '../components/diagramSvg.js';
import { keyFigureTags } from '../components/KeyFigures.js';
import { useIsStale, useLiveValues } from './useLiveValues.js';

/**
 * What a real-time view of a run shows, for the console page and the H5 view alike: the diagram,
 * the device state, and the live values of the open tab (null: the overview) with their staleness.
 */
export function useRealtimeView(runId: number, machineType: MachineType, page: RealtimePage | null) {
  const now = useNow(1_000);
  const diagram = useMachineDiagram(runId);
  const device = useDeviceState(runId);
  const ownTags = useOwnTagDefs(runId);

  // Each view asks only for the values it shows: the diagram's and the key figures, or the page's.
  const tags = useMemo(() => {
    if (page !== null) return realtimePageTags(machineType, page, ownTags).map((tag) => tag.code);
    const figures = keyFigureTags(machineType).map((tag) => tag.code);
    if (diagram.data !== undefined) return [...new Set([...diagramTags(diagram.data), ...figures])];
    return diagram.isError ? figures : null;
  }, [page, machineType, ownTags, diagram.data, diagram.isError]);
  const live = useLiveValues(tags === null ? null : runId, tags);
  const stale = useIsStale(live.receivedAt);

  // When the data stops, the server knows when its last frame came (a stale snapshot only says "stale").
  const { refetch: refetchDevice } = device;
  useEffect(() => {
    if (stale && !live.loading) void refetchDevice();
  }, [stale, live.loading, refetchDevice]);

  const summary = deviceSummary(device.data, live.values);
  const texts = useStatusTexts(summary, now);
  // The server's last frame counts only when read after this page's newest data arrived.
  const serverFrameAt = device.dataUpdatedAt >= (live.receivedAt ?? 0) ? (device.data?.lastFrameAt ?? null) : null;
  const lastDataAt = shownDataAt(live.receivedAt, serverFrameAt);
  /** What the header shows of the machine and the data (the project's names come from the run). */
  const header = { summary, texts, frameTs: live.ts, lastDataAt, stale, loading: live.loading, now };
  return { diagram, live, stale, texts, header, ownTags };
}
