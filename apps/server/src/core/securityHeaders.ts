import type { FastifyInstance } from 'fastify';

/**
 * Security headers of every answer (RELIABILITY.md): CSP, no sniffing, same-origin referrers and
 * framing limited to the configured host. Computed once; set by one cheap hook (a general-purpose
 * middleware costed about a millisecond per request here).
 */
export function securityHeaders(frameAncestors: string, imageOrigins: readonly string[] = []): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // antd's CSS-in-JS writes style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // The map's tile server, when the installation configures one (MAP_TILE_URL).
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    // Stored videos and PDFs are fetched with the session and shown from blob URLs (repairs, knowledge).
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    // CSP frame-ancestors decides framing; the legacy header only when nothing may frame us.
    ...(frameAncestors === "'none'" ? { 'x-frame-options': 'DENY' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string, imageOrigins: readonly string[] = []): void {
  const headers = securityHeaders(frameAncestors, imageOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
