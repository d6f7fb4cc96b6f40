import { type LiveValues, monitorContract as m, REALTIME } from '@boreline/contracts';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { realtime } from '../../../core/realtime/realtime.js';

export interface LiveState {
  /** code -> newest value (null: no value in the newest frame). */
  values: LiveValues;
  /** Machine time of the newest frame; null before any. */
  ts: number | null;
  /** Wall-clock time the newest data reached this page. */
  receivedAt: number | null;
  /** Flips with every data message of the run: the refresh trigger of spec §4. */
  trigger: boolean;
  loading: boolean;
}

const EMPTY: LiveState = { values: {}, ts: null, receivedAt: null, trigger: false, loading: true };

/**
 * A run's live values: the snapshot from the server, then the changes each data message carries.
 * A message applies only on top of the frame it was computed from (`prevTs`); after a gap (a
 * reconnection, a skipped message) the snapshot is read again.
 */
export function useLiveValues(runId: number | null, tags: readonly string[] | null = null): LiveState {
  const [state, setState] = useState<LiveState>(EMPTY);
  const current = useRef<LiveState>(EMPTY);
  const tagsKey = tags ? [...tags].sort().join(',') : '*';

  useEffect(() => {
    if (runId === null) return undefined;
    let alive = true;
    let reading: Promise<void> | null = null;
    const commit = (next: LiveState) => {
      current.current = next;
      if (alive) setState(next);
    };
    commit(EMPTY);
    const wanted = tagsKey === '*' ? undefined : tagsKey.split(',');
    const readSnapshot = () => {
      reading ??= call(m.cachedRealData, { runId, tags: wanted })
        .then((data) => {
          const prev = current.current;
          // A message may have moved on while the snapshot was read: keep the newer.
          if (prev.ts !== null && data.ts !== null && prev.ts > data.ts) return;
          // Ages are judged on this browser's clock: the server says whether the data is stale now.
          const receivedAt = data.ts === null ? null : data.stale ? Date.now() - REALTIME.staleAfterMs - 1 : Date.now();
          commit({ values: data.values, ts: data.ts, receivedAt, trigger: prev.trigger, loading: false });
        })
        .catch(() => commit({ ...current.current, loading: false }))
        .finally(() => (reading = null));
    };
    readSnapshot();
    const unsubscribe = realtime.subscribe(
      'data',
      runId,
      (message) => {
        if (message.type !== 'data') return;
        const prev = current.current;
        if (prev.ts !== null && message.ts <= prev.ts) return;
        if (message.prevTs === null || message.prevTs !== prev.ts) {
          commit({ ...prev, trigger: !prev.trigger });
          readSnapshot();
          return;
        }
        commit({ values: { ...prev.values, ...message.values }, ts: message.ts, receivedAt: Date.now(), trigger: !prev.trigger, loading: false });
      },
      wanted ?? null,
    );
    // Whatever came while the socket was down is read again once it is back.
    const offStatus = realtime.onStatus((status) => {
      if (status === 'open') readSnapshot();
    });
    return () => {
      alive = false;
      unsubscribe();
      offStatus();
    };
  }, [runId, tagsKey]);

  return state;
}

/** True when no frame came for `REALTIME.staleAfterMs` (re-evaluated every second). */
export function useIsStale(receivedAt: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return receivedAt === null || now - receivedAt > REALTIME.staleAfterMs;
}
