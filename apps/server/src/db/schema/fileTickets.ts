import type { Generated } from 'kysely';

/** A file ticket (modules/files): the SHA-256 of a random link token, bound to one file and the user it was issued to. */
export interface FileTicketTable {
  id: Generated<number>;
  token_hash: string;
  file_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

declare module '../schema.js' {
  interface Database {
    file_tickets: FileTicketTable;
  }
}
