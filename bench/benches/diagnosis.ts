import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { AuthSession } from '../../apps/server/src/core/auth.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { SERVER_MODULES } from '../../apps/server/src/modules.js';
import { PermissionRepo } from '../../apps/server/src/modules/admin/permission.repo.js';
import { RoleGrantPolicy } from '../../apps/server/src/modules/admin/access.policy.js';
import { RunRepo } from '../../apps/server/src/modules/project/run.repo.js';
import { RunScope } from '../../apps/server/src/modules/project/runScope.js';
import { Diagnosis } from '../../apps/server/src/modules/repair/diagnosis.js';
import { parseQuery } from '../../apps/server/src/modules/repair/search/normalize.js';
import { ftsMatch, RepairSearch } from '../../apps/server/src/modules/repair/search/repairSearch.js';
import { seededRandom } from '../../apps/server/src/telemetry/codec/syntheticChunk.js';
import { MachineHistory } from '../../apps/server/src/telemetry/machineHistory.js';
import { report, stats } from '../lib/harness.js';

const CASES = 10_000;
const KNOWLEDGE = 2_000;
const RUNS = 4;
const ROUNDS = 21;
const TIME_TARGET_MS = 100;
const SESSION: AuthSession = { sessionId: 0, userId: 0, sa: true, zb: false, orgId: null, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };

interface Story {
  system: string;
  title: string;
  text: string;
}

/** Fault stories in the six languages; a case is one of them with a few words of its own. */
const STORIES: readonly [Story, ...Story[]] = [
  { system: 'Screw conveyor', title: 'Screw conveyor jammed', text: 'Screw conveyor torque at the limit, boulders jammed the screw flights; screw reversed and cleared' },
  { system: 'Main drive', title: 'Main bearing seal leak', text: 'Grease and gear oil leaking at the main bearing outer lip seal; seal replaced' },
  { system: '主驱动', title: '主驱动漏油', text: '主驱动漏油，主轴承密封圈磨损，更换密封圈后恢复掘进' },
  { system: 'Förderschnecke', title: 'Förderschnecke verstopft', text: 'Die Förderschnecke blockierte wegen Steinblöcken im Lehm, Schnecke zurückgefahren' },
  { system: 'Idraulica', title: 'Pompa idraulica guasta', text: 'La pompa idraulica principale perde pressione e si surriscalda, pompa sostituita' },
  { system: 'Correia', title: 'Desalinhamento da correia', text: 'A correia transportadora desalinhou-se e raspou na estrutura, rolo substituído' },
  { system: 'Kesici kafa', title: 'Kesici disk aşınması', text: 'Kesici disklerde aşırı aşınma, sert kaya, diskler değiştirildi' },
  { system: 'Grouting', title: 'Grout line blockage', text: 'Grout line blocked by set mortar after a long stop, line flushed with water' },
  { system: 'Cutterhead', title: 'Cutterhead overload', text: 'Cutterhead torque overload in sticky clay, foam injection increased' },
  { system: 'Belt conveyor', title: 'Belt conveyor misalignment', text: 'The belt conveyor ran off its idlers, guide roller replaced and belt aligned' },
];
const FILLER: readonly [string, ...string[]] = ['ring', 'shift', 'night', 'inspection', 'crew', 'chamber', 'pressure', 'sensor', 'hose', 'valve', 'filter', 'motor', 'gearbox', 'temperature', 'vibration', 'noise'];

async function seed(db: ReturnType<typeof openDatabase>, search: RepairSearch): Promise<{ runId: number; alarmId: number }> {
  const k = db.kysely;
  const random = seededRandom(11);
  const pick = <T>(list: readonly [T, ...T[]]): T => list[Math.floor(random() * list.length)] ?? list[0];
  const org = await k.insertInto('orgs').values({ name: 'Bench', type: 'company', parent_id: null, path: '/', sort: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  await k.updateTable('orgs').set({ path: `/${org.id}/` }).where('id', '=', org.id).execute();
  const runIds: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const run = await k
      .insertInto('runs')
      .values({ org_id: org.id, project_name: `Bench metro ${r}`, project_code: `B-11-${r}`, tbm_code: `M${r}`, machine_type: 'epb', country: 'IT', time_zone: 'Europe/Rome', line_name: 'Line 11', ring_width_mm: 1500, start_ring: 1, planned_rings: 4000, start_chainage: 0, end_chainage: 6000, source: 'http', sim_seed: null, ingest_key_hash: null, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    runIds.push(run.id);
  }
  const [runId = 0] = runIds;
  const pickRun = (): number => runIds[Math.floor(random() * runIds.length)] ?? runId;
  const start = Date.UTC(2026, 0, 5);
  const alarm = await k
    .insertInto('alarms')
    .values({
      run_id: runId, number: 1, kind: 'point', point: 'screwConveyor.torque', subsystem: 'screwConveyor', level: 'alarm', direction: 'high', start_ts: start, end_ts: null, fault_ts: start,
      start_value: 95, peak_value: 97, limit_value: 90, ring_no: 100, shift_date: '2026-01-05', shift_no: 1, start_chainage: null, end_chainage: null, escalated_to_alarm_at: null,
      end_reason: null, acked_at: null, acked_by: null, ack_comment: null, assigned_to: null, escalated_at: null, created_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fingerprint = () =>
    JSON.stringify({ at: 0, alarms: [], values: ['thrust.totalForce', 'cutterhead.torque', 'advance.speed'].map((tag) => ({ tag, name: tag, unit: '', before: random() * 100, at: random() * 100 })) });
  const filler = () => Array.from({ length: 6 }, () => pick(FILLER)).join(' ');
  await k.transaction().execute(async (trx) => {
    const batch = 500;
    for (let i = 0; i < CASES; i += batch) {
      const rows = Array.from({ length: Math.min(batch, CASES - i) }, (_, j) => {
        const story = pick(STORIES);
        const at = start + (i + j) * 60_000;
        return {
          run_id: pickRun(), finder: 'Crew', found_at: at, system: story.system, component: 'Part', title: story.title, description: `${story.text}; ${filler()}`,
          failure_mode: null, cause: filler(), result: filler(), repairers: null, repaired_at: at + 1, state: 'repaired', case_state: random() < 0.8 ? 'published' : 'none',
          published_at: at + 2, published_by: null, alarm_id: random() < 0.05 ? alarm.id : null, ring_no: null, mtce_record_id: null, fingerprint: random() < 0.3 ? fingerprint() : null,
          created_by: null, created_at: at, updated_at: at,
        };
      });
      await trx.insertInto('repair_records').values(rows).execute();
    }
    for (let i = 0; i < KNOWLEDGE; i += batch) {
      const rows = Array.from({ length: Math.min(batch, KNOWLEDGE - i) }, (_, j) => {
        const story = pick(STORIES);
        const text = Array.from({ length: 8 }, () => `${pick(STORIES).text}. ${filler()}`).join('\n');
        return { run_id: pickRun(), name: `${story.title} procedure ${i + j}`, code: `KB-${i + j}`, system: story.system, remark: filler(), file_id: null, extraction: 'done', text, created_by: null, created_at: i + j, updated_at: i + j };
      });
      await trx.insertInto('knowledge_items').values(rows).execute();
    }
  });
  for (const { id } of await k.selectFrom('repair_records').select('id').execute()) await search.reindex('repair', id);
  for (const { id } of await k.selectFrom('knowledge_items').select('id').execute()) await search.reindex('knowledge', id);
  return { runId, alarmId: alarm.id };
}

/**
 * B11 (diagnosis): a diagnosis from an alarm over 10,000 repairs (about 8,000 published cases) and
 * 2,000 knowledge items with their text, in four runs, on SQLite — the product path: run scope for
 * the reader's runs, the alarm named in the reader's language, FTS5 over cases and knowledge with
 * bm25, same-point cases, fingerprints, helpful marks, snippets, at most 10 suggestions. The
 * baseline is the bare FTS5 query of the same terms over both tables (ids and bm25, 60 + 20 rows).
 */
export async function diagnosis(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'boreline-b11-'));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') }, () => undefined);
  try {
    await migrateToLatest(db, Object.assign({}, ...SERVER_MODULES.map((m) => m.migrations ?? {})));
    const search = new RepairSearch({ db: db.kysely, dialect: 'sqlite' });
    const seeded = performance.now();
    const { runId, alarmId } = await seed(db, search);
    const seedMs = performance.now() - seeded;
    const runs = new RunScope(new RunRepo(db.kysely), new RoleGrantPolicy(new PermissionRepo(db.kysely)));
    const service = new Diagnosis({ db: db.kysely, runs, search, machine: MachineHistory.on(db.kysely) });
    let suggestions = 0;
    let query = '';
    const diagnose = async () => {
      const answer = await service.diagnose(SESSION, { runId, alarmId }, 'en_US');
      suggestions = answer.suggestions.length;
      query = answer.query;
    };
    await diagnose();
    const match = ftsMatch(parseQuery(query), 'any');
    const bare = async () => {
      await sql`select rowid, bm25(repair_fts, 4.0, 1.0) as rank from repair_fts where repair_fts match ${match} order by rank limit 60`.execute(db.kysely);
      await sql`select rowid, bm25(knowledge_fts, 4.0, 1.0) as rank from knowledge_fts where knowledge_fts match ${match} order by rank limit 20`.execute(db.kysely);
    };
    const time = async (job: () => Promise<unknown>) => {
      const t0 = performance.now();
      await job();
      return performance.now() - t0;
    };
    await bare();
    const d: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      d.push(await time(diagnose));
      b.push(await time(bare));
    }
    const ds = stats(d);
    const bs = stats(b);
    console.log(`B11 diagnosis over ${CASES} repairs and ${KNOWLEDGE} knowledge items in ${RUNS} runs (seeded and indexed in ${(seedMs / 1000).toFixed(1)} s), ${ROUNDS} rounds`);
    console.log(`  query terms: ${parseQuery(query).terms.length} (${query.slice(0, 80)}…), ${suggestions} suggestions`);
    console.log(`  diagnosis from an alarm ms min/median/max ${ds.min.toFixed(1)} / ${ds.median.toFixed(1)} / ${ds.max.toFixed(1)}`);
    console.log(`  bare FTS5 query of the same terms ms min/median/max ${bs.min.toFixed(1)} / ${bs.median.toFixed(1)} / ${bs.max.toFixed(1)}`);
    report('B11-diagnosis', `${ds.median.toFixed(1)} ms median diagnosis`, ds.median / bs.median, `< ${TIME_TARGET_MS} ms median`, ds.median < TIME_TARGET_MS);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
