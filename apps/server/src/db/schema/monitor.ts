import type { Generated } from 'kysely';

export interface H5TicketTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  run_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MachineDisconnectionTable {
  id: Generated<number>;
  run_id: number;
  disconnected_at: number;
  reconnected_at: number | null;
}

declare module '../schema.js' {
  interface Database {
    h5_tickets: H5TicketTable;
    machine_disconnections: MachineDisconnectionTable;
  }
}
