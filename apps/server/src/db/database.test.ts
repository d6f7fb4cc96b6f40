import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs the migrations once: a second start on the same database changes nothing and seeds no second administrator', async () => {
    const names = async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db.kysely)).rows.map((r) => r.name);
    const before = await names();
    const again = await buildApp(t.config);
    expect(again.firstStart).toBeNull();
    await again.close();
    const admins = await t.db.kysely.selectFrom('users').select('id').where('is_sa', '=', 1).execute();
    expect(admins).toHaveLength(1);
    // The platform's and the modules' migrations, each once, in name (time) order.
    expect(await names()).toEqual(before);
    expect(new Set(before).size).toBe(before.length);
    expect(before.slice(0, 3)).toEqual(['20261122T0400_auth', '20261122T0530_orgAdmin', '20261122T0600_permissions']);
    expect(before).toContain('20261126T0900_jobs');
  });

  it('created the super administrator in the root organization on the first start', async () => {
    expect(t.app.firstStart).toMatchObject({ email: 'admin@boreline.test', generatedPassword: null });
    const row = await t.db.kysely
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.id', 'users.org_id')
      .select(['orgs.path', 'orgs.parent_id', 'users.password_hash'])
      .where('users.is_sa', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBeNull();
    expect(row.path).toMatch(/^\/\d+\/$/);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('runs on the engine under test with its durability settings', async () => {
    if (t.db.dialect === 'postgres') {
      const result = await sql<{ db: string }>`select current_database() as db`.execute(t.db.kysely);
      expect(result.rows[0]?.db).toMatch(/^boreline_test_/);
      return;
    }
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.kysely);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db.kysely);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(t.db.kysely);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(sync.rows[0]?.synchronous).toBe(2);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
  });
});
