import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// int8 (counts, epoch milliseconds) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; SQLite preparation costs more than running a point query, so
 * statements are kept per SQL text (the builders produce a bounded set of texts).
 */
function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = cache.get(text);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens the configured database. `onConnectionError` receives errors of idle PostgreSQL connections
 * (a restarted server, a dropped link): unhandled, they would end the process.
 */
export function openDatabase(config: Config['database'], onConnectionError: (error: Error) => void): Db {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    pool.on('error', onConnectionError);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
