import type { Generated } from 'kysely';

/** One entry of a user's collection (`modules/collection`): a starred page, project, ring report or alarm. */
export interface CollectionItemTable {
  id: Generated<number>;
  user_id: number;
  /** One of COLLECTION_KINDS of the contracts. */
  kind: string;
  /** The run it belongs to; null for a page outside any run. */
  run_id: number | null;
  /** A page's path and query, or an object's id. */
  target: string;
  title: string;
  created_at: number;
}

declare module '../schema.js' {
  interface Database {
    collection_items: CollectionItemTable;
  }
}
