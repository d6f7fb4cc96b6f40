import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * The full-text index of repairs and knowledge items (issue 22). The server tokenizes text itself
 * (folded words, CJK runs as bigrams: modules/repair/search/normalize.ts) and stores a
 * space-separated token list per record, in two weighted parts: the title (title, system,
 * component; a knowledge item's name, code, system) and the body (description, cause, result; a
 * knowledge item's remark and extracted text).
 * - SQLite: FTS5 virtual tables (rowid = the record's id) ranked by bm25; unicode61 keeps every
 *   character (no diacritic folding: the tokens are folded already).
 * - PostgreSQL: side tables with a `tsvector` of the 'simple' configuration (title weight A, body
 *   B) under a GIN index, ranked by ts_rank; rows go with their record (cascade).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect === 'sqlite') {
      await sql`create virtual table repair_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
      await sql`create virtual table knowledge_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
      return;
    }
    await sql`create table repair_search (repair_id integer primary key references repair_records(id) on delete cascade, doc tsvector not null)`.execute(db);
    await sql`create index repair_search_doc_idx on repair_search using gin (doc)`.execute(db);
    await sql`create table knowledge_search (knowledge_id integer primary key references knowledge_items(id) on delete cascade, doc tsvector not null)`.execute(db);
    await sql`create index knowledge_search_doc_idx on knowledge_search using gin (doc)`.execute(db);
  },
};
