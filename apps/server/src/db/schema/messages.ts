import type { Generated } from 'kysely';

/**
 * One message of the message centre for one user (`modules/messages`). Its content is a text key
 * with parameters (JSON), rendered in the reader's language when read, plus an optional text a
 * user wrote, shown as written. `read_at` null: unread.
 */
export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  /** One of MESSAGE_TYPES of the contracts. */
  type: string;
  /** The run it belongs to (visible only while the user may see the run); null for run-less messages. */
  run_id: number | null;
  content_key: string;
  /** JSON of MessageParams. */
  content_params: string;
  text: string | null;
  /** What it is about (MESSAGE_OBJECT_KINDS and the object's id), for the web to open it. */
  object_kind: string | null;
  object_id: number | null;
  /** The alarm's or reminder's time. */
  at: number;
  created_at: number;
  read_at: number | null;
  /** A sender's key to send once per user until it resets it (unique per user while set). */
  dedupe_key: string | null;
}

declare module '../schema.js' {
  interface Database {
    messages: MessageTable;
  }
}
