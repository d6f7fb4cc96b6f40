import { type EndpointDefinition, endpointUrl, UNKNOWN_RESULT_CODE } from '@boreline/contracts';
import type { z } from 'zod';
import { ApiError, clientHeaders, notAnEnvelope, settleEnvelope, standardText } from './client.js';

/**
 * Big files (repair videos of 100 MB) on a site connection take minutes; the 30 s of ordinary calls
 * would cut them off, so an upload gets its own, generous limit.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadOptions {
  /** Other fields of the multipart form (the endpoint's schema checks them on the server). */
  fields?: Record<string, string>;
  /** Whole percent sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file to a multipart endpoint (`inputFrom: 'multipart'`, the file in the field `file`)
 * with the headers of every call, reporting progress as it goes (fetch cannot report upload
 * progress, hence XMLHttpRequest). The answer is read as every answer is: code 1 ends the session,
 * code 2 warns, code 3 and the rest reject with the server's message.
 */
export function uploadFile<I extends z.ZodType, O extends z.ZodType>(
  endpoint: EndpointDefinition<I, O>,
  file: Blob,
  options: UploadOptions = {},
): Promise<z.output<O>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint));
    for (const [name, value] of Object.entries(clientHeaders())) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        const type = xhr.getResponseHeader('content-type') ?? '';
        const ok = xhr.status >= 200 && xhr.status < 300;
        if (!type.includes('application/json')) throw notAnEnvelope(xhr.status, ok);
        let envelope: unknown;
        try {
          envelope = JSON.parse(xhr.responseText);
        } catch {
          throw new ApiError(UNKNOWN_RESULT_CODE, standardText('badFormat'));
        }
        options.onProgress?.(100);
        resolve(settleEnvelope<z.output<O>>(envelope));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(UNKNOWN_RESULT_CODE, standardText('cannotConnect')));
    xhr.ontimeout = () => reject(new ApiError(UNKNOWN_RESULT_CODE, standardText('network')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
