import type { z } from 'zod';
import type { Permission } from '../permissions.js';

export type ServiceBase = 'main' | 'project';
export type HttpMethod = 'GET' | 'POST';
export type InputSource = 'query' | 'body' | 'form' | 'multipart' | 'queryAndBody';

/** `json`: the `{code,msg,data}` envelope; `raw`: a file or image passed through unchanged. */
export type ResponseKind = 'json' | 'raw';

export interface EndpointDefinition<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  /** `domain.name`, unique; used for OpenAPI operation ids and the typed web client. */
  id: string;
  base: ServiceBase;
  method: HttpMethod;
  /** The spec's path under the base, e.g. `/g/web/sys/login/v1`. */
  path: string;
  permission: Permission;
  summary: string;
  /**
   * Where the input is read from: the query string (default for GET), the JSON body (POST), a
   * form-encoded body (application/x-www-form-urlencoded; a JSON body is accepted too), or a
   * multipart form whose file the handler streams (the schema then checks the other fields), or
   * both the query string and the JSON body (spec §7's part filters: a field in the body wins).
   */
  inputFrom?: InputSource;
  input: I;
  output: O;
  /**
   * Label keys for input fields whose shared label (`field.<name>`) does not fit this endpoint, e.g.
   * a resource's `parentId` is its superior node, not an organization.
   */
  fieldLabels?: Readonly<Record<string, string>>;
  response?: ResponseKind;
  /** Content type of a raw response, for the OpenAPI document. */
  rawContentType?: string;
}

export function defineEndpoint<I extends z.ZodType, O extends z.ZodType>(
  definition: EndpointDefinition<I, O>,
): EndpointDefinition<I, O> {
  return definition;
}

/** Whether a module contract's export is an endpoint (the endpoint list is collected from the contracts). */
export function isEndpointDefinition(value: unknown): value is EndpointDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'base' in value &&
    'path' in value &&
    typeof value.path === 'string' &&
    'input' in value &&
    'output' in value
  );
}

export const BASE_PREFIX: Record<ServiceBase, string> = {
  main: '/server_main',
  project: '/server_project',
};

export const endpointUrl = (endpoint: Pick<EndpointDefinition, 'base' | 'path'>): string =>
  `${BASE_PREFIX[endpoint.base]}${endpoint.path}`;

/** The names of an endpoint's path parameters (`:token` segments), in order. */
export const pathParams = (endpoint: Pick<EndpointDefinition, 'path'>): string[] =>
  endpoint.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/**
 * The address of a call: the endpoint's URL with its `:param` segments filled from the input
 * (encoded), and the rest of the input, which travels in the query string or the body.
 */
export function fillPath(endpoint: Pick<EndpointDefinition, 'base' | 'path'>, input: unknown): { url: string; rest: unknown } {
  const names = pathParams(endpoint);
  if (names.length === 0 || typeof input !== 'object' || input === null) return { url: endpointUrl(endpoint), rest: input };
  const values = input as Record<string, unknown>;
  const url = endpointUrl(endpoint)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(String(values[segment.slice(1)] ?? '')) : segment))
    .join('/');
  return { url, rest: Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name))) };
}

export const inputSource = (endpoint: Pick<EndpointDefinition, 'method' | 'inputFrom'>): InputSource =>
  endpoint.inputFrom ?? (endpoint.method === 'GET' ? 'query' : 'body');

export type EndpointInput<E> = E extends EndpointDefinition<infer I, z.ZodType> ? z.input<I> : never;
/** An endpoint's input as the server's handlers get it: parsed, defaults applied, transformed. */
export type EndpointArgs<E> = E extends EndpointDefinition<infer I, z.ZodType> ? z.output<I> : never;
export type EndpointOutput<E> = E extends EndpointDefinition<z.ZodType, infer O> ? z.output<O> : never;
