import type { Generated } from 'kysely';

/** An announcement (`modules/announcement`): the body is HTML already cleaned by the server. */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** Shown from `start_at` (inclusive) to `end_at` (exclusive), epoch ms. */
  start_at: number;
  end_at: number;
  pinned: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Who an announcement addresses: an organization (with those below it) or a run. */
export interface AnnouncementTargetTable {
  announcement_id: number;
  /** 'org' or 'run'. */
  kind: string;
  target_id: number;
}

/** A user's read mark of an announcement. */
export interface AnnouncementReadTable {
  announcement_id: number;
  user_id: number;
  read_at: number;
}

declare module '../schema.js' {
  interface Database {
    announcements: AnnouncementTable;
    announcement_targets: AnnouncementTargetTable;
    announcement_reads: AnnouncementReadTable;
  }
}
