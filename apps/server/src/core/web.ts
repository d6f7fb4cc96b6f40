import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundEnvelope } from './http.js';

const WEB_PREFIX = '/client_web/';

/** Serves the built single-page app under /client_web with history-mode fallback to index.html. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(join(webDist, 'index.html'));
  await app.register(async (scope) => {
    // The static plugin's routes are public by nature; declare it here, where they are made.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: 'public' };
    });
    if (hasApp) {
      await scope.register(fastifyStatic, {
        root: webDist,
        prefix: WEB_PREFIX,
        index: false,
        wildcard: true,
        setHeaders: (res, path) => {
          res.setHeader(
            'cache-control',
            path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    scope.get('/', { config: { permission: 'public' } }, (_request, reply) => reply.redirect(WEB_PREFIX));
    scope.get('/client_web', { config: { permission: 'public' } }, (_request, reply) => reply.redirect(WEB_PREFIX));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && path.startsWith(WEB_PREFIX) && extname(path) === '';
    if (isPage && hasApp) return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    return notFoundEnvelope(request, reply);
  });
}
