import { ALL_ENDPOINTS, endpointUrl } from '@boreline/contracts';
import type { FastifyRequest } from 'fastify';

/** The URL prefixes whose next path segment is a token (`…/:token` endpoints, e.g. the H5 view's current alarms). */
const TOKEN_PREFIXES: readonly string[] = ALL_ENDPOINTS.flatMap((endpoint) => {
  const url = endpointUrl(endpoint);
  const at = url.indexOf('/:token');
  return at >= 0 ? [url.slice(0, at + 1)] : [];
});

/** A request address as logs may keep it: a token in the path is replaced by `[redacted]`. */
export function redactPathTokens(url: string): string {
  for (const prefix of TOKEN_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const rest = url.slice(prefix.length);
    const end = rest.search(/[/?#]/);
    return `${prefix}[redacted]${end >= 0 ? rest.slice(end) : ''}`;
  }
  return url;
}

/** The request as the server's logs record it (the framework's fields, the address without path tokens). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactPathTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
