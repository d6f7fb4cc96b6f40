import pg from 'pg';
import { adminDatabaseUrl } from './testDatabase.js';

/** The PostgreSQL pass must fail, not skip, when the server is unreachable. */
export default async function setup(): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`PostgreSQL is required for the server-postgres suites (${adminDatabaseUrl()}): ${String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
