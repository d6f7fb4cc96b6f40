import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A feedback of A's authorized user, carrying the canary: answers to other tenants must never show it. */
export const matrixObjects: MatrixObjects = async ({ db, canary, users }) => {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('feedback_items')
    .values({ user_id: users.authorized ?? null, name: 'Matrix sender', contact: 'matrix@example.test', content: `${canary} feedback`, state: 'new', reply: null, replied_at: null, replied_by: null, submitted_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { feedback: row.id };
};

/** Valid-shaped requests of the feedback list's calls; changes by allowed callers aim at a missing feedback. */
export const matrixSamples: MatrixSamples = (c) => {
  const feedback = c.objects.feedback ?? 0;
  return {
    'feedback.list': { page: 1, pageSize: 20 },
    'feedback.queryList': { page: 1, pageSize: 20, state: 'new' },
    'feedback.reply': { id: c.target(feedback), text: 'Matrix reply' },
    'feedback.setState': { id: c.target(feedback), state: 'inProgress' },
    'feedback.export': { timeZone: 'Europe/Rome' },
    'feedback.screenshot': { id: c.target(feedback), fileId: 'missingFileIdAAAAAAAAA' },
  };
};
