import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';

export const HealthDetailsSchema = z.object({
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  databaseOk: z.boolean(),
  uptimeSeconds: z.number(),
});

export const health = defineEndpoint({
  id: 'system.health',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/health/v1',
  permission: 'public',
  summary:
    'Liveness: status ok, or degraded when the database does not answer. Only with the Authorization header of a super administrator does it add details (version, database engine and reachability, uptime)',
  input: z.object({}),
  output: z.object({
    status: z.enum(['ok', 'degraded']),
    /** Present for the super administrator only. */
    details: HealthDetailsSchema.optional(),
  }),
});

export const openApi = defineEndpoint({
  id: 'system.openApi',
  base: 'main',
  method: 'GET',
  path: '/g/web/sys/openapi/v1',
  permission: 'public',
  summary: 'This API as an OpenAPI 3.1 document',
  input: z.object({}),
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/json',
});

export const systemEndpoints = [health, openApi] as const;
