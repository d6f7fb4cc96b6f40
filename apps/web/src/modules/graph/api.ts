import { filesContract, graphContract as g, KEY_TAGS, type Language } from '@boreline/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call, request } from '../../core/api/client.js';
import { UPLOAD_TIMEOUT_MS, uploadFile } from '../../core/api/upload.js';
import { realtime } from '../../core/realtime/realtime.js';
import type { UploadedFile } from '../../ui/UploadField.js';
import { useLiveValues } from '../monitor/index.js';

export type Drawing = g.Drawing;
export type DrawingName = g.DrawingName;
export type DrawingVariant = g.DrawingVariant;
export type GraphSetting = g.GraphSetting;
export type GraphSettingInput = z.input<typeof g.GraphSettingInputSchema>;
export type Overlay = g.Overlay;
export type OverlayRing = g.OverlayRing;
export type OverlayRisk = Overlay['risks'][number];
export type Calibration = g.Calibration;
export type CalibrationPoint = g.CalibrationPoint;
export type DisplayOptions = g.DisplayOptions;

/** Overlay refresh when no message says anything happened (a fallback: ring and state messages refresh it at once). */
export const OVERLAY_REFRESH_MS = 30_000;

/** Every key of a run starts with `['graph', runId]`: a write refreshes settings, drawings and overlay at once. */
export const GRAPH_KEYS = {
  run: (runId: number): QueryKey => ['graph', runId],
  setting: (runId: number): QueryKey => ['graph', runId, 'setting'],
  drawing: (runId: number, key: string): QueryKey => ['graph', runId, 'drawing', key],
  overlay: (runId: number): QueryKey => ['graph', runId, 'overlay'],
  map: (runId: number): QueryKey => ['graph', runId, 'map'],
  token: (runId: number, provider: string): QueryKey => ['graph', runId, 'thirdToken', provider],
};

export const useGraphSetting = (runId: number) => useQuery({ queryKey: GRAPH_KEYS.setting(runId), queryFn: () => call(g.getGraphSetting, { runId }) });

/**
 * A drawing by its key. The server answers the language's drawing or the run's default one; a
 * refusal is an answer here (not a retry): code 2 means not permitted, any other no drawing.
 */
export const useDrawing = (runId: number, key: string, enabled = true) =>
  useQuery({ queryKey: GRAPH_KEYS.drawing(runId, key), queryFn: () => call(g.drawingByKey, { runId, key }), enabled, retry: false });

/** The drawing's key for a run, name, language (null: the default drawing) and variant. */
export const keyOf = (runId: number, name: DrawingName, lang: Language | null, variant: DrawingVariant) => g.drawingKey({ runId, name, lang, variant });

/**
 * What the drawings show along the alignment: rings, risk zones and the machine's position. Read
 * again when the run's state changes (a ring completed, the machine's state, its connection), after
 * the socket reconnects, and every 30 s.
 */
export function useOverlay(runId: number) {
  const query = useQuery({ queryKey: GRAPH_KEYS.overlay(runId), queryFn: () => call(g.overlay, { runId }), refetchInterval: OVERLAY_REFRESH_MS });
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

/** The tags the drawings follow live: the guidance system's chainage and the PLC ring counter. */
const LIVE_TAGS = [KEY_TAGS.chainage, KEY_TAGS.ringNo] as const;

/**
 * The machine's chainage as the real-time feed carries it (the guidance system's value), else the
 * overlay's position (the newest stored frame): the machine's icon moves with every data message.
 */
export function useLiveChainage(runId: number, overlay: Overlay | undefined): { chainage: number; ring: number | null; live: boolean } | null {
  const live = useLiveValues(runId, LIVE_TAGS);
  const value = live.values[KEY_TAGS.chainage];
  const ring = live.values[KEY_TAGS.ringNo];
  if (typeof value === 'number' && Number.isFinite(value)) return { chainage: value, ring: typeof ring === 'number' ? Math.round(ring) : (overlay?.position?.ring ?? null), live: true };
  const position = overlay?.position;
  return position ? { chainage: position.chainage, ring: position.ring, live: false } : null;
}

/** Refreshes everything the graph pages read of a run after a write. */
export function useGraphRefresh(runId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: GRAPH_KEYS.run(runId) });
}

export const saveDrawing = (input: z.input<typeof g.DrawingSaveInputSchema>) => call(g.drawingSave, input);
export const calibrateDrawing = (input: z.input<typeof g.DrawingCalibrateInputSchema>) => call(g.drawingCalibrate, input);
export const deleteDrawing = (runId: number, id: number) => call(g.drawingDelete, { runId, id });
export const saveGraphSetting = (input: GraphSettingInput) => call(g.graphSetting, input);

/** Sends a picture of the run for a drawing (purpose `drawing`), reporting progress. */
export const uploadDrawing =
  (runId: number) =>
  (file: File, onProgress: (percent: number) => void): Promise<UploadedFile> =>
    uploadFile(filesContract.upload, file, { fields: { purpose: 'drawing', runId: String(runId) }, onProgress });

/**
 * A stored picture as an object URL (reading a file needs the session header, which an <img>
 * cannot send); freed when the view goes or the path changes. null while it loads.
 */
export function usePictureUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({ path: null, url: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    let alive = true;
    let made: string | null = null;
    request<Blob>({ method: 'GET', url: path, timeoutMs: UPLOAD_TIMEOUT_MS })
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        made = url;
        if (alive) setState({ path, url, failed: false });
        else URL.revokeObjectURL(url);
      })
      .catch(() => {
        if (alive) setState({ path, url: null, failed: true });
      });
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return state.path === path ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}
