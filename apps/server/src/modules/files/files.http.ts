import { endpointUrl, type FilePurpose, filesContract, LIMITS, RESULT_CODE, type StoredFile } from '@boreline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { AppError, errors } from '../../core/errors.js';
import { ValidationFailed } from '../../core/http.js';
import { formParts, type FormLimits, formProblem } from '../../core/multipart.js';
import { describeIssues, requestLanguage } from '../../core/i18n.js';
import { type ByteRange, type FileRow, type FilesService, formatSize, isPurpose, UploadReadError } from './files.service.js';

const { FILE_PURPOSES } = filesContract;

/** Busboy's own bound: above every purpose's size, so the purpose's limit (checked while streaming) answers first. */
const LARGEST_FILE = Math.max(...Object.values(FILE_PURPOSES).map((p) => p.maxBytes));

export function presentFile(row: FileRow): StoredFile {
  const query = `?id=${encodeURIComponent(row.id)}`;
  const image = isPurpose(row.purpose) && FILE_PURPOSES[row.purpose].image;
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.content_type,
    sha256: row.sha256 ?? '',
    url: `${endpointUrl(filesContract.download)}${query}`,
    ...(image ? { thumbUrl: `${endpointUrl(filesContract.thumb)}${query}` } : {}),
  };
}

export interface ReceiveOptions {
  /** Files the request may carry. */
  maxFiles: number;
  /**
   * Reads the form fields sent before the first file (and authorizes them): the purpose and run
   * the files are stored for.
   */
  target(fields: Record<string, string>): Promise<{ purpose: FilePurpose; runId?: number }>;
}

/** Text fields an upload form may carry (the purpose and the run; room for a client's extras). */
const MAX_FIELDS = 10;

/**
 * Streams the files of a multipart request into the file service: all of them or none (a refused
 * file removes those stored before it in the same request). The form is read by the one multipart
 * reader of the server (`core/multipart`): a broken form answers code 3 saying what is wrong.
 */
export async function receiveUploads(request: FastifyRequest, session: AuthSession, files: FilesService, options: ReceiveOptions): Promise<FileRow[]> {
  const stored: FileRow[] = [];
  const fields: Record<string, string> = {};
  let target: { purpose: FilePurpose; runId?: number } | null = null;
  const limits: FormLimits = {
    files: options.maxFiles,
    fields: MAX_FIELDS,
    fieldSize: 1024,
    // Above every purpose's size, so the purpose's own limit (checked while streaming) answers first.
    fileSize: LARGEST_FILE + 1,
    fileTooLarge: () => errors.business('common.upload.tooLarge', { size: formatSize(target ? FILE_PURPOSES[target.purpose].maxBytes : LARGEST_FILE) }),
  };
  try {
    for await (const part of formParts(request, limits)) {
      if (part.type === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      target ??= await options.target(fields);
      // More files than one object of the purpose may hold can never be attached: refused at once.
      const cap = FILE_PURPOSES[target.purpose].perOwnerMax ?? options.maxFiles;
      if (stored.length >= cap) throw errors.business('files.attach.tooMany', { max: cap });
      stored.push(await files.put(part.content, { ...target, uploaderId: session.userId, name: part.filename }));
    }
  } catch (error) {
    await files.remove(stored.map((f) => f.id));
    throw error instanceof UploadReadError ? formProblem(error.cause, limits) : error;
  }
  if (stored.length === 0) throw errors.business('common.upload.missing');
  return stored;
}

/** Parses the upload form's fields against the contract (code 3 naming the field, like any input). */
export function parseUploadFields(request: FastifyRequest, fields: Record<string, string>): z.output<typeof filesContract.UploadFieldsSchema> {
  const parsed = filesContract.UploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationFailed(describeIssues(parsed.error.issues, requestLanguage(request)));
  return parsed.data;
}

/**
 * One `Range: bytes=…` of RFC 9110: `a-b`, `a-`, `-n`. Several ranges, or a header that is not a
 * byte range, are ignored (the whole file answers, as the RFC allows); a range that starts past
 * the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

const INLINE_KINDS = new Set(['jpg', 'png', 'webp', 'mp4']);

/** `filename*` of RFC 5987/6266 with an ASCII fallback for old clients. */
export function contentDisposition(name: string, kind: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  // Pictures and videos show in the page; documents are always saved, never opened by the browser here.
  return `${INLINE_KINDS.has(kind) ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file (or the range the request asks) from its chunks. */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, files: FilesService, file: FileRow, options: { cacheControl?: string } = {}): Promise<FastifyReply> {
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    // A status of its own (416) with the envelope, so a player sees the HTTP answer and a caller the message.
    throw new AppError(RESULT_CODE.business, 416, 'files.range.unsatisfiable', {}, { 'content-range': `bytes */${file.size}`, 'accept-ranges': 'bytes' });
  }
  const opened = files.open(file, range);
  reply
    .status(range ? 206 : 200)
    .header('content-type', file.content_type)
    .header('content-length', String(opened.range.end - opened.range.start + 1))
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.name, file.kind))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl ?? 'private, max-age=3600')
    .header('etag', `"${file.sha256 ?? file.id}"`);
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  return reply.send(opened.body);
}

/**
 * Registers a contract endpoint whose answer is a stream with its own status and headers (206 and
 * Content-Range), which `registerRawEndpoint` (a whole body, no-store) does not answer. Same route
 * config as every endpoint, so the access gate and the route table treat it alike.
 */
export const MAX_FILES_PER_REQUEST = LIMITS.uploadFilesPerRequestMax;
