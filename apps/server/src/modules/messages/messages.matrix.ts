import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/**
 * Messages belong to one user: the callers with an inbox of their own in tenant A (the authorized
 * user, the user without resources, the super administrator) name their own messages; every other
 * caller names the authorized user's, which must be refused. That user's messages carry the canary.
 */
export const matrixObjects: MatrixObjects = async ({ db, a, canary, users }) => {
  const made: Record<string, number> = {};
  const message = async (owner: string, userId: number | undefined, runId: number | null) => {
    if (userId === undefined) return;
    const at = Date.now();
    const item = `${canary} grease (${owner})`;
    const row = await db.kysely
      .insertInto('messages')
      .values({
        user_id: userId,
        type: runId === null ? 'system' : 'maintenanceReminder',
        run_id: runId,
        content_key: runId === null ? 'messages.system.welcome' : 'messages.template.maintenanceDue',
        content_params: JSON.stringify(runId === null ? {} : { tbm: 'TBM-A', item }),
        text: owner === 'authorized' ? `${canary} note` : null,
        object_kind: null,
        object_id: null,
        at,
        created_at: at,
        read_at: null,
        dedupe_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made[`msg:${owner}${runId === null ? '' : ':run'}`] = row.id;
  };
  for (const owner of ['authorized', 'superAdmin', 'noResource'] as const) {
    await message(owner, users[owner], null);
    if (owner !== 'noResource') await message(owner, users[owner], a.run);
  }
  return made;
};

/** Valid-shaped requests of this module's endpoints for the authorization matrix. */
export const matrixSamples: MatrixSamples = (c) => {
  const own = (suffix: string) => c.objects[`msg:${c.actor}${suffix}`] ?? c.objects[`msg:authorized${suffix}`] ?? 0;
  return {
    'messages.reminderPage': {},
    'messages.reminderRead': { messageId: own('') },
    'messages.reminderReadPage': { messageIds: [own('')] },
    'messages.countPersonal': {},
    'messages.getPersonal': {},
    'messages.readPersonal': { messageIds: [own('')] },
    'messages.runUnreadCount': { runId: c.a.run },
    'messages.runStats': { runId: c.a.run },
    'messages.runPage': { runId: c.a.run },
    'messages.runQuery': { runId: c.a.run },
    'messages.runRead': { runId: c.a.run, messageId: own(':run') },
    'messages.runReadAll': { runId: c.a.run },
  };
};
