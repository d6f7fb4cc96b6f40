import type { FastifyInstance } from 'fastify';
import type { GraphService } from './graph.service.js';

/** Settings, drawings and the third-party token (spec §7 Graph). */
export function registerGraphRoutes(app: FastifyInstance, service: GraphService, options: { validateResponses: boolean }): void {
  void app;
  void service;
  void options;
}
