import {
  type EndpointDefinition,
  envelopeSchema,
  fillPath,
  RESULT_CODE,
  SESSION_END_REASON,
  UNKNOWN_RESULT_CODE,
} from '@boreline/contracts';
import { z } from 'zod';
import { currentLanguage, tr } from '../i18n.js';
import { notify } from '../notify.js';
import { endSession } from '../sessionEnd.js';
import { useFramework } from '../session.js';
import { ApiError } from './client.js';

/** A file of an export endpoint, with the name the server gave it (null when it gave none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Workbooks of many rings take a while to build: more than the 30 s of ordinary calls. */
const EXPORT_TIMEOUT_MS = 120_000;

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` (UTF-8, so project names
 * in any script survive) before the plain `filename`. Path parts are dropped.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = (plain?.[2] ?? plain?.[1] ?? '').trim() || null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

const EnvelopeSchema = envelopeSchema(z.unknown());

/**
 * Calls an export endpoint (`response: 'raw'`), which answers a file, or an envelope when it
 * refuses. The shared client hands back neither the file's type nor the response headers (the file
 * name), so the file is read here, with the same headers as every call, and a refusal is treated as
 * the client treats one: session end and missing permission are shown, the rest is thrown.
 */
export async function fetchFile<I extends z.ZodType, O extends z.ZodType>(endpoint: EndpointDefinition<I, O>, input: z.input<I>): Promise<DownloadedFile> {
  const headers: Record<string, string> = { lang: currentLanguage(), 'Content-Type': 'application/json' };
  const token = useFramework.getState().token;
  if (token) headers.Authorization = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EXPORT_TIMEOUT_MS);
  let response: Response;
  // A GET (an import template) carries its input in the address: a GET request has no body.
  const get = endpoint.method === 'GET';
  // `:param` segments of the path take their values from the input; the rest goes as usual.
  const { url, rest } = fillPath(endpoint, input);
  const query = get ? new URLSearchParams(Object.entries((rest ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString() : '';
  try {
    response = await fetch(query ? `${url}?${query}` : url, {
      method: endpoint.method,
      headers,
      ...(get ? {} : { body: JSON.stringify(rest) }),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(UNKNOWN_RESULT_CODE, tr(controller.signal.aborted ? 'common.error.network' : 'common.error.cannotConnect'));
  } finally {
    clearTimeout(timer);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
  }
  if (!type.includes('application/json')) {
    throw new ApiError(UNKNOWN_RESULT_CODE, tr(response.status >= 500 ? 'common.error.server500' : 'common.error.network'));
  }
  const parsed = EnvelopeSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(UNKNOWN_RESULT_CODE, tr('common.error.badFormat'));
  const { code, msg, data } = parsed.data;
  if (code === RESULT_CODE.unauthenticated) {
    const forcedOffline = typeof data === 'object' && data !== null && 'reason' in data && data.reason === SESSION_END_REASON.forcedOffline;
    const text = msg || tr('common.error.sessionExpired');
    if (!forcedOffline) notify.show('warning', text);
    endSession({ forcedOffline, message: text });
    throw new ApiError(code, text, data);
  }
  if (code === RESULT_CODE.forbidden) {
    const text = msg || tr('common.error.forbidden');
    notify.show('warning', text);
    throw new ApiError(code, text, data);
  }
  throw new ApiError(code === RESULT_CODE.ok ? UNKNOWN_RESULT_CODE : code, msg || tr('common.error.network'), data);
}

/** Hands a file to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
