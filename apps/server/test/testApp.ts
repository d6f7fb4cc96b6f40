import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOverrides } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Db, openDatabase } from '../src/db/database.js';
import { createTestDatabase } from './testDatabase.js';

export const TEST_CAPTCHA = 'T3ST';
export const ADMIN = { email: 'admin@boreline.test', phone: '10000000000', password: 'Admin-pass-2026' } as const;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** A second connection to the same database, for factories and assertions. */
  db: Db;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: AppOverrides = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
      WEB_DIST: '/nonexistent-web-dist',
      // The PostgreSQL pass is the at-scale column: Redis counters too, under a prefix of its own.
      ...(process.env.TEST_DB === 'postgres'
        ? { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` }
        : {}),
      ...env,
    }),
    database: database.config,
  };
  const app = await buildApp(config, overrides);
  // The assertions' own connection; dropping the database at the end ends it on purpose.
  const db = openDatabase(database.config, () => undefined);
  return {
    app,
    config,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Reads an API answer as the envelope it must be. */
export function envelope(response: LightMyRequestResponse): Envelope {
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('code' in body) || !('msg' in body)) {
    throw new Error(`not an envelope: ${response.body}`);
  }
  const { code, msg, data } = body as { code: unknown; msg: unknown; data?: unknown };
  if (typeof code !== 'number' || typeof msg !== 'string') throw new Error(`not an envelope: ${response.body}`);
  return { code, msg, data: data ?? null };
}
