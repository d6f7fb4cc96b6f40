import { graphContract } from '@boreline/contracts';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';
import { FilesRepo } from '../files/files.repo.js';
import { FilesService } from '../files/index.js';

/**
 * A's plan drawing on its first run: its picture is named with the canary and its calibration
 * carries the canary's chainage, so an answer to another caller that shows the drawing shows it.
 */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const files = new FilesService(new FilesRepo(db.kysely, db.dialect), { require: () => Promise.resolve() });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } }).png().toBuffer();
  const file = await files.put(Readable.from([png]), { purpose: 'drawing', runId: a.run, uploaderId: a.user, name: `${canary} plan.png` });
  const calibration = { kind: 'alignment', points: [{ x: 2, y: 2, chainage: 1000 }, { x: 38, y: 28, chainage: 1500 }] };
  const row = await db.kysely
    .insertInto('graph_drawings')
    .values({ run_id: a.run, name: 'plan', lang: '', variant: 'default', file_id: file.id, width: 40, height: 30, calibration: JSON.stringify(calibration), updated_by: a.user, updated_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await files.attach([file.id], { kind: 'drawing', id: row.id }, { runId: a.run });
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
