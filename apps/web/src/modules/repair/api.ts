import { filesContract, repairContract as c } from '@boreline/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, request } from '../../core/api/client.js';
import { UPLOAD_TIMEOUT_MS, uploadFile } from '../../core/api/upload.js';
import type { UploadedFile } from '../../ui/UploadField.js';

export type Repair = c.Repair;
export type Knowledge = z.output<typeof c.knowledgePage.output>['records'][number];
export type Case = z.output<typeof c.casePage.output>['records'][number];
export type Snippet = c.Snippet;
export type Suggestion = c.Suggestion;
export type Fingerprint = c.Fingerprint;
export type FailureMode = c.FailureMode;
export type RepairState = c.RepairState;
export type CaseState = c.CaseState;
export type ExtractionState = c.ExtractionState;
export type SuggestionKind = Suggestion['kind'];
export type ReasonKind = Suggestion['reasons'][number]['kind'];
export type RepairPrefill = z.output<typeof c.repairFromAlarm.output>;

export type RepairPageInput = z.input<typeof c.repairPage.input>;
export type CasePageInput = z.input<typeof c.casePage.input>;
export type KnowledgePageInput = z.input<typeof c.knowledgePage.input>;
export type RepairAddInput = z.output<typeof c.repairAdd.input>;
export type RepairUpdateInput = z.output<typeof c.repairUpdate.input>;
export type KnowledgeAddInput = z.output<typeof c.knowledgeAdd.input>;
export type KnowledgeEditInput = z.output<typeof c.knowledgeEdit.input>;
export type DiagnoseInput = z.input<typeof c.diagnose.input>;

/** What a diagnosis starts from: an alarm, a repair, or words typed. */
export type DiagnosisSource = { alarmId: number } | { repairId: number } | { text: string };

/** Every key of a run starts with `['repair', runId]`, so a change refreshes the run's lists at once. */
export const REPAIR_KEYS = {
  run: (runId: number): QueryKey => ['repair', runId],
  repairs: (input: RepairPageInput): QueryKey => ['repair', input.runId, 'repairs', input],
  repair: (runId: number, id: number): QueryKey => ['repair', runId, 'repair', id],
  cases: (input: CasePageInput): QueryKey => ['repair', input.runId, 'cases', input],
  knowledge: (input: KnowledgePageInput): QueryKey => ['repair', input.runId, 'knowledge', input],
  diagnosis: (input: DiagnoseInput): QueryKey => ['repair', input.runId, 'diagnosis', input],
};

export const useRepairs = (input: RepairPageInput, enabled = true) =>
  useQuery({ queryKey: REPAIR_KEYS.repairs(input), queryFn: () => call(c.repairPage, input), placeholderData: keepPreviousData, enabled });

export const useRepairDetail = (runId: number, id: number | null) =>
  useQuery({ queryKey: REPAIR_KEYS.repair(runId, id ?? 0), queryFn: () => call(c.repairDetail, { runId, id: id ?? 0 }), enabled: id !== null });

export const useCases = (input: CasePageInput, enabled = true) =>
  useQuery({ queryKey: REPAIR_KEYS.cases(input), queryFn: () => call(c.casePage, input), placeholderData: keepPreviousData, enabled });

export const useKnowledge = (input: KnowledgePageInput, enabled = true) =>
  useQuery({ queryKey: REPAIR_KEYS.knowledge(input), queryFn: () => call(c.knowledgePage, input), placeholderData: keepPreviousData, enabled });

export const useDiagnosis = (input: DiagnoseInput | null) =>
  useQuery({
    queryKey: REPAIR_KEYS.diagnosis(input ?? { runId: 0 }),
    queryFn: () => call(c.diagnose, input ?? { runId: 0 }),
    enabled: input !== null,
    retry: false,
  });

export const addRepair = (input: RepairAddInput) => call(c.repairAdd, input);
export const updateRepair = (input: RepairUpdateInput) => call(c.repairUpdate, input);
export const repairFromAlarm = (runId: number, alarmId: number) => call(c.repairFromAlarm, { runId, alarmId });
export const publishRepair = (runId: number, id: number, publish: boolean) => call(c.repairPublish, { runId, id, publish });
export const addKnowledge = (input: KnowledgeAddInput) => call(c.knowledgeAdd, input);
export const editKnowledge = (input: KnowledgeEditInput) => call(c.knowledgeEdit, input);
export const deleteKnowledge = (runId: number, id: number) => call(c.knowledgeDelete, { runId, id });
export const diagnosisFeedback = (runId: number, kind: SuggestionKind, id: number, helpful: boolean) => call(c.diagnosisFeedback, { runId, kind, id, helpful });

/** The purposes of the repair and knowledge files (the file service checks type, size and count by them). */
export type RepairFilePurpose = 'repairPhoto' | 'repairVideo' | 'knowledge';

/** Sends one file of the run for a purpose, reporting progress. */
export const uploadFor =
  (purpose: RepairFilePurpose, runId: number) =>
  (file: File, onProgress: (percent: number) => void): Promise<UploadedFile> =>
    uploadFile(filesContract.upload, file, { fields: { purpose, runId: String(runId) }, onProgress });

/**
 * A short-lived link that streams one stored file (a video) without the session header: the
 * player's Range requests carry a ticket bound to that file, never the session token.
 */
export const fileTicket = (id: string) => call(filesContract.ticketIssue, { id });

/**
 * A stored file as an object URL: reading a file needs the session header, which an <img>, <video>
 * or <iframe> cannot send. The browser's copy seeks like the server's Range answers would.
 */
export async function fileObjectUrl(path: string): Promise<string> {
  const blob = await request<Blob>({ method: 'GET', url: path, timeoutMs: UPLOAD_TIMEOUT_MS });
  return URL.createObjectURL(blob);
}
