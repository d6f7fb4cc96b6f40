import { type DeviceState, KEY_TAGS, type LiveValues, type RunStatus } from '@boreline/contracts';
import { useFormat } from '../../../core/format.js';
import { useStatusLabel } from '../../../core/runStatus.js';
import type { DiagramStatus } from './diagramSvg.js';
import { useT } from '../../../core/i18n.js';

/** What the header and the diagram say about the machine as a whole. */
export interface DeviceSummary {
  /** null: not known yet (before the first read, or a machine that never sent data). */
  status: RunStatus | null;
  since: number | null;
  ring: number | null;
  chainage: number | null;
  connected: boolean | null;
}

/**
 * The device state as read, with ring and chainage from the live values when the view receives
 * them (they move between two reads of the state; the PLC's ring counter is the same source).
 */
export function deviceSummary(device: DeviceState | undefined, values: LiveValues): DeviceSummary {
  const liveRing = values[KEY_TAGS.ringNo];
  const liveChainage = values[KEY_TAGS.chainage];
  return {
    status: device ? (device.state ?? (device.connected ? null : 'offline')) : null,
    since: device?.stateSince ?? null,
    ring: typeof liveRing === 'number' ? Math.round(liveRing) : (device?.ringNo ?? null),
    chainage: typeof liveChainage === 'number' ? liveChainage : (device?.chainage ?? null),
    connected: device?.connected ?? null,
  };
}

/** The summary as the texts of the diagram's status strip; `now` keeps the duration running. */
export function useStatusTexts(summary: DeviceSummary, now: number): DiagramStatus {
  const t = useT();
  const f = useFormat();
  const label = useStatusLabel();
  const { status, since, ring, chainage, connected } = summary;
  return {
    state: status === null ? '--' : label(status),
    since: since === null ? '--' : f.duration(now - since),
    ring: ring === null ? '--' : String(ring),
    chainage: chainage === null ? '--' : f.chainage(chainage),
    connection: connected === null ? '--' : t(connected ? 'realtime.header.connected' : 'realtime.header.disconnected'),
  };
}

/**
 * When the data on screen arrived, for "no data for …": the older of this page's own arrival time
 * and the server's last frame. The page's own may be newer than the truth (a snapshot read while
 * already stale only says "stale"); the server's may be newer than what the page got (the socket
 * is down while the machine still sends). Taking the older never calls old data recent.
 */
export function shownDataAt(receivedAt: number | null, lastFrameAt: number | null): number | null {
  if (receivedAt === null) return lastFrameAt;
  return lastFrameAt === null ? receivedAt : Math.min(receivedAt, lastFrameAt);
}
