// The request's multipart methods (`parts`) come with the plugin's type augmentation.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from './errors.js';

/** What one upload form may hold; anything beyond answers code 3 saying which bound it broke. */
export interface FormLimits {
  /** Files the form may carry. */
  files: number;
  /** Text fields the form may carry (before, between or after its files). */
  fields: number;
  /** Characters a text field may hold. */
  fieldSize: number;
  /** Bytes a file may hold at most; the parser stops reading a file there. */
  fileSize: number;
  /** What a file over `fileSize` answers (each caller names its own limit). */
  fileTooLarge(): AppError;
}

export type FormPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; filename: string; mimetype: string; content: AsyncIterable<Uint8Array> };

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

/** Errors of a request stream that ended before its body did (the client went away, or sent less than it said). */
const CUT_OFF_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * What a failure while reading a multipart request answers. Everything here comes from the
 * client's bytes (the parser, the request stream), never from the server, so it is always code 3
 * with what is wrong: too many fields or files, a file too large, a body cut off before its end,
 * or a form that is not multipart at all (no boundary, a boundary the parser cannot use).
 */
export function formProblem(error: unknown, limits: FormLimits): AppError {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
    case 'FST_FIELDS_LIMIT':
      return errors.business('common.upload.tooManyFields', { max: limits.fields });
    case 'FST_FILES_LIMIT':
      return errors.business('common.upload.tooManyFiles', { max: limits.files });
    case 'FST_REQ_FILE_TOO_LARGE':
      return limits.fileTooLarge();
  }
  const message = messageOf(error);
  if (CUT_OFF_CODES.has(codeOf(error) ?? '') || /terminated early|unexpected end|aborted/i.test(message)) return errors.business('common.upload.truncated');
  return errors.business('common.upload.malformed');
}

/** The boundary of a multipart Content-Type, as the parser reads it (quoted or not). */
function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary === '' ? null : boundary;
}

/**
 * Watches the request's bytes (never keeping them: a carry of the delimiter's length) for the
 * boundary's delimiters: `--boundary` opens each part, `--boundary--` closes a complete form. The
 * parser takes a body that stops between two parts as a form that simply has no more parts, and a
 * body without any delimiter as an empty form; this tells a cut-off form and a body that is no
 * form at all from them.
 */
function watchDelimiters(request: FastifyRequest, boundary: string): () => 'complete' | 'empty' | 'cut' | 'noForm' {
  const open = Buffer.from(`--${boundary}`, 'latin1');
  const close = Buffer.from(`--${boundary}--`, 'latin1');
  let carry = Buffer.alloc(0);
  let opened = false;
  let closed = false;
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (closed) return;
    // A delimiter lies in the chunk or straddles the carry and the chunk's first bytes; nothing of
    // the chunk's size is copied (a 100 MB upload makes no garbage here).
    const seam = Buffer.concat([carry, chunk.subarray(0, close.length - 1)]);
    opened ||= chunk.includes(open) || seam.includes(open);
    closed = chunk.includes(close) || seam.includes(close);
    const tail = chunk.length >= close.length - 1 ? chunk.subarray(chunk.length - close.length + 1) : Buffer.concat([carry, chunk]).subarray(-(close.length - 1));
    carry = closed ? Buffer.alloc(0) : Buffer.from(tail);
  };
  request.raw.on('data', onData);
  return () => {
    request.raw.off('data', onData);
    if (closed) return 'complete';
    if (received === 0) return 'empty';
    return opened ? 'cut' : 'noForm';
  };
}

/**
 * The one way every upload of the product reads its multipart form: the parts in the order sent,
 * each file's bytes as a stream (never buffered here), every problem of the form itself answered
 * code 3 saying what is wrong (`formProblem`), whatever the endpoint. A file's stream must be read
 * to its end (or abandoned by throwing) before the next part comes.
 */
export async function* formParts(request: FastifyRequest, limits: FormLimits): AsyncGenerator<FormPart, void, undefined> {
  if (!request.isMultipart()) throw errors.business('common.upload.missing');
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) throw errors.business('common.upload.malformed');
  // The parser drops the parts past its limits quietly and stops reading the request: it is given
  // one part more of each, which is counted and refused here, so the answer names the bound.
  const parserLimits = { fileSize: limits.fileSize, files: limits.files + 1, fields: limits.fields + 1, fieldSize: limits.fieldSize };
  const parts: AsyncIterator<Multipart> = request.parts({ limits: parserLimits })[Symbol.asyncIterator]();
  let fields = 0;
  let files = 0;
  // The first `next` sets the parser on the request's stream (synchronously), so the watch below
  // only adds a listener to a stream already piped: no byte flows before the parser is there.
  let pending: Promise<IteratorResult<Multipart>> | null = parts.next();
  const delimiters = watchDelimiters(request, boundary);
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await (pending ?? parts.next());
        pending = null;
      } catch (error) {
        // The parser refuses some forms at once (no boundary, one too long to search for).
        throw formProblem(error, limits);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        fields += 1;
        if (fields > limits.fields) throw errors.business('common.upload.tooManyFields', { max: limits.fields });
        if (part.fieldnameTruncated || part.valueTruncated) throw errors.business('common.upload.fieldTooLong', { max: limits.fieldSize });
        if (typeof part.value !== 'string') throw errors.business('common.upload.malformed');
        yield { type: 'field', name: part.fieldname, value: part.value };
        continue;
      }
      files += 1;
      if (files > limits.files) throw errors.business('common.upload.tooManyFiles', { max: limits.files });
      const file = part.file;
      async function* content(): AsyncGenerator<Uint8Array, void, undefined> {
        try {
          for await (const chunk of file) yield chunk as Uint8Array;
        } catch (error) {
          throw formProblem(error, limits);
        }
        // The parser stops a file at `fileSize` and ends its stream quietly, marked truncated.
        if (file.truncated) throw limits.fileTooLarge();
      }
      yield { type: 'file', name: part.fieldname, filename: part.filename, mimetype: part.mimetype, content: content() };
    }
    // An empty body is a form without a file (the caller answers that).
    const end = delimiters();
    if (end === 'cut') throw errors.business('common.upload.truncated');
    if (end === 'noForm') throw errors.business('common.upload.malformed');
  } finally {
    delimiters();
  }
}
