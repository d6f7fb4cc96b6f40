import { alarmContract as a } from '@boreline/contracts';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';

export type Alarm = a.Alarm;
export type AlarmLevel = a.AlarmLevel;
export type AlarmKind = a.AlarmKind;
export type AlarmState = a.AlarmState;
export type CurrentAlarms = a.CurrentAlarms;
export type AlarmDetail = a.AlarmDetail;
export type AlarmPerformance = a.AlarmPerformance;
export type AlarmRunSettings = a.AlarmRunSettings;
export type Shelf = a.Shelf;
export type AlarmNoticeBody = a.AlarmNoticeBody;

export type HistoryInput = z.input<typeof a.alarmHistoryQuery.input>;
export type ExportInput = z.input<typeof a.alarmHistoryExport.input>;
export type CurrentFilter = { level?: AlarmLevel | undefined; subsystem?: string | undefined };
export type PerformanceInput = z.input<typeof a.alarmPerformance.input>;

/** The query keys of the alarm pages: every key of a run starts with `['alarm', runId]`, so a change refreshes them at once. */
export const ALARM_KEYS = {
  run: (runId: number): QueryKey => ['alarm', runId],
  current: (runId: number, filter: CurrentFilter = {}): QueryKey => ['alarm', runId, 'current', filter.level ?? null, filter.subsystem ?? null],
  history: (input: HistoryInput): QueryKey => ['alarm', input.runId, 'history', input],
  params: (runId: number): QueryKey => ['alarm', runId, 'params'],
  rings: (runId: number, from?: number, to?: number): QueryKey => ['alarm', runId, 'rings', from ?? null, to ?? null],
  detail: (runId: number, id: number): QueryKey => ['alarm', runId, 'detail', id],
  assignees: (runId: number): QueryKey => ['alarm', runId, 'assignees'],
  settings: (runId: number): QueryKey => ['alarm', runId, 'settings'],
  performance: (input: PerformanceInput): QueryKey => ['alarm', input.runId, 'performance', input],
};

/** Read again at this pace while the socket is down (notices re-read at once while it is up). */
export const CURRENT_POLL_MS = 15_000;

/** A run's current alarms, with the shelved points and the counts per level; `poll` while notices cannot arrive. */
export const useCurrentAlarms = (runId: number, filter: CurrentFilter = {}, options: { poll?: boolean; enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ALARM_KEYS.current(runId, filter),
    queryFn: () =>
      call(a.alarmCurrentQuery, { runId, ...(filter.level ? { level: filter.level } : {}), ...(filter.subsystem ? { subsystem: filter.subsystem } : {}) }),
    refetchInterval: options.poll ? CURRENT_POLL_MS : false,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

/** A page of the history; `enabled` false while the filters break a rule (nothing is sent). */
export const useAlarmHistory = (input: HistoryInput, enabled = true) =>
  useQuery({ queryKey: ALARM_KEYS.history(input), queryFn: () => call(a.alarmHistoryQuery, input), placeholderData: keepPreviousData, enabled });

/**
 * Subsystems, points, rings and times the history can be filtered by. Read again whenever a page
 * opens (the last answer shows meanwhile): a new alarm brings its point and ring into the choices.
 */
export const useHistoryParams = (runId: number) => useQuery({ queryKey: ALARM_KEYS.params(runId), queryFn: () => call(a.alarmHistoryParams, { runId }), staleTime: 0 });

/** Rings that have alarms, for the ring pickers (read again at every opening, as the choices above). */
export const useAlarmRings = (runId: number) => useQuery({ queryKey: ALARM_KEYS.rings(runId), queryFn: () => call(a.alarmAvailableRings, { runId }), staleTime: 0 });

export const useAlarmDetail = (runId: number, id: number | null) =>
  useQuery({
    queryKey: ALARM_KEYS.detail(runId, id ?? 0),
    queryFn: () => call(a.alarmDetail, { runId, id: id ?? 0 }),
    enabled: id !== null,
  });

export const useAssignees = (runId: number, enabled: boolean) =>
  useQuery({ queryKey: ALARM_KEYS.assignees(runId), queryFn: () => call(a.alarmAssignees, { runId }), enabled, staleTime: 60_000 });

export const useAlarmSettings = (runId: number, enabled: boolean) =>
  useQuery({ queryKey: ALARM_KEYS.settings(runId), queryFn: () => call(a.alarmSettingsQuery, { runId }), enabled });

export const useAlarmPerformance = (input: PerformanceInput | null) =>
  useQuery({
    queryKey: input ? ALARM_KEYS.performance(input) : ['alarm', 'performance', 'none'],
    queryFn: () => (input ? call(a.alarmPerformance, input) : Promise.reject(new Error('no input'))),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });

/** What a change of an alarm or of the run's settings shows up in (not the lists of choices). */
const CHANGED_BY_HANDLING = new Set(['current', 'history', 'detail', 'performance', 'settings']);

/** The alarms of a run shown anywhere are read again after a change made here. */
export function useRefreshAlarms(runId: number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    () => client.invalidateQueries({ queryKey: ALARM_KEYS.run(runId), predicate: (query) => CHANGED_BY_HANDLING.has(String(query.queryKey[2])) }),
    [client, runId],
  );
}

export const ackAlarms = (input: z.input<typeof a.alarmAck.input>) => call(a.alarmAck, input);
export const assignAlarm = (input: z.input<typeof a.alarmAssign.input>) => call(a.alarmAssign, input);
export const shelvePoint = (input: z.input<typeof a.alarmShelve.input>) => call(a.alarmShelve, input);
export const unshelvePoint = (input: z.input<typeof a.alarmUnshelve.input>) => call(a.alarmUnshelve, input);
export const saveAlarmSettings = (input: z.input<typeof a.alarmSettingsEdit.input>) => call(a.alarmSettingsEdit, input);
