import { filesContract, riskContract as c } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, request } from '../../core/api/client.js';
import { uploadFile } from '../../core/api/upload.js';
import type { UploadedFile } from '../../ui/UploadField.js';

export const RISK_KEY = ['risk'] as const;
export const listKey = (runId: number, filters: object) => ['risk', 'list', runId, filters] as const;
export const currentKey = (runId: number) => ['risk', 'current', runId] as const;
export const settingsKey = (runId: number) => ['risk', 'settings', runId] as const;
export const picturesKey = (id: number) => ['risk', 'pictures', id] as const;

/** How often the nearest zone is read again (a ring takes tens of minutes; a minute is fresh enough). */
const CURRENT_REFRESH_MS = 60_000;

export const useRiskList = (input: c.RiskFilter & { page: number; pageSize: number }) =>
  useQuery({ queryKey: listKey(input.runId, input), queryFn: () => call(c.riskQuery, input), placeholderData: keepPreviousData });

export const useRiskCurrent = (runId: number | null, enabled = true) =>
  useQuery({
    queryKey: currentKey(runId ?? 0),
    queryFn: () => call(c.riskCurrent, { runId: runId ?? 0 }),
    enabled: enabled && runId !== null,
    refetchInterval: CURRENT_REFRESH_MS,
  });

export const useRiskSettings = (runId: number) => useQuery({ queryKey: settingsKey(runId), queryFn: () => call(c.riskSettings, { runId }) });

export const useRiskPictures = (id: number | null) =>
  useQuery({ queryKey: picturesKey(id ?? 0), queryFn: () => call(c.riskPictures, { id: id ?? 0 }), enabled: id !== null });

export const addRisk = (input: c.RiskAdd) => call(c.riskAdd, input);
export const editRisk = (input: c.RiskEdit) => call(c.riskEdit, input);
export const deleteRisk = (id: number) => call(c.riskDelete, { id });
export const saveSettings = (runId: number, warnRings: number) => call(c.riskSettingsSave, { runId, warnRings });

/** Sends one picture for the run's risk points (purpose riskPicture, the risk pages' upload call). */
export const uploadPicture = (runId: number) => (file: File, onProgress: (percent: number) => void): Promise<UploadedFile> =>
  uploadFile(filesContract.uploadV2, file, { fields: { purpose: 'riskPicture', runId: String(runId) }, onProgress });

/** A stored picture as an object URL: reading a file needs the session header, which an <img> cannot send. */
export async function pictureUrl(path: string): Promise<string> {
  const blob = await request<Blob>({ method: 'GET', url: path });
  return URL.createObjectURL(blob);
}
