import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { cleanAnnouncementHtml } from './sanitize.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo's announcements, on a database that has none: a pinned safety notice to every demo
 * project, the night-shift handover change of the first project (the one the demo messages already
 * announce, with the same title and text) and a past one for the history. Written as rows, cleaned
 * like every save; the handover's message is the demo messages' own, so none is sent here. The
 * demo's own accounts (the super administrators) have read them: the demo opens on its pages, the
 * header and the history list them; an account made later is shown the unread ones at sign-in.
 * Answers how many were written.
 */
export async function seedDemoAnnouncements(db: Kysely<Database>, runIds: readonly number[], now: number): Promise<number> {
  const [first] = runIds;
  if (first === undefined) return 0;
  if (await db.selectFrom('announcements').select('id').limit(1).executeTakeFirst()) return 0;
  const admins = (await db.selectFrom('users').select('id').where('is_sa', '=', 1).orderBy('id').execute()).map((u) => u.id);
  const author = admins[0] ?? null;
  const items = [
    {
      title: 'Safety stand-down on Friday at 07:00',
      content:
        '<h3>All crews</h3><p>A <strong>30-minute safety stand-down</strong> is held at the start of each shift on Friday. Topics:</p><ul><li>Working under suspended segments</li><li>Lock-out before entering the cutterhead</li></ul><p>Questions: <a href="mailto:hse@example.com">hse@example.com</a></p>',
      start: now - 2 * HOUR,
      end: now + 5 * DAY,
      pinned: 1,
      runs: runIds,
    },
    {
      title: 'Night shift handover moves to 19:30',
      content:
        '<p>From Monday the night shift takes over at <b>19:30</b> instead of 19:00, so the day crew can finish the ring it is building.</p><p>The handover briefing stays at the segment yard.</p>',
      start: now - 26 * HOUR,
      end: now + 6 * DAY,
      pinned: 0,
      runs: [first],
    },
    {
      title: 'Grout plant maintenance completed',
      content: '<p>The grout plant is back in service after its scheduled maintenance. Mix design <em>GR-2</em> stays in use.</p>',
      start: now - 9 * DAY,
      end: now - 2 * DAY,
      pinned: 0,
      runs: [first],
    },
  ];
  for (const item of items) {
    const { id } = await db
      .insertInto('announcements')
      .values({ title: item.title, content: cleanAnnouncementHtml(item.content), start_at: item.start, end_at: item.end, pinned: item.pinned, created_by: author, created_at: item.start, updated_at: item.start })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('announcement_targets')
      .values(item.runs.map((runId) => ({ announcement_id: id, kind: 'run', target_id: runId })))
      .execute();
    if (admins.length > 0) await db.insertInto('announcement_reads').values(admins.map((userId) => ({ announcement_id: id, user_id: userId, read_at: now }))).execute();
  }
  return items.length;
}
