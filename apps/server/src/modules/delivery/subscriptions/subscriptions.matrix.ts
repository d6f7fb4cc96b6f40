import type { MatrixObjects, MatrixSamples } from '../../../../test/matrix.js';

/** A subscription of A's user to A's first run, named with the canary: nobody else may see, send or delete it. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('report_subscriptions')
    .values({
      user_id: a.user,
      run_id: a.run,
      name: `${canary} summary`,
      tool: 'shiftDailyTool',
      schedule_kind: 'daily',
      schedule_time: '07:00',
      format: 'png',
      size: 'phone',
      lang: null,
      channel_message: 1,
      emails: '[]',
      webhook_url: null,
      webhook_secret: null,
      enabled: 0,
      next_due_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { subscription: row.id };
};

export const matrixSamples: MatrixSamples = (c) => ({
  'delivery.options': {},
  'delivery.list': { runId: c.a.run },
  'delivery.save': { runId: c.a.run, name: 'Morning summary', tool: 'shiftDailyTool', schedule: { kind: 'daily', time: '07:00' }, channels: { message: true } },
  'delivery.delete': { id: c.target(c.objects.subscription ?? 0) },
  'delivery.send': { id: c.target(c.objects.subscription ?? 0) },
  'delivery.log': { id: c.target(c.objects.subscription ?? 0) },
});
