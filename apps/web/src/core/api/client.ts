import {
  type EndpointDefinition,
  fillPath,
  inputSource,
  RESULT_CODE,
  SESSION_END_REASON,
  UNKNOWN_RESULT_CODE,
} from '@boreline/contracts';
import type { z } from 'zod';
import { webConfig } from '../config.js';

/** A call that did not end with code 0; `message` is what the user should read. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the client needs from the app around it (wired in `app/providers`). */
export interface ClientContext {
  token(): string | null;
  /** The `lang` header value (`en_US`, …). */
  language(): string;
  /** Mobile (embedded H5) mode shows no warnings of its own. */
  isMobile(): boolean;
  /** Standard texts of spec §8, translated. */
  text(key: StandardText): string;
  warn(text: string): void;
  /** Code 1: the session is gone; `forcedOffline` when the account signed in elsewhere. */
  onSessionEnded(reason: { forcedOffline: boolean; message: string }): void;
}

export type StandardText =
  | 'cannotConnect'
  | 'server500'
  | 'notFound404'
  | 'badFormat'
  | 'noData'
  | 'network'
  | 'sessionExpired'
  | 'forbidden';

let context: ClientContext | null = null;
export const configureClient = (next: ClientContext): void => {
  context = next;
};
const ctx = (): ClientContext => {
  if (!context) throw new Error('API client used before configureClient');
  return context;
};

const KNOWN_CODES = new Set<number>(Object.values(RESULT_CODE));
const PASS_THROUGH = /^(text\/xml|application\/xml|application\/octet-stream|application\/pdf|application\/msword|application\/vnd\.|image\/|video\/)/;

export interface RequestOptions {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: FormData;
  /** A form-encoded body (application/x-www-form-urlencoded). */
  urlencoded?: URLSearchParams;
  timeoutMs?: number;
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** The headers every call carries: the user's language and, when signed in, the session token. */
export function clientHeaders(): Record<string, string> {
  const c = ctx();
  const headers: Record<string, string> = { lang: c.language() };
  const token = c.token();
  if (token) headers.Authorization = token;
  return headers;
}

/**
 * Every call of the app: Authorization and lang headers, credentials, a timeout, the envelope's
 * codes handled as spec §8 says; XML, files and images come back unchanged (as Blob or text).
 */
export async function request<T>(options: RequestOptions): Promise<T> {
  const c = ctx();
  const headers = clientHeaders();
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.urlencoded) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = options.urlencoded.toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? webConfig.requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(withQuery(options.url, options.query), {
      method: options.method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    // A timeout reads as a network problem; a refused connection as the server being unreachable.
    throw fail(UNKNOWN_RESULT_CODE, c.text(controller.signal.aborted ? 'network' : 'cannotConnect'), error);
  } finally {
    clearTimeout(timer);
  }

  const type = response.headers.get('content-type') ?? '';
  if (response.ok && PASS_THROUGH.test(type)) {
    return (/^(text|application)\/xml|\+xml/.test(type) ? await response.text() : await response.blob()) as T;
  }
  if (!type.includes('application/json')) throw notAnEnvelope(response.status, response.ok);
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw fail(UNKNOWN_RESULT_CODE, c.text('badFormat'));
  }
  return settleEnvelope<T>(envelope);
}

/** The failure of an answer that is no envelope (a proxy's error page, a crash). */
export function notAnEnvelope(status: number, ok: boolean): ApiError {
  const c = ctx();
  if (status === 404) return fail(RESULT_CODE.notFound, c.text('notFound404'));
  if (status >= 500) return fail(RESULT_CODE.serverError, c.text('server500'));
  return fail(UNKNOWN_RESULT_CODE, c.text(ok ? 'badFormat' : 'network'));
}

/**
 * The data of a `{code,msg,data}` envelope, or the failure it reports: code 1 ends the session,
 * code 2 warns of missing permission (neither in mobile mode), code 3 goes to the caller to show.
 */
export function settleEnvelope<T>(envelope: unknown): T {
  const c = ctx();
  if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) {
    throw fail(UNKNOWN_RESULT_CODE, c.text(envelope === null ? 'noData' : 'badFormat'));
  }
  const { code, msg, data } = envelope as { code: unknown; msg?: unknown; data?: unknown };
  const message = typeof msg === 'string' && msg ? msg : '';
  switch (code) {
    case RESULT_CODE.ok:
      return (data ?? null) as T;
    case RESULT_CODE.unauthenticated: {
      const forcedOffline =
        typeof data === 'object' && data !== null && 'reason' in data && data.reason === SESSION_END_REASON.forcedOffline;
      const text = message || c.text('sessionExpired');
      if (!c.isMobile() && !forcedOffline) c.warn(text);
      c.onSessionEnded({ forcedOffline, message: text });
      throw new ApiError(RESULT_CODE.unauthenticated, text, data);
    }
    case RESULT_CODE.forbidden: {
      const text = message || c.text('forbidden');
      if (!c.isMobile()) c.warn(text);
      throw new ApiError(RESULT_CODE.forbidden, text, data);
    }
    case RESULT_CODE.business:
      throw new ApiError(RESULT_CODE.business, message, data);
    default: {
      const known = typeof code === 'number' && KNOWN_CODES.has(code);
      const fallback = code === RESULT_CODE.notFound ? 'notFound404' : code === RESULT_CODE.serverError ? 'server500' : 'network';
      throw new ApiError(known && typeof code === 'number' ? code : UNKNOWN_RESULT_CODE, message || c.text(fallback), data);
    }
  }
}

/** A standard text of spec §8 in the user's language (for helpers that talk to the server themselves). */
export const standardText = (key: StandardText): string => ctx().text(key);

function fail(code: number, text: string, cause?: unknown): ApiError {
  const error = new ApiError(code, text);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * The fields of a form-encoded call: a list repeats its field (an empty list sends the field empty,
 * which the server reads as none), absent values are left out, everything else is its text.
 */
export function formFields(input: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) params.append(key, '');
      for (const item of value) params.append(key, String(item));
    } else params.append(key, String(value));
  }
  return params;
}

/** Calls a contract endpoint: input goes to the query string (GET), the JSON body (POST) or a form-encoded body. */
export function call<I extends z.ZodType, O extends z.ZodType>(
  endpoint: EndpointDefinition<I, O>,
  input: z.input<I>,
  extra: Pick<RequestOptions, 'form' | 'timeoutMs'> = {},
): Promise<z.output<O>> {
  const source = inputSource(endpoint);
  // `:param` segments of the path take their values from the input; the rest goes as usual.
  const { url, rest } = fillPath(endpoint, input);
  if (source === 'multipart') return request({ method: endpoint.method, url, ...extra });
  if (source === 'form') return request({ method: endpoint.method, url, urlencoded: formFields(input as Record<string, unknown>), ...extra });
  return source === 'query'
    ? request({ method: endpoint.method, url, query: rest as Record<string, unknown>, ...extra })
    : request({ method: endpoint.method, url, json: rest, ...extra });
}
