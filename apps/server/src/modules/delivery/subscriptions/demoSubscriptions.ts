import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ScheduleClock } from './schedule.js';
import { nextDueAfter } from './schedule.js';

/**
 * One subscription per demo project for the demo's administrator (the first super administrator):
 * the shift/daily summary, every day at 07:00 in the project's zone, phone-sized PNG, to the
 * message centre only. Written on a database without any subscription; answers how many.
 */
export async function seedDemoSubscriptions(db: Kysely<Database>, runIds: readonly number[], now: number): Promise<number> {
  if (runIds.length === 0) return 0;
  if (await db.selectFrom('report_subscriptions').select('id').limit(1).executeTakeFirst()) return 0;
  const admin = await db.selectFrom('users').select('id').where('is_sa', '=', 1).where('enabled', '=', 1).orderBy('id').executeTakeFirst();
  if (!admin) return 0;
  const runs = await db.selectFrom('runs').select(['id', 'time_zone']).where('id', 'in', runIds).orderBy('id').execute();
  const schedule = { kind: 'daily', time: '07:00' } as const;
  const rows = runs.map((run) => {
    // A daily time needs no shift plan.
    const clock: ScheduleClock = { timeZone: run.time_zone, shifts: [] };
    return {
      user_id: admin.id,
      run_id: run.id,
      name: 'Daily summary 07:00',
      tool: 'shiftDailyTool',
      schedule_kind: schedule.kind,
      schedule_time: schedule.time,
      format: 'png',
      size: 'phone',
      lang: null,
      channel_message: 1,
      emails: '[]',
      webhook_url: null,
      webhook_secret: null,
      enabled: 1,
      next_due_at: nextDueAfter(schedule, now, clock),
      created_at: now,
      updated_at: now,
    };
  });
  if (rows.length > 0) await db.insertInto('report_subscriptions').values(rows).execute();
  return rows.length;
}
