import { periodReportContract as pr, shiftReportContract as sr } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';
import { fileNameFromDisposition } from '../../core/api/download.js';

export type PeriodUnit = pr.PeriodUnit;
export type ReportExport = pr.ReportExport;
export type PeriodReport = pr.PeriodReport;
export type RingReportRow = pr.RingReportRow;

/** The daily, weekly or monthly report holding `date` (a local date of the project). */
export const usePeriodReport = (runId: number, unit: PeriodUnit, date: string) =>
  useQuery({
    queryKey: ['periodReport', runId, unit, date],
    queryFn: () => call(pr.periodReport, { runId, unit, date }),
    // Stepping to the next period keeps the last one on screen until the new one arrives; a report
    // of another unit (the weekly one on the way to the daily page) would only mislead.
    placeholderData: (previous: PeriodReport | undefined) => (previous?.unit === unit ? previous : undefined),
  });

export interface RingRange {
  ringStart: number;
  ringEnd: number;
}

export const useRingReport = (runId: number, range: RingRange | null) =>
  useQuery({
    queryKey: ['ringReport', runId, range?.ringStart, range?.ringEnd],
    queryFn: () => (range ? call(pr.ringReport, { runId, ...range }) : Promise.reject(new Error('no ring range'))),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

/** Completed rings, newest last as the server lists them: the default range is taken from its end. */
export const useCompletedRings = (runId: number) =>
  useQuery({
    queryKey: ['ringOptions', runId],
    queryFn: () => call(sr.getRingReportSel, { runId }),
  });

// The workbook download is shared with the statistics exports (core/api/download); the report's
// export button uses it through the shared button.
export { fileNameFromDisposition };
