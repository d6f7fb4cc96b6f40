import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A's zone on its first run, named with the canary: answers to other callers must never show it. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('risk_points')
    .values({ run_id: a.run, code: 'A-1', position: 1110, name: `${canary} zone`, start_chainage: 1100, end_chainage: 1120, remark: canary, settlement_level: 'high', vibration_level: 'low', description: canary, notified_state: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { riskPoint: row.id };
};

const fields = (code: string) => ({ code, position: 1110, name: 'Matrix zone', startChainage: '1+100', endChainage: '1+120' });

/** Valid-shaped requests of the risk endpoints; changes by allowed callers aim at a missing zone so A's zone keeps its canary. */
export const matrixSamples: MatrixSamples = (c) => {
  const zone = c.objects.riskPoint ?? 0;
  return {
    'risk.query': { runId: c.a.run, page: 1, pageSize: 20 },
    'risk.add': { runId: c.a.run, ...fields(`M-${c.actor}`) },
    'risk.edit': { id: c.target(zone), ...fields('A-1') },
    'risk.delete': { id: c.target(zone) },
    'risk.current': { runId: c.a.run },
    'risk.rings': { runId: c.a.run },
    'risk.ringSpec': { runId: c.a.run, ring: 70 },
    'risk.getRiskRings': { runId: c.a.run },
    'risk.pictures': { id: zone },
    // A's risk picture for attackers; a missing one for callers allowed to remove it.
    'risk.deletePicture': { fileId: c.attacker ? c.files.a : 'missingFileIdAAAAAAAAA' },
    'risk.export': { runId: c.a.run },
    'risk.settings': { runId: c.a.run },
    'risk.settingsSave': { runId: c.a.run, warnRings: 10 },
  };
};
