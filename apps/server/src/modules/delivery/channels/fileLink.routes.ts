import { subscriptionContract } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../../core/auth.js';
import { errors } from '../../../core/errors.js';
import { attachmentHeader } from '../../../core/excel.js';
import { registerStreamEndpoint } from '../../../core/http.js';
import type { FilesService } from '../../files/index.js';
import type { DeliveryLinksRepo } from './deliveryLinks.repo.js';

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
      .header('content-disposition', attachmentHeader(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(deps.files.open(file).body);
  });
}
