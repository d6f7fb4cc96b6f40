import { type EndpointDefinition, systemContract as c } from '@boreline/contracts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { buildOpenApi } from '../../core/openapi.js';

export const APP_VERSION = '0.1.0';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; dialect: DialectName; endpoints: () => readonly EndpointDefinition[] },
  options: { validateResponses: boolean },
): void {
  const started = Date.now();
  let openApiJson: string | undefined;

  registerEndpoint(
    app,
    c.health,
    async () => {
      const databaseOk = await sql`select 1`.execute(deps.db).then(
        () => true,
        () => false,
      );
      return {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        version: APP_VERSION,
        database: deps.dialect,
        databaseOk,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
    },
    options,
  );

  registerRawEndpoint(app, c.openApi, async () => {
    openApiJson ??= JSON.stringify(buildOpenApi(deps.endpoints(), APP_VERSION));
    return { contentType: 'application/json; charset=utf-8', body: openApiJson };
  });
}
