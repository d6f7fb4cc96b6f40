import { BellOutlined } from '@ant-design/icons';
import { alarmContract as a } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../core/i18n.js';
import { realtime } from '../../core/realtime/realtime.js';
import type { RealtimeStatus } from '../../core/realtime/realtimeClient.js';
import { type AlarmLevel, type AlarmNoticeBody, type CurrentFilter, useCurrentAlarms } from './api.js';
import { LEVEL_COLOURS } from './labels.js';

/** The present alarms page, where the counts lead. */
export const PRESENT_ALARM_PATH = '/fw1/alarm/present_alarm';

/** The socket's state, followed: notices arrive only while it is open. */
export function useRealtimeStatus(): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>(realtime.status);
  useEffect(() => {
    setStatus(realtime.status);
    return realtime.onStatus(setStatus);
  }, []);
  return status;
}

/**
 * Listens to a run's `alarm` topic: every notice (raised, cleared, acknowledged…) and every
 * (re)connection, when notices may have been missed, reads the current alarms again. `onNotice`
 * hears the notice's body (null when it has none the contract knows) after the re-read started.
 */
export function useAlarmNotices(runId: number, onNotice?: (body: AlarmNoticeBody | null) => void, enabled = true): void {
  const client = useQueryClient();
  const latest = useRef(onNotice);
  latest.current = onNotice;
  useEffect(() => {
    if (!enabled) return undefined;
    const reread = () => client.invalidateQueries({ queryKey: ['alarm', runId, 'current'] });
    const off = realtime.subscribe('alarm', runId, (message) => {
      if (message.type !== 'alarm') return;
      const body = a.AlarmNoticeBodySchema.safeParse(message.body);
      void reread();
      latest.current?.(body.success ? body.data : null);
    });
    const offStatus = realtime.onStatus((status) => {
      if (status === 'open') void reread();
    });
    return () => {
      off();
      offStatus();
    };
  }, [client, runId, enabled]);
}

/** The current alarms of a run kept live: re-read on every notice, and every 15 s while the socket is down. */
export function useLiveCurrentAlarms(runId: number, filter: CurrentFilter = {}, onNotice?: (body: AlarmNoticeBody | null) => void, enabled = true) {
  const status = useRealtimeStatus();
  useAlarmNotices(runId, onNotice, enabled);
  return useCurrentAlarms(runId, filter, { poll: status !== 'open', enabled });
}

export interface AlarmedPoints {
  /** The worst level of a point's current alarms (active ones only: a cleared alarm marks nothing). */
  byPoint: ReadonlyMap<string, AlarmLevel>;
  /** Current alarms of the run (active and cleared-unacknowledged), null until read or when refused. */
  count: number | null;
  alarms: number;
  warnings: number;
}

/**
 * What the real-time pages show of a run's alarms: the points in alarm with their level, and the
 * count of current alarms. Live like the present alarms page; a user without the right sees none.
 */
export function useAlarmedPoints(runId: number, enabled = true): AlarmedPoints {
  const current = useLiveCurrentAlarms(runId, {}, undefined, enabled);
  const data = enabled ? current.data : undefined;
  return useMemo(() => {
    const byPoint = new Map<string, AlarmLevel>();
    for (const alarm of data?.alarms ?? []) {
      if (alarm.endTs !== null) continue;
      if (byPoint.get(alarm.point) !== 'alarm') byPoint.set(alarm.point, alarm.level);
    }
    return {
      byPoint,
      count: data ? data.alarms.length : null,
      alarms: data?.counts.alarm ?? 0,
      warnings: data?.counts.warning ?? 0,
    };
  }, [data]);
}

/** The colour of a level, for marks outside the alarm pages. */
export const alarmLevelColour = (level: AlarmLevel): string => LEVEL_COLOURS[level];

/**
 * The count of current alarms, red while any alarm-level one is there, amber for warnings only; a
 * link to the present alarms page in the console, plain text in the H5 view.
 */
export function AlarmCount({ points, link = true }: { points: AlarmedPoints; link?: boolean }) {
  const t = useT();
  if (points.count === null) return null;
  const colour = points.alarms > 0 ? LEVEL_COLOURS.alarm : points.warnings > 0 ? LEVEL_COLOURS.warning : undefined;
  const text = t('alarmWeb.live.count', { count: points.count });
  const body = (
    <span className="alarm-count" data-testid="alarm-count" data-count={points.count} style={colour ? { color: colour } : undefined}>
      <Badge color={colour ?? 'green'} />
      <BellOutlined /> {text}
    </span>
  );
  return link ? (
    <Link to={PRESENT_ALARM_PATH} aria-label={text} data-testid="alarm-count-link">
      {body}
    </Link>
  ) : (
    body
  );
}
