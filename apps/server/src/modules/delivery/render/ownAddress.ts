import type { FastifyInstance } from 'fastify';

/**
 * This server's own address as a URL base (`http://127.0.0.1:8080`), read from the listening
 * socket when asked (tests listen on port 0). A wildcard address answers the loopback of its family.
 */
export function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Joins a base address (with or without a trailing slash or a path of its own) and an absolute path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
