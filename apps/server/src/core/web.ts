import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundEnvelope } from './http.js';

export const WEB_PREFIX = '/client_web/';

/**
 * Serves the built single-page app under /client_web with history-mode fallback to index.html,
 * precompressed (brotli or gzip) when the browser accepts it; hashed files are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(join(webDist, 'index.html'));
  await app.register(async (scope) => {
    if (hasApp) {
      await scope.register(fastifyStatic, {
        root: webDist,
        prefix: WEB_PREFIX,
        index: false,
        wildcard: true,
        // The build writes a brotli and a gzip copy of each text file: the one the browser accepts is
        // sent (with the plain file's type), else the plain file.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader('vary', 'accept-encoding');
          res.setHeader(
            'cache-control',
            path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const page = (_request: FastifyRequest, reply: FastifyReply) =>
      hasApp ? reply.header('cache-control', 'no-cache').sendFile('index.html', webDist) : notFoundEnvelope(_request, reply);
    scope.get(WEB_PREFIX, { config: { permission: 'public' } }, page);
    scope.get('/', { config: { permission: 'public' } }, (_request, reply) => reply.redirect(WEB_PREFIX));
    scope.get('/client_web', { config: { permission: 'public' } }, (_request, reply) => reply.redirect(WEB_PREFIX));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && path.startsWith(WEB_PREFIX) && extname(path) === '';
    if (isPage && hasApp) return reply.status(200).header('cache-control', 'no-cache').sendFile('index.html', webDist);
    return notFoundEnvelope(request, reply);
  });
}
