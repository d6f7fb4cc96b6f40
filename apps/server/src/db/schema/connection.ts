import type { Generated } from 'kysely';

/** How a run's machine connects (`modules/connection`); one row per run, made on first need. */
export interface IngestConnectionTable {
  run_id: number;
  /** When the present ingest key was issued (null: none, or before this was recorded). */
  key_issued_at: number | null;
  /** Every payload ever refused for the run (the log keeps only the newest). */
  refused_total: Generated<number>;
  /** When the newest frame arrived (server clock, written at most every few seconds) and through which source. */
  last_frame_at: number | null;
  last_source: string | null;
}

/** A refused payload of a run: the newest 50 per run are kept. */
export interface IngestRefusalTable {
  id: Generated<number>;
  run_id: number;
  at: number;
  /** 'http' | 'mqtt'. */
  source: string;
  /** One of REFUSAL_REASONS of the contracts. */
  reason: string;
  /** The payload's start, at most 200 characters, any key blanked. */
  excerpt: string;
}

declare module '../schema.js' {
  interface Database {
    ingest_connections: IngestConnectionTable;
    ingest_refusals: IngestRefusalTable;
  }
}
