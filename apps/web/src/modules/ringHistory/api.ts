import { importsContract, type importsContract as ic, ringHistoryContract as c, telemetryContract } from '@boreline/contracts';
import { call } from '../../core/api/client.js';
import { fetchFile, saveFile } from '../../core/api/download.js';
import { uploadFile } from '../../core/api/upload.js';

export const summaryKey = (runId: number) => ['ringHistory', 'summary', runId] as const;
export const listKey = (runId: number, page: number, pageSize: number) => ['ringHistory', 'list', runId, page, pageSize] as const;

export const fetchSummary = (runId: number) => call(c.ringHistorySummary, { runId });
export const fetchImported = (runId: number, page: number, pageSize: number) => call(c.ringHistoryQuery, { runId, page, pageSize });
export const removeImported = (runId: number) => call(c.ringHistoryDelete, { runId });
/** Derives states and rings again from the stored frames from `from` on (imported rings stay). */
export const rebuildFrom = (runId: number, from: number) => call(telemetryContract.cycleRecompute, { runId, from });

/** Sends the sheet to the run's import, all or nothing, or the valid rows only. */
export const importHistory = (runId: number, file: File, mode: ic.ImportMode, onProgress: (percent: number) => void) =>
  uploadFile(c.ringHistoryImport, file, { fields: { runId: String(runId), mode }, onProgress });

/** The template in the reader's language, saved under the name the server gives it. */
export async function downloadTemplate(): Promise<void> {
  const file = await fetchFile(importsContract.templateRinghist, {});
  saveFile(file.blob, file.fileName ?? 'ring-history.xlsx');
}
