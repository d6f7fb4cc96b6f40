import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** An entry of A's user in A's first run, titled with the canary: nobody else may see or remove it. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const row = await db.kysely
    .insertInto('collection_items')
    .values({ user_id: a.user, kind: 'page', run_id: a.run, target: '/fw1/home', title: `${canary} home`, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { collectionItem: row.id };
};

export const matrixSamples: MatrixSamples = (c) => ({
  'collection.list': {},
  'collection.add': { kind: 'page', runId: c.a.run, target: '/fw1/report/turn_over', title: 'Shift reports' },
  'collection.remove': { id: c.target(c.objects.collectionItem ?? 0) },
});
