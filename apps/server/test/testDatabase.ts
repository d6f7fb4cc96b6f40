import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../src/config.js';

export const adminDatabaseUrl = (): string =>
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  config: Config['database'];
  drop(): Promise<void>;
}

/** A fresh database per test app: a temporary SQLite file, or a PostgreSQL database created and dropped. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const name = `boreline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${name}`;
    return {
      config: { kind: 'postgres', url: url.toString() },
      drop: async () => {
        const client = new pg.Client({ connectionString: adminDatabaseUrl() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'boreline-test-'));
  return {
    config: { kind: 'sqlite', file: join(dir, 'test.db') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
