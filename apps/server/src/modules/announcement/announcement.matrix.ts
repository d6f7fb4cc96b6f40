import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A's current announcement for A's first run, named with the canary: answers to other callers must never show it. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('announcements')
    .values({ title: `${canary} notice`, content: `<p>${canary}</p>`, start_at: now - 3_600_000, end_at: now + 86_400_000, pinned: 0, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely.insertInto('announcement_targets').values({ announcement_id: row.id, kind: 'run', target_id: a.run }).execute();
  return { announcement: row.id };
};

/** Valid-shaped requests; changes by allowed callers aim at a missing announcement so A's keeps its canary. */
export const matrixSamples: MatrixSamples = (c) => {
  const id = c.objects.announcement ?? 0;
  const start = Date.parse('2026-12-01T08:00:00Z');
  // A's sub-organization (for the child administrator: A itself, above him).
  const fields = { title: 'Matrix notice', content: '<p>Shift change at <b>19:30</b></p>', start, end: start + 86_400_000, orgIds: [c.a.sub], runIds: [], pinned: false };
  return {
    'announcement.list': { page: 1, pageSize: 20 },
    'announcement.add': fields,
    'announcement.edit': { id: c.target(id), ...fields },
    'announcement.delete': { id: c.target(id) },
    'announcement.audience': {},
    'announcement.current': {},
    'announcement.history': { page: 1, pageSize: 20 },
    'announcement.read': { id },
  };
};
