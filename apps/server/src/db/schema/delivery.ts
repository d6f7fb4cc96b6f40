import type { Generated } from 'kysely';

/** A one-time render ticket of a tool page (modules/delivery), stored as its SHA-256. */
export interface RenderTicketTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  run_id: number;
  /** One of TOOL_PAGES. */
  tool: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A user's scheduled delivery of a tool page of a run. */
export interface ReportSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  run_id: number;
  name: string;
  tool: string;
  /** One of SCHEDULE_KINDS. */
  schedule_kind: string;
  /** "HH:MM" in the run's zone (daily, weekly); null for after every shift. */
  schedule_time: string | null;
  format: string;
  size: string;
  /** Null: the run's language. */
  lang: string | null;
  channel_message: number;
  /** JSON array of addresses. */
  emails: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  enabled: number;
  /** The next due time; null while disabled. */
  next_due_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One delivery of a subscription: one per due time (unique), with each channel's outcome (JSON). */
export interface ReportDeliveryTable {
  id: Generated<number>;
  subscription_id: number;
  due_at: number;
  trigger: string;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  claimed_until: number | null;
  file_id: string | null;
  file_name: string | null;
  error: string | null;
  channels: string;
  created_at: number;
  finished_at: number | null;
}

/** A webhook's file link (SHA-256 of its token), valid for days. */
export interface DeliveryLinkTable {
  id: Generated<number>;
  token_hash: string;
  delivery_id: number;
  created_at: number;
  expires_at: number;
}

declare module '../schema.js' {
  interface Database {
    render_tickets: RenderTicketTable;
    report_subscriptions: ReportSubscriptionTable;
    report_deliveries: ReportDeliveryTable;
    delivery_links: DeliveryLinkTable;
  }
}
