import { subscriptionContract } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../../core/auth.js';
import { errors } from '../../../core/errors.js';
import { registerStreamEndpoint } from '../../../core/http.js';
import type { FilesService } from '../../files/index.js';
import type { DeliveryLinksRepo } from './deliveryLinks.repo.js';

/** `filename*` of RFC 6266 with an ASCII fallback: the file is saved, never shown in the page. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The webhook's file link (`deliveryFile`, public): the token is the credential, checked by its
 * SHA-256 and its expiry; the file streams from its chunks. Unknown, expired, or a delivery or
 * file gone since: 404, the same answer for each.
 */
export function registerFileLinkRoute(app: FastifyInstance, deps: { links: DeliveryLinksRepo; files: FilesService; now: () => number }): void {
  registerStreamEndpoint(app, subscriptionContract.deliveryFile, async (input, _request, reply) => {
    const fileId = await deps.links.fileOf(hashToken(input.token), deps.now());
    const file = fileId === null ? undefined : await deps.files.find(fileId);
    if (!file || file.purpose !== 'reportRender') throw errors.notFound();
    return reply
      .status(200)
      .header('content-type', file.content_type)
      .header('content-length', String(file.size))
      .header('content-disposition', attachment(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(deps.files.open(file).body);
  });
}
