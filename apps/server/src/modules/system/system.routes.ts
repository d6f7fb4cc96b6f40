import { type EndpointDefinition, systemContract as c } from '@boreline/contracts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { bearerToken } from '../../core/auth.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { buildOpenApi } from '../../core/openapi.js';

export const APP_VERSION = '0.1.0';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    dialect: DialectName;
    endpoints: () => readonly EndpointDefinition[];
    /** Whether the token is a live session of a super administrator (false for none or any other). */
    isSuperAdmin: (token: string | null) => Promise<boolean>;
  },
  options: { validateResponses: boolean },
): void {
  const started = Date.now();
  let openApiJson: string | undefined;

  registerEndpoint(
    app,
    c.health,
    async ({ request }) => {
      const databaseOk = await sql`select 1`.execute(deps.db).then(
        () => true,
        () => false,
      );
      const status = databaseOk ? ('ok' as const) : ('degraded' as const);
      // Anyone may ask whether the server is up; what runs it and for how long is the super administrator's.
      if (!(await deps.isSuperAdmin(bearerToken(request)))) return { status };
      const details = {
        version: APP_VERSION,
        database: deps.dialect,
        databaseOk,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
      return { status, details };
    },
    options,
  );

  registerRawEndpoint(app, c.openApi, async () => {
    openApiJson ??= JSON.stringify(buildOpenApi(deps.endpoints(), APP_VERSION));
    return { contentType: 'application/json; charset=utf-8', body: openApiJson };
  });
}
