import { createHash, randomBytes } from 'node:crypto';
import { graphContract } from '@boreline/contracts';
import sharp from 'sharp';
import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/**
 * A's plan drawing on its first run: its picture is named with the canary and its calibration
 * carries the canary's chainage, so an answer to another caller that shows the drawing shows it.
 */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const now = Date.now();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } }).png().toBuffer();
  const calibration = { kind: 'alignment', points: [{ x: 2, y: 2, chainage: 1000 }, { x: 38, y: 28, chainage: 1500 }] };
  const fileId = randomBytes(16).toString('base64url');
  const row = await db.kysely
    .insertInto('graph_drawings')
    .values({ run_id: a.run, name: 'plan', lang: '', variant: 'default', file_id: fileId, width: 40, height: 30, calibration: JSON.stringify(calibration), updated_by: a.user, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The picture as the file service stores an attached drawing: one row, its bytes in one chunk.
  await db.kysely
    .insertInto('files')
    .values({ id: fileId, purpose: 'drawing', state: 'complete', run_id: a.run, owner_kind: 'drawing', owner_id: String(row.id), attached_at: now, uploader_id: a.user, name: `${canary} plan.png`, kind: 'png', content_type: 'image/png', size: png.length, sha256: createHash('sha256').update(png).digest('hex'), chunk_bytes: 256 * 1024, parent_id: null, created_at: now, updated_at: now })
    .execute();
  await db.kysely.insertInto('file_chunks').values({ file_id: fileId, seq: 0, data: png }).execute();
  return { drawing: row.id };
};

/** Valid-shaped requests of the settings, drawing and token calls; changes by allowed callers aim at a missing drawing so A's survives. */
export const matrixSamples: MatrixSamples = (c) => {
  const runId = c.a.run;
  const drawing = c.objects.drawing ?? 0;
  const settings = {
    runId,
    display: graphContract.DEFAULT_DISPLAY_OPTIONS,
    profile: { ground: [{ chainage: 1000, level: 52 }], axis: [{ chainage: 1000, level: 40 }], geology: [] },
    stationEquations: [],
    epsg: 32632,
    proj4: null,
  };
  const calibration = { kind: 'alignment', points: [{ x: 1, y: 1, chainage: 1000 }, { x: 20, y: 10, chainage: 1200 }] };
  return {
    'graph.getSetting': { runId },
    'graph.saveSetting': settings,
    'graph.saveSettingBase': settings,
    'graph.drawing': { runId, key: `${String(runId)}_plan` },
    // A's risk picture for attackers; a missing upload for callers allowed to save.
    'graph.drawingSave': { runId, name: 'plan', lang: null, variant: 'mobile', fileId: c.attacker ? c.files.a : 'missingFileIdAAAAAAAAA' },
    'graph.drawingCalibrate': { runId, id: c.target(drawing), calibration },
    'graph.drawingDelete': { runId, id: c.target(drawing) },
    'graph.thirdAuth': { provider: 'matrix', runId },
  };
};
