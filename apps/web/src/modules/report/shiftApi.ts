import { shiftReportContract as c } from '@boreline/contracts';
import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';

/** A shift occurrence as the picker names it: a local date of the project and the shift's number. */
export interface SlotRef {
  runId: number;
  date: string;
  shiftNo: number;
}

export const shiftDayKey = (runId: number, date: string): QueryKey => ['shiftDay', runId, date];
export const shiftReportKey = (ref: SlotRef): QueryKey => ['shiftReport', ref.runId, ref.date, ref.shiftNo];

/** The shifts of a local date, with their reports' ids and missing stop reasons (the picker's badges). */
export const useShiftDay = (runId: number, date: string | null) =>
  useQuery({
    queryKey: shiftDayKey(runId, date ?? ''),
    queryFn: () => call(c.shiftDayList, { runId, date: date ?? '' }),
    enabled: date !== null,
  });

/** The days of a month holding reports, to mark them in the calendar. */
export const useDatesWithReports = (runId: number, month: string) =>
  useQuery({ queryKey: ['shiftDates', runId, month], queryFn: () => call(c.listDateSelForRecord, { runId, month }) });

/** The report of one shift, or null while nobody started it. */
export const useShiftReport = (ref: SlotRef | null) =>
  useQuery({
    queryKey: ref ? shiftReportKey(ref) : ['shiftReport', 'none'],
    queryFn: () => (ref ? call(c.findShiftMain, ref) : null),
    enabled: ref !== null,
  });

export const useShiftGraph = (runId: number, shiftRecId: number) =>
  useQuery({ queryKey: ['shiftGraph', runId, shiftRecId], queryFn: () => call(c.listShiftRecordForGraph, { runId, shiftRecId }) });

/** Completed rings of the shift's span, offered in the ring fields; typing any number stays possible. */
export const useRingOptions = (runId: number, from: number, to: number) =>
  useQuery({ queryKey: ['shiftRings', runId, from, to], queryFn: () => call(c.getRingReportSel, { runId, from, to }), staleTime: 60_000 });

export const useRingSegments = (runId: number, shiftRecId: number) =>
  useQuery({ queryKey: ['shiftRingSegments', runId, shiftRecId], queryFn: () => call(c.getRingSegmentSel, { runId, shiftRecId }) });

/** Everything a change of a report shows up in: the picker's badges, calendar marks, time bar, statistics, rings. */
async function refreshAround(client: QueryClient, runId: number): Promise<void> {
  await Promise.all(
    ['shiftDay', 'shiftDates', 'shiftGraph', 'shiftRingSegments'].map((key) => client.invalidateQueries({ queryKey: [key, runId] })),
  );
}

/** A change answered with the whole report: the answer replaces the view's copy at once. */
function useReportChange<I>(ref: SlotRef, send: (input: I) => Promise<c.ShiftReport>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (report) => {
      client.setQueryData(shiftReportKey(ref), report);
      await refreshAround(client, ref.runId);
    },
  });
}

export const useSaveShiftMain = (ref: SlotRef) =>
  useReportChange(ref, (input: z.output<typeof c.ShiftMainInputSchema>) => call(c.saveShiftMain, input));

export const useSaveShiftRecords = (ref: SlotRef) =>
  useReportChange(ref, (input: z.output<typeof c.ShiftRecordsSaveSchema>) => call(c.saveShiftRecords, input));

export const useGenerateShiftRecords = (ref: SlotRef) =>
  useReportChange(ref, (overwrite: boolean) => call(c.autoGenShiftRecord, { ...ref, overwrite }));

export function useDeleteShiftReport(ref: SlotRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shiftRecId: number) => call(c.deleteShiftReport, { runId: ref.runId, shiftRecId }),
    onSuccess: async () => {
      client.setQueryData(shiftReportKey(ref), null);
      await refreshAround(client, ref.runId);
    },
  });
}

/**
 * Runs the handlers of one change on its promise. `mutate(input, { onSuccess })` drops its
 * handlers when the calling component unmounts first, and a saved report re-keys the form that
 * saved it: the success message and the end of "unsaved changes" would be lost.
 */
export function settle<T>(result: Promise<T>, handlers: { onSuccess?: (value: T) => void; onError?: (error: unknown) => void }): void {
  result.then(handlers.onSuccess, (error: unknown) => handlers.onError?.(error));
}
