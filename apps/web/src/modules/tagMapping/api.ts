import { IMPORT_TEMPLATES, importsContract, ownTagsContract as o, telemetryContract as c } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';
import { fetchFile, saveFile } from '../../core/api/download.js';
import { uploadFile } from '../../core/api/upload.js';

export const mappingsKey = (runId: number) => ['tagMappings', runId] as const;
export const unmappedKey = (runId: number) => ['tagMappingUnmapped', runId] as const;

export const ownTagsKey = (runId: number) => ['ownTags', runId] as const;
/** The run's own tags (those its catalogue lacks), named in the reader's language. */
export const useOwnTags = (runId: number) => useQuery({ queryKey: ownTagsKey(runId), queryFn: () => call(o.ownTagQuery, { runId }) });

export const useMappings = (runId: number) => useQuery({ queryKey: mappingsKey(runId), queryFn: () => call(c.tagMappingQuery, { runId }) });
export const useUnmapped = (runId: number) => useQuery({ queryKey: unmappedKey(runId), queryFn: () => call(c.tagMappingUnmapped, { runId }) });

/** Suggestions for the names on screen (the server knows the tags' names in every language). */
export function useSuggestions(runId: number, names: readonly string[]) {
  return useQuery({
    queryKey: ['tagMappingSuggest', runId, names],
    queryFn: async () => new Map((await call(c.tagMappingSuggest, { runId, names: names.map((rawName) => ({ rawName })) })).map((s) => [s.rawName, s.suggestions])),
    enabled: names.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export const saveMappings = (runId: number, mappings: { rawName: string; tagCode: string }[]) => call(c.tagMappingSave, { runId, mappings });

/** The spreadsheet goes through the platform import (kind `tagmap`), merged into the saved mappings. */
export const importMappings = (runId: number, mode: importsContract.ImportMode) => (file: File, onProgress: (percent: number) => void) =>
  uploadFile(c.tagMappingImport, file, { fields: { runId: String(runId), mode }, onProgress });

export async function downloadTemplate(): Promise<void> {
  const file = await fetchFile(importsContract.TEMPLATE_ENDPOINTS.tagmap, {});
  saveFile(file.blob, file.fileName ?? 'tagmap.xlsx');
}

export const IMPORT_MAX_BYTES = IMPORT_TEMPLATES.tagmap.maxBytes;
