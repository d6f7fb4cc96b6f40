import type { repairContract } from '@boreline/contracts';

type Snippet = repairContract.Snippet;
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { bestSnippet, indexText, parseQuery, type Query } from './normalize.js';

export type IndexedKind = 'repair' | 'knowledge';

/** One record found and its relevance (0–1, the best of the answer 1). */
export interface RankedHit {
  id: number;
  runId: number;
  /** Relevance relative to the best hit of the same search: 1 for the best, down towards 0. */
  score: number;
}

/** A record found with its best stretch, the terms marked. */
export interface SearchHit extends RankedHit {
  snippet: Snippet;
}

const NO_SNIPPET: Snippet = { text: '', marks: [] };

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

/** SQLite: matches read from the index at first per hit wanted, and the most read before the joined query is used instead. */
const FTS_WINDOW_FACTOR = 2;
const FTS_WINDOW_MIN = 50;
const FTS_WINDOW_MAX = 4_000;

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
    const snippets = await this.repairSnippetsOf(ranked.map((r) => r.id), query);
    return this.scored(ranked).map((hit) => ({ ...hit, snippet: snippets.get(hit.id) ?? NO_SNIPPET }));
  }

  /** Knowledge items of the runs for the words, best first, each with its snippet. */
  async findKnowledge(runIds: readonly number[], words: string | readonly string[], options: SearchOptions = {}): Promise<SearchHit[]> {
    const query = parseQuery(words);
    const ranked = await this.rankKnowledge(runIds, query, options);
    if (ranked.length === 0) return [];
    const snippets = await this.knowledgeSnippetsOf(ranked.map((r) => r.id), query);
    return this.scored(ranked).map((hit) => ({ ...hit, snippet: snippets.get(hit.id) ?? NO_SNIPPET }));
  }

  /**
   * The hits of `findRepairs` / `findKnowledge` without their snippets, for a caller that keeps only
   * some of them (diagnosis): it asks `snippets` for those it keeps, with the same words.
   */
  async rank(kind: IndexedKind, runIds: readonly number[], words: string | readonly string[], options: SearchOptions = {}): Promise<RankedHit[]> {
    const query = parseQuery(words);
    return this.scored(kind === 'repair' ? await this.rankRepairs(runIds, query, options) : await this.rankKnowledge(runIds, query, options));
  }

  /** The snippets of some hits (ids of one kind) for the words: the very ones `findRepairs` / `findKnowledge` give. */
  snippets(kind: IndexedKind, ids: readonly number[], words: string | readonly string[]): Promise<Map<number, Snippet>> {
    const query = parseQuery(words);
    return kind === 'repair' ? this.repairSnippetsOf(ids, query) : this.knowledgeSnippetsOf(ids, query);
  }

  private async repairSnippetsOf(ids: readonly number[], query: Query): Promise<Map<number, Snippet>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.selectFrom('repair_records').select(['id', 'title', 'description', 'cause', 'result']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [row.id, bestSnippet([row.description, row.cause, row.result, row.title], query)]));
  }

  private async knowledgeSnippetsOf(ids: readonly number[], query: Query): Promise<Map<number, Snippet>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.selectFrom('knowledge_items').select(['id', 'name', 'remark', 'text']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [row.id, bestSnippet([row.text?.slice(0, SNIPPET_SCAN_CHARS), row.remark, row.name], query)]));
  }

  private scored(ranked: readonly RankedRow[]): RankedHit[] {
    const best = Math.max(...ranked.map((r) => r.rank), Number.MIN_VALUE);
    return ranked.map((r) => ({ id: r.id, runId: r.run_id, score: best > 0 ? r.rank / best : 1 }));
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
    if (dialect === 'sqlite') {
      const match = ftsMatch(query, mode);
      return this.topFromFts(
        sql`select rowid as id, bm25(repair_fts, 4.0, 1.0) as bm25 from repair_fts where repair_fts match ${match} order by bm25, rowid desc`,
        async (ids) => (await sql<{ id: number; run_id: number }>`select r.id, r.run_id from repair_records r where r.id in (${sql.join(ids)}) and r.run_id in (${runs}) ${published}`.execute(db)).rows,
        limit,
        async () =>
          (
            await sql<RankedRow>`select r.id, r.run_id, -bm25(repair_fts, 4.0, 1.0) as rank from repair_fts join repair_records r on r.id = repair_fts.rowid
            where repair_fts match ${match} and r.run_id in (${runs}) ${published}
            order by bm25(repair_fts, 4.0, 1.0), r.id desc limit ${limit}`.execute(db)
          ).rows,
      );
    }
    const rows = await sql<RankedRow>`select r.id, r.run_id, ts_rank(s.doc, q.q) as rank from repair_search s join repair_records r on r.id = s.repair_id,
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
    if (dialect === 'sqlite') {
      const match = ftsMatch(query, mode);
      return this.topFromFts(
        sql`select rowid as id, bm25(knowledge_fts, 4.0, 1.0) as bm25 from knowledge_fts where knowledge_fts match ${match} order by bm25, rowid desc`,
        async (ids) => (await sql<{ id: number; run_id: number }>`select k.id, k.run_id from knowledge_items k where k.id in (${sql.join(ids)}) and k.run_id in (${runs})`.execute(db)).rows,
        limit,
        async () =>
          (
            await sql<RankedRow>`select k.id, k.run_id, -bm25(knowledge_fts, 4.0, 1.0) as rank from knowledge_fts join knowledge_items k on k.id = knowledge_fts.rowid
            where knowledge_fts match ${match} and k.run_id in (${runs})
            order by bm25(knowledge_fts, 4.0, 1.0), k.id desc limit ${limit}`.execute(db)
          ).rows,
      );
    }
    const rows = await sql<RankedRow>`select k.id, k.run_id, ts_rank(s.doc, q.q) as rank from knowledge_search s join knowledge_items k on k.id = s.knowledge_id,
            to_tsquery('simple', ${tsQuery(query, mode)}) as q(q)
            where s.doc @@ q.q and k.run_id in (${runs})
            order by rank desc, k.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: Number(r.rank) }));
  }

  /**
   * SQLite: the best `limit` rows of an FTS5 ranking that pass the runs' (and state's) filter, without
   * joining every match to its row. The index alone is ranked (bm25, then id descending: the order of
   * the joined query), the filter reads only the first `window` ids, and the window grows until
   * `limit` rows passed or every match was seen, so the answer is the joined query's own. A filter
   * that keeps few matches (a reader of one run among many) falls back to the joined query.
   */
  private async topFromFts(
    ranking: RawBuilder<unknown>,
    keep: (ids: readonly number[]) => Promise<readonly { id: number; run_id: number }[]>,
    limit: number,
    joined: () => Promise<readonly RankedRow[]>,
  ): Promise<RankedRow[]> {
    const { db } = this.deps;
    for (let window = Math.max(limit * FTS_WINDOW_FACTOR, FTS_WINDOW_MIN); window <= FTS_WINDOW_MAX; window *= FTS_WINDOW_FACTOR * 2) {
      // bm25 computed once per match, as in a bare query: ordered by the column, negated here.
      const ranked = (await sql<{ id: number; bm25: number }>`${ranking} limit ${window}`.execute(db)).rows;
      if (ranked.length === 0) return [];
      const runOf = new Map((await keep(ranked.map((r) => Number(r.id)))).map((r) => [Number(r.id), Number(r.run_id)]));
      const kept: RankedRow[] = [];
      for (const r of ranked) {
        const runId = runOf.get(Number(r.id));
        if (runId !== undefined) kept.push({ id: Number(r.id), run_id: runId, rank: -Number(r.bm25) });
        if (kept.length === limit) return kept;
      }
      if (ranked.length < window) return kept;
    }
    return (await joined()).map((r) => ({ id: Number(r.id), run_id: Number(r.run_id), rank: Number(r.rank) }));
  }
}
