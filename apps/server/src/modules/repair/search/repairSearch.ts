import type { repairContract } from '@boreline/contracts';

type Snippet = repairContract.Snippet;
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { bestSnippet, indexText, parseQuery, type Query } from './normalize.js';

export type IndexedKind = 'repair' | 'knowledge';

/** One record found: its relevance (0–1, the best of the answer 1), the raw rank, and its best stretch with the terms marked. */
export interface SearchHit {
  id: number;
  runId: number;
  /** Relevance relative to the best hit of the same search: 1 for the best, down towards 0. */
  score: number;
  snippet: Snippet;
}

export interface SearchOptions {
  /** Only published cases (repairs). */
  publishedOnly?: boolean;
  /** 'all': every term must occur (a keyword search); 'any': ranked by how well the terms match (diagnosis). */
  mode?: 'all' | 'any';
  /** Hits answered at most (best first). */
  limit?: number;
}

/** Hits answered at most when the caller gives no limit (a keyword search pages through these). */
export const HITS_MAX = 500;
/** Characters of a knowledge item's text a snippet is looked for in. */
const SNIPPET_SCAN_CHARS = 200_000;

/** The FTS5 MATCH expression of a query's terms (each quoted: taken as a token, never as syntax). */
export function ftsMatch(query: Query, mode: 'all' | 'any'): string {
  return query.terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(mode === 'all' ? ' AND ' : ' OR ');
}

/** The to_tsquery text of a query's terms (each quoted; the 'simple' configuration takes it as it is). */
export function tsQuery(query: Query, mode: 'all' | 'any'): string {
  return query.terms.map((t) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`).join(mode === 'all' ? ' & ' : ' | ');
}

interface RankedRow {
  id: number;
  run_id: number;
  rank: number;
}

/**
 * Full-text search of repairs (cases) and knowledge items on both databases: SQLite FTS5 ranked by
 * bm25, PostgreSQL tsvector under a GIN index ranked by ts_rank; the same tokens on both (see
 * normalize.ts). Callers pass the runs the reader may see; nothing outside them is ever read.
 * Implements the repair service's `RepairFinder` (`find`).
 */
export class RepairSearch {
  constructor(private readonly deps: { db: Kysely<Database>; dialect: DialectName }) {}

  /** Brings one record's index entry up to date with its row (removes it when the row is gone). */
  async reindex(kind: IndexedKind, id: number): Promise<void> {
    const doc = kind === 'repair' ? await this.repairDoc(id) : await this.knowledgeDoc(id);
    const { db, dialect } = this.deps;
    if (dialect === 'sqlite') {
      const table = sql.table(kind === 'repair' ? 'repair_fts' : 'knowledge_fts');
      await db.transaction().execute(async (trx) => {
        await sql`delete from ${table} where rowid = ${id}`.execute(trx);
        if (doc) await sql`insert into ${table} (rowid, title, body) values (${id}, ${doc.title}, ${doc.body})`.execute(trx);
      });
      return;
    }
    const table = sql.table(kind === 'repair' ? 'repair_search' : 'knowledge_search');
    const key = sql.ref(kind === 'repair' ? 'repair_id' : 'knowledge_id');
    if (!doc) {
      await sql`delete from ${table} where ${key} = ${id}`.execute(db);
      return;
    }
    await sql`insert into ${table} (${key}, doc)
      values (${id}, setweight(to_tsvector('simple', ${doc.title}), 'A') || setweight(to_tsvector('simple', ${doc.body}), 'B'))
      on conflict (${key}) do update set doc = excluded.doc`.execute(db);
  }

  /** Indexes every repair and knowledge item of some runs (rows written without the services: the demo's). Answers how many. */
  async reindexRuns(runIds: readonly number[]): Promise<number> {
    if (runIds.length === 0) return 0;
    const { db } = this.deps;
    const repairs = await db.selectFrom('repair_records').select('id').where('run_id', 'in', [...runIds]).execute();
    const items = await db.selectFrom('knowledge_items').select('id').where('run_id', 'in', [...runIds]).execute();
    for (const row of repairs) await this.reindex('repair', row.id);
    for (const row of items) await this.reindex('knowledge', row.id);
    return repairs.length + items.length;
  }

  private async repairDoc(id: number): Promise<{ title: string; body: string } | null> {
    const row = await this.deps.db
      .selectFrom('repair_records')
      .select(['title', 'system', 'component', 'description', 'cause', 'result'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { title: indexText(row.title, row.system, row.component), body: indexText(row.description, row.cause, row.result) } : null;
  }

  private async knowledgeDoc(id: number): Promise<{ title: string; body: string } | null> {
    const row = await this.deps.db.selectFrom('knowledge_items').select(['name', 'code', 'system', 'remark', 'text']).where('id', '=', id).executeTakeFirst();
    return row ? { title: indexText(row.name, row.code, row.system), body: indexText(row.remark, row.text) } : null;
  }

  /** The repair service's finder: repairs of the runs matching every word, best first. */
  find(runIds: readonly number[], words: string | readonly string[], opts: { publishedOnly?: boolean } = {}): Promise<SearchHit[]> {
    return this.findRepairs(runIds, words, { publishedOnly: opts.publishedOnly ?? false, mode: 'all' });
  }

  /** Repairs (published cases with `publishedOnly`) of the runs for the words, best first, each with its snippet. */
  async findRepairs(runIds: readonly number[], words: string | readonly string[], options: SearchOptions = {}): Promise<SearchHit[]> {
    const query = parseQuery(words);
    const ranked = await this.rankRepairs(runIds, query, options);
    if (ranked.length === 0) return [];
    const rows = await this.deps.db.selectFrom('repair_records').select(['id', 'title', 'description', 'cause', 'result']).where('id', 'in', ranked.map((r) => r.id)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.scored(ranked, (id) => {
      const row = byId.get(id);
      return row ? bestSnippet([row.description, row.cause, row.result, row.title], query) : { text: '', marks: [] };
    });
  }

  /** Knowledge items of the runs for the words, best first, each with its snippet. */
  async findKnowledge(runIds: readonly number[], words: string | readonly string[], options: SearchOptions = {}): Promise<SearchHit[]> {
    const query = parseQuery(words);
    const ranked = await this.rankKnowledge(runIds, query, options);
    if (ranked.length === 0) return [];
    const rows = await this.deps.db.selectFrom('knowledge_items').select(['id', 'name', 'remark', 'text']).where('id', 'in', ranked.map((r) => r.id)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.scored(ranked, (id) => {
      const row = byId.get(id);
      return row ? bestSnippet([row.text?.slice(0, SNIPPET_SCAN_CHARS), row.remark, row.name], query) : { text: '', marks: [] };
    });
  }

  private scored(ranked: readonly RankedRow[], snippet: (id: number) => Snippet): SearchHit[] {
    const best = Math.max(...ranked.map((r) => r.rank), Number.MIN_VALUE);
    return ranked.map((r) => ({ id: r.id, runId: r.run_id, score: best > 0 ? r.rank / best : 1, snippet: snippet(r.id) }));
  }

  private async rankRepairs(runIds: readonly number[], query: Query, options: SearchOptions): Promise<RankedRow[]> {
    if (runIds.length === 0 || (query.terms.length === 0 && query.likeChars.length === 0)) return [];
    const { db, dialect } = this.deps;
    const mode = options.mode ?? 'all';
    const limit = options.limit ?? HITS_MAX;
    const runs = sql.join(runIds.map((id) => sql`${id}`));
    const published = options.publishedOnly ? sql`and r.case_state = 'published'` : sql``;
    if (query.terms.length === 0) {
      // A lone CJK character: no token of the index holds it alone inside a run, so LIKE finds it.
      const each = query.likeChars.map((c) => {
        const like = `%${c}%`;
        return sql`(r.title like ${like} or r.description like ${like} or r.cause like ${like} or r.result like ${like})`;
      });
      const where = sql.join(each, mode === 'all' ? sql` and ` : sql` or `);
      const rows = await sql<RankedRow>`select r.id, r.run_id, 1 as rank from repair_records r
        where r.run_id in (${runs}) ${published} and (${where}) order by r.found_at desc limit ${limit}`.execute(db);
      return rows.rows.map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: 1 }));
    }
    const rows =
      dialect === 'sqlite'
        ? await sql<RankedRow>`select r.id, r.run_id, -bm25(repair_fts, 4.0, 1.0) as rank from repair_fts join repair_records r on r.id = repair_fts.rowid
            where repair_fts match ${ftsMatch(query, mode)} and r.run_id in (${runs}) ${published}
            order by bm25(repair_fts, 4.0, 1.0), r.id desc limit ${limit}`.execute(db)
        : await sql<RankedRow>`select r.id, r.run_id, ts_rank(s.doc, q.q) as rank from repair_search s join repair_records r on r.id = s.repair_id,
            to_tsquery('simple', ${tsQuery(query, mode)}) as q(q)
            where s.doc @@ q.q and r.run_id in (${runs}) ${published}
            order by rank desc, r.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: Number(r.rank) }));
  }

  private async rankKnowledge(runIds: readonly number[], query: Query, options: SearchOptions): Promise<RankedRow[]> {
    if (runIds.length === 0 || (query.terms.length === 0 && query.likeChars.length === 0)) return [];
    const { db, dialect } = this.deps;
    const mode = options.mode ?? 'all';
    const limit = options.limit ?? HITS_MAX;
    const runs = sql.join(runIds.map((id) => sql`${id}`));
    if (query.terms.length === 0) {
      const each = query.likeChars.map((c) => {
        const like = `%${c}%`;
        return sql`(k.name like ${like} or k.remark like ${like} or k.text like ${like})`;
      });
      const where = sql.join(each, mode === 'all' ? sql` and ` : sql` or `);
      const rows = await sql<RankedRow>`select k.id, k.run_id, 1 as rank from knowledge_items k
        where k.run_id in (${runs}) and (${where}) order by k.updated_at desc limit ${limit}`.execute(db);
      return rows.rows.map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: 1 }));
    }
    const rows =
      dialect === 'sqlite'
        ? await sql<RankedRow>`select k.id, k.run_id, -bm25(knowledge_fts, 4.0, 1.0) as rank from knowledge_fts join knowledge_items k on k.id = knowledge_fts.rowid
            where knowledge_fts match ${ftsMatch(query, mode)} and k.run_id in (${runs})
            order by bm25(knowledge_fts, 4.0, 1.0), k.id desc limit ${limit}`.execute(db)
        : await sql<RankedRow>`select k.id, k.run_id, ts_rank(s.doc, q.q) as rank from knowledge_search s join knowledge_items k on k.id = s.knowledge_id,
            to_tsquery('simple', ${tsQuery(query, mode)}) as q(q)
            where s.doc @@ q.q and k.run_id in (${runs})
            order by rank desc, k.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: Number(r.rank) }));
  }
}
