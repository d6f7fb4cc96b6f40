import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  endpointUrl,
  type EndpointDefinition,
  inputSource,
  type Language,
  resolveLanguage,
  RESULT_CODE,
} from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errors } from './errors.js';
import { describeIssues, type FieldProblem, requestLanguage, t } from './i18n.js';

export interface HandlerContext<I> {
  input: I;
  request: FastifyRequest;
  reply: FastifyReply;
  language: Language;
  /** Replaces the default success text ('Success') of the envelope. */
  setMessage(key: MessageKey): void;
}

/** Who sent a request, as sign-in logs and sessions record it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});

export interface RawBody {
  contentType: string;
  body: string | Buffer;
}

/** Input that failed its contract: code 3 with every field problem in `data.fields`. */
export class ValidationFailed extends AppError {
  constructor(readonly problems: FieldProblem[]) {
    super(RESULT_CODE.business, 400, 'validation.invalid');
  }
}

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

interface FieldKinds {
  /** Fields the contract types as numbers only (a field that may also be text is not one). */
  numbers: ReadonlySet<string>;
  /** Fields the contract types as lists. */
  lists: ReadonlySet<string>;
}

const fieldKindsByEndpoint = new WeakMap<EndpointDefinition, FieldKinds>();

/** The input fields an endpoint's contract types as numbers only, and those it types as lists. */
function fieldKindsOf(endpoint: EndpointDefinition): FieldKinds {
  const known = fieldKindsByEndpoint.get(endpoint);
  if (known) return known;
  const numbers = new Set<string>();
  const lists = new Set<string>();
  const typesOf = (node: JsonSchemaNode): string[] => [...[node.type ?? []].flat(), ...[...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap(typesOf)];
  const walk = (node: JsonSchemaNode): void => {
    for (const variant of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(variant);
    for (const [name, field] of Object.entries(node.properties ?? {})) {
      const types = typesOf(field);
      if (types.some((type) => type === 'number' || type === 'integer') && !types.includes('string')) numbers.add(name);
      if (types.includes('array')) lists.add(name);
    }
  };
  try {
    walk(z.toJSONSchema(endpoint.input, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode);
  } catch {
    // A schema JSON Schema cannot describe reads its query text as it is.
  }
  const kinds = { numbers, lists };
  fieldKindsByEndpoint.set(endpoint, kinds);
  return kinds;
}

const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

const asNumber = (numbers: ReadonlySet<string>, name: string, value: unknown): unknown =>
  numbers.has(name) && typeof value === 'string' && NUMBER_TEXT.test(value.trim()) ? Number(value) : value;

/**
 * A query string carries text only: the digits of a field its contract types as a number are read
 * as that number here, so the contracts can keep numbers strict (a JSON body's `"2"` or `true` is
 * no number). Any other text is left for the contract to refuse with its own message.
 */
function queryInput(endpoint: EndpointDefinition, query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const { numbers } = fieldKindsOf(endpoint);
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, asNumber(numbers, name, value)]));
}

/** The query string's fields (numbers read as for a query string) under the JSON body's: a field in both is the body's. */
function queryAndBodyInput(endpoint: EndpointDefinition, request: FastifyRequest): unknown {
  const query = queryInput(endpoint, request.query);
  const body = request.body;
  const queryFields = typeof query === 'object' && query !== null ? query : {};
  if (body === undefined || body === null) return { ...queryFields };
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...queryFields, ...body };
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * A form-encoded body (application/x-www-form-urlencoded) carries text only, as a query string:
 * numbers are read as for a query string; a field left empty is a field not given (the contract
 * then says it is required, or takes its default); a list field's one value is a list of one and
 * its empty value the empty list (a form cannot send `[]` otherwise). A JSON body is taken as it is.
 */
function formInput(endpoint: EndpointDefinition, request: FastifyRequest): unknown {
  const body = request.body;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith(FORM_TYPE) || typeof body !== 'object' || body === null) return body;
  const { numbers, lists } = fieldKindsOf(endpoint);
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (lists.has(name)) {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
      fields[name] = values;
    } else if (value !== '') fields[name] = asNumber(numbers, name, Array.isArray(value) ? value[0] : value);
  }
  return fields;
}

/** Reads form-encoded bodies: repeated fields become lists (the forms' picture ids). */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    for (const [name, value] of new URLSearchParams(String(body))) {
      const known = fields[name];
      fields[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
    }
    done(null, { ...fields });
  });
}

function parseInput<I extends z.ZodType>(
  endpoint: EndpointDefinition<I>,
  request: FastifyRequest,
  language: Language,
): z.output<I> {
  const source = inputSource(endpoint);
  const raw =
    source === 'query'
      ? queryInput(endpoint, request.query)
      : source === 'body'
        ? request.body
        : source === 'form'
          ? formInput(endpoint, request)
          : source === 'queryAndBody'
            ? queryAndBodyInput(endpoint, request)
            : {};
  // `:param` segments of the path join the input (they win over a field of the same name).
  const params = request.params;
  const hasParams = typeof params === 'object' && params !== null && Object.keys(params).length > 0;
  const merged = hasParams && (raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw))) ? { ...(raw ?? {}), ...params } : raw;
  const parsed = endpoint.input.safeParse(merged ?? {});
  if (!parsed.success) throw new ValidationFailed(describeIssues(parsed.error.issues, language, endpoint.fieldLabels));
  return parsed.data;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract endpoint registered, in order (the OpenAPI document and the route gate read it). */
    endpointDefinitions: EndpointDefinition[];
  }
}

function route(app: FastifyInstance, endpoint: EndpointDefinition, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  if (!app.hasDecorator('endpointDefinitions')) app.decorate('endpointDefinitions', []);
  app.endpointDefinitions.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpointUrl(endpoint),
    config: { permission: endpoint.permission, endpointId: endpoint.id },
    handler,
  });
}

/** Registers a contract endpoint answering with the `{code,msg,data}` envelope. */
export function registerEndpoint<I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  endpoint: EndpointDefinition<I, O>,
  handler: (ctx: HandlerContext<z.output<I>>) => Promise<z.input<O>>,
  options: { validateResponses: boolean },
): void {
  route(app, endpoint, async (request, reply) => {
    const language = requestLanguage(request);
    let message: MessageKey = 'common.ok';
    const input = parseInput(endpoint, request, language);
    const result = await handler({ input, request, reply, language, setMessage: (k) => (message = k) });
    const data = options.validateResponses ? endpoint.output.parse(result) : result;
    return { code: RESULT_CODE.ok, msg: t(language, message), data };
  });
}

/** Registers a contract endpoint whose answer is a file or image passed through unchanged. */
export function registerRawEndpoint<I extends z.ZodType>(
  app: FastifyInstance,
  endpoint: EndpointDefinition<I>,
  handler: (ctx: HandlerContext<z.output<I>>) => Promise<RawBody>,
): void {
  route(app, endpoint, async (request, reply) => {
    const language = requestLanguage(request);
    const input = parseInput(endpoint, request, language);
    const result = await handler({ input, request, reply, language, setMessage: () => undefined });
    reply.header('cache-control', 'no-store').type(result.contentType);
    return result.body;
  });
}

/**
 * Registers a contract endpoint whose handler writes the reply itself: a stream, partial content
 * (HTTP Range), its own caching headers. The input is checked like every other endpoint's.
 */
export function registerStreamEndpoint<I extends z.ZodType>(
  app: FastifyInstance,
  endpoint: EndpointDefinition<I>,
  handler: (input: z.output<I>, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  route(app, endpoint, async (request, reply) => handler(parseInput(endpoint, request, requestLanguage(request)), request, reply));
}

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/** One error handler for the whole API: every failure becomes a translated envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof ValidationFailed) {
      const msg = error.problems[0]?.message ?? t(language, 'validation.invalid');
      return reply.status(400).send(envelope(RESULT_CODE.business, msg, { fields: error.problems }));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.httpStatus)
        .headers(error.headers)
        .send(envelope(error.code, t(language, error.messageKey, error.params), error.data));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(envelope(RESULT_CODE.business, t(language, 'common.error.payloadTooLarge')));
    if (status === 415) return reply.status(415).send(envelope(RESULT_CODE.business, t(language, 'common.error.unsupportedMediaType')));
    if (status >= 400 && status < 500) return reply.status(400).send(envelope(RESULT_CODE.business, t(language, 'common.error.badRequest')));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(RESULT_CODE.serverError, t(language, 'common.error.server500')));
  });
}

/** What each failure of Node's HTTP parser answers (anything else: the request could not be read). */
const CLIENT_ERRORS: Record<string, [status: number, key: MessageKey]> = {
  HPE_HEADER_OVERFLOW: [431, 'common.error.headersTooLarge'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'common.error.requestTimeout'],
  HPE_INVALID_EOF_STATE: [400, 'common.error.requestCutOff'],
};

/**
 * What a request Node cannot read at all answers (its HTTP parser failed before any route ran):
 * the envelope with code 3, like every other refusal, instead of the framework's own body — a body
 * shorter than its Content-Length, headers over Node's limit (a multipart boundary of tens of
 * thousands of characters), a request too slow to arrive. Nothing of the request is known, not
 * even its language: the default language answers. Set as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'common.error.badRequest'];
  const body = JSON.stringify(envelope(RESULT_CODE.business, t(resolveLanguage(undefined), key)));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply) {
  const error = errors.notFound();
  return reply
    .status(error.httpStatus)
    .send(envelope(error.code, t(requestLanguage(request), error.messageKey)));
}
