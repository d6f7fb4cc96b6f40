import type { Generated } from 'kysely';

/** Feedback sent from the feedback form (`modules/feedback`): texts as written, never markup. */
export interface FeedbackTable {
  id: Generated<number>;
  /** The signed-in sender; null for a visitor without a session. */
  user_id: number | null;
  name: string | null;
  contact: string | null;
  content: string;
  /** One of FEEDBACK_STATES of the contracts. */
  state: string;
  reply: string | null;
  replied_at: number | null;
  replied_by: number | null;
  submitted_at: number;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    feedback_items: FeedbackTable;
  }
}
