import type { FastifyInstance } from 'fastify';
import type { ImportService } from '../imports/index.js';
import type { SegmentService } from './segment.service.js';

/** The segment and tail calls of spec §7. FRAME: being built. */
export function registerSegmentRoutes(_app: FastifyInstance, _service: SegmentService, _imports: ImportService, _options: { validateResponses: boolean }): void {}
