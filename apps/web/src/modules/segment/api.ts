import { importsContract, segmentContract as s } from '@boreline/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';
import { fetchFile, saveFile } from '../../core/api/download.js';
import { uploadFile } from '../../core/api/upload.js';

export type Band = s.Band;
export type RecordState = s.RecordState;
export type SegmentPose = s.SegmentPose;
export type TailGap = s.TailGap;
export type TailClearance = s.TailClearance;
export type Tolerance = s.Tolerance;
export type SegmentImportReport = s.SegmentImportReport;
export type DuplicateChoice = s.DuplicateChoice;
export type Advice = z.output<typeof s.advisor.output>;
export type SegmentStatistics = z.output<typeof s.segStatistics.output>;
export type TailStatistics = z.output<typeof s.tailStatistics.output>;
export type ClearanceStatistics = z.output<typeof s.clearanceStatistics.output>;

/** The list filters every dataset shares: ring range, state, band, page. */
export type ListInput = z.input<typeof s.segmentList.input>;
export type StatsInput = z.input<typeof s.segStatistics.input>;
export type StatisticsView = (typeof s.STATISTICS_VIEWS)[number];

/** The three datasets of the segment pages, each with its calls. */
export const DATASETS = {
  pose: { list: s.segmentList, add: s.segmentAdd, edit: s.segmentEdit, remove: s.segmentDelete, removeBatch: s.segmentDeleteBatch, confirm: s.segmentConfirm, importer: s.segmentImport, exporter: s.segmentExport, template: importsContract.templateStmseg, fileName: 'segment-attitude.xlsx' },
  tail: { list: s.tailList, add: s.tailAdd, edit: s.tailEdit, remove: s.tailDelete, removeBatch: s.tailDeleteBatch, confirm: s.tailConfirm, importer: s.tailImport, exporter: s.tailExport, template: importsContract.templateStmtail, fileName: 'tail-gap.xlsx' },
  clearance: {
    list: s.clearanceQueryAll,
    add: s.clearanceAdd,
    edit: s.clearanceEdit,
    remove: s.clearanceDelete,
    removeBatch: s.clearanceDeleteBatch,
    confirm: s.clearanceConfirm,
    importer: s.clearanceImport,
    exporter: s.clearanceExport,
    template: importsContract.templateTailcleance,
    fileName: 'tail-clearance.xlsx',
  },
} as const;
export type DatasetKind = keyof typeof DATASETS;

/** Every key of a run starts with `['segment', runId]`: a write refreshes lists, statistics and advice at once. */
export const SEG_KEYS = {
  run: (runId: number): QueryKey => ['segment', runId],
  list: (kind: DatasetKind, input: ListInput): QueryKey => ['segment', input.runId, kind, input],
  tolerance: (runId: number): QueryKey => ['segment', runId, 'tolerance'],
  ringWidths: (runId: number): QueryKey => ['segment', runId, 'ringWidths'],
  kPositions: (runId: number): QueryKey => ['segment', runId, 'kPositions'],
  advisor: (runId: number): QueryKey => ['segment', runId, 'advisor'],
  stats: (view: StatisticsView, input: StatsInput): QueryKey => ['segment', input.runId, 'stats', view, input],
};

export const usePoses = (input: ListInput) => useQuery({ queryKey: SEG_KEYS.list('pose', input), queryFn: () => call(s.segmentList, input), placeholderData: keepPreviousData });
export const useTailGaps = (input: ListInput, enabled = true) =>
  useQuery({ queryKey: SEG_KEYS.list('tail', input), queryFn: () => call(s.tailList, input), placeholderData: keepPreviousData, enabled });
export const useClearances = (input: ListInput, enabled = true) =>
  useQuery({ queryKey: SEG_KEYS.list('clearance', input), queryFn: () => call(s.clearanceQueryAll, input), placeholderData: keepPreviousData, enabled });

export const useTolerance = (runId: number) => useQuery({ queryKey: SEG_KEYS.tolerance(runId), queryFn: () => call(s.toleranceQuery, { runId }) });
export const useRingWidths = (runId: number, enabled: boolean) => useQuery({ queryKey: SEG_KEYS.ringWidths(runId), queryFn: () => call(s.ringWidthList, { runId }), enabled, staleTime: 60_000 });
export const useKPositions = (runId: number, enabled: boolean) => useQuery({ queryKey: SEG_KEYS.kPositions(runId), queryFn: () => call(s.kPosList, { runId }), enabled, staleTime: 60_000 });
export const useAdvisor = (runId: number) => useQuery({ queryKey: SEG_KEYS.advisor(runId), queryFn: () => call(s.advisor, { runId }) });

export const useSegmentStatistics = (input: StatsInput | null) =>
  useQuery({ queryKey: SEG_KEYS.stats('segment', input ?? { runId: 0, ringStart: 0, ringEnd: 0 }), queryFn: () => call(s.segStatistics, input ?? { runId: 0, ringStart: 0, ringEnd: 0 }), enabled: input !== null, placeholderData: keepPreviousData });
export const useTailStatistics = (input: StatsInput | null) =>
  useQuery({ queryKey: SEG_KEYS.stats('tail', input ?? { runId: 0, ringStart: 0, ringEnd: 0 }), queryFn: () => call(s.tailStatistics, input ?? { runId: 0, ringStart: 0, ringEnd: 0 }), enabled: input !== null, placeholderData: keepPreviousData });
export const useClearanceStatistics = (input: StatsInput | null) =>
  useQuery({
    queryKey: SEG_KEYS.stats('clearance', input ?? { runId: 0, ringStart: 0, ringEnd: 0 }),
    queryFn: () => call(s.clearanceStatistics, input ?? { runId: 0, ringStart: 0, ringEnd: 0 }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });

export const addPose = (input: z.output<typeof s.segmentAdd.input>) => call(s.segmentAdd, input);
export const editPose = (input: z.output<typeof s.segmentEdit.input>) => call(s.segmentEdit, input);
export const addTailGap = (input: z.output<typeof s.tailAdd.input>) => call(s.tailAdd, input);
export const editTailGap = (input: z.output<typeof s.tailEdit.input>) => call(s.tailEdit, input);
export const addClearance = (input: z.output<typeof s.clearanceAdd.input>) => call(s.clearanceAdd, input);
export const editClearance = (input: z.output<typeof s.clearanceEdit.input>) => call(s.clearanceEdit, input);
export const saveTolerance = (input: z.output<typeof s.toleranceEdit.input>) => call(s.toleranceEdit, input);

export const deleteRecord = (kind: DatasetKind, runId: number, id: number) => call(DATASETS[kind].remove, { runId, id });
export const deleteRecords = (kind: DatasetKind, runId: number, ids: number[]) => call(DATASETS[kind].removeBatch, { runId, ids });
export const confirmRecords = (kind: DatasetKind, runId: number, ids: number[]) => call(DATASETS[kind].confirm, { runId, ids });

/** Spec §5: an import file is .xls or .xlsx of at most 2 MB. */
export const SEGMENT_IMPORT_MAX_BYTES = s.SEGMENT_LIMITS.importMaxBytes;

export interface ImportRange {
  ringStart: number;
  ringEnd: number;
}

/** Sends a sheet to the dataset's import with the ring range it covers and what to do with rings already stored. */
export const importRecords = (kind: DatasetKind, runId: number, range: ImportRange, duplicates: DuplicateChoice, file: File, onProgress: (percent: number) => void) =>
  uploadFile(DATASETS[kind].importer, file, { fields: { runId: String(runId), ringStart: String(range.ringStart), ringEnd: String(range.ringEnd), duplicates }, onProgress });

/** The dataset's template in the reader's language, saved under the server's name. */
export async function downloadTemplate(kind: DatasetKind): Promise<void> {
  const file = await fetchFile(DATASETS[kind].template, {});
  saveFile(file.blob, file.fileName ?? DATASETS[kind].fileName);
}
