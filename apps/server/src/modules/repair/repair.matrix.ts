import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A published case, a knowledge item and an alarm on A's first run, named with the canary: answers to other callers must never show them. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const now = Date.now();
  const repair = await db.kysely
    .insertInto('repair_records')
    .values({
      run_id: a.run,
      finder: `${canary} finder`,
      found_at: now - 86_400_000,
      system: 'Main drive',
      component: 'Main bearing',
      title: `${canary} seal leak`,
      description: `${canary} grease leaking at the main bearing seal`,
      failure_mode: 'leakage',
      cause: `${canary} worn lip seal`,
      result: 'Seal replaced',
      repairers: 'Fitters',
      repaired_at: now - 3_600_000,
      state: 'repaired',
      case_state: 'published',
      published_at: now,
      published_by: null,
      alarm_id: null,
      ring_no: null,
      mtce_record_id: null,
      fingerprint: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const knowledge = await db.kysely
    .insertInto('knowledge_items')
    .values({ run_id: a.run, name: `${canary} manual`, code: 'KB-1', system: 'Main drive', remark: canary, file_id: null, extraction: 'none', text: canary, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alarm = await db.kysely
    .insertInto('alarms')
    .values({ run_id: a.run, number: 900, kind: 'point', point: 'cutterhead.torque', subsystem: 'cutterhead', level: 'alarm', direction: 'high', start_ts: now - 7_200_000, end_ts: null, fault_ts: now - 7_200_000, start_value: 5200, peak_value: 5400, limit_value: 5000, ring_no: 12, shift_date: null, shift_no: null, start_chainage: null, end_chainage: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { repair: repair.id, knowledge: knowledge.id, 'repair:alarm': alarm.id };
};

const fields = (runId: number, actor: string) => ({
  runId,
  finder: 'Matrix finder',
  foundAt: Date.now() - 3_600_000,
  system: 'Screw conveyor',
  component: 'Gate',
  title: `Matrix ${actor}`,
  description: 'Gate stuck half open',
  photoIds: [],
  videoIds: [],
  alarmId: null,
  maintenanceRecordId: null,
});

/** Valid-shaped requests of every repair, case, knowledge and diagnosis call; changes by allowed callers aim at a missing object so A's keep their canary. */
export const matrixSamples: MatrixSamples = (c) => {
  const runId = c.a.run;
  const repair = c.objects.repair ?? 0;
  const knowledge = c.objects.knowledge ?? 0;
  const alarm = c.objects['repair:alarm'] ?? 0;
  const knowledgeFields = { runId, name: 'Matrix manual', code: `M-${c.actor}`, system: null, remark: null, fileId: c.attacker ? c.files.a : 'missingFileIdAAAAAAAAA' };
  return {
    'repair.byTbm': { runId },
    'repair.detail': { runId, id: repair },
    'repair.add': fields(runId, c.actor),
    'repair.update': { ...fields(runId, c.actor), id: c.target(repair) },
    'repair.page': { runId, page: 1, pageSize: 20 },
    'repair.fromAlarm': { runId, alarmId: alarm },
    'repair.publish': { runId, id: c.target(repair), publish: false },
    'repair.casePage': { runId, scope: 'all', page: 1, pageSize: 20 },
    'knowledge.page': { runId, page: 1, pageSize: 20 },
    'knowledge.add': knowledgeFields,
    'knowledge.edit': { ...knowledgeFields, id: c.target(knowledge) },
    'knowledge.delete': { runId, id: c.target(knowledge) },
    'knowledge.detail': { runId, id: knowledge },
    'repair.diagnose': { runId, text: 'seal leak' },
    'repair.diagnosisFeedback': { runId, kind: 'case', id: c.target(repair), helpful: true },
  };
};
