import type { Kysely } from 'kysely';
import { DAY_MS, formatLocalDate, localDateOf, parseLocalDate, shiftLocalDate } from '../core/timeZone.js';
import type { Database } from '../db/schema.js';
import { continueDrive, type SimulatedRun } from '../telemetry/index.js';

/**
 * Demo projects of the embedded default (DOMAIN.md): four tunnels in four countries and time
 * zones under one contractor, one of them a slurry machine with 2.0 m rings. Each drive began at
 * ring 1 and is part-way through (`startRing` is where the recorded history begins). Created once,
 * on a database without any run; their machines are fed by the simulator. Basic info plans each
 * drive as a site engineer would (`perDay` rings a day, DOMAIN.md: 8–15 for metro EPB, fewer for
 * the large slurry machine), from a planned start that had reached the recorded history's first
 * ring when the history begins. Machine info gives each TBM its diameters (DOMAIN.md: metro
 * 6.0–6.6 m, the river crossing's slurry machine 15.8 m), which the excavated volume is read from.
 */
export const DEMO_PROJECTS = [
  { org: 'Milano site office', project: 'Metro M4 Lot 3 – San Babila', code: 'M4-L3', tbm: 'S-1125', type: 'epb', country: 'IT', tz: 'Europe/Rome', line: 'M4 westbound', ring: 1500, startRing: 412, planned: 1800, perDay: 10, start: 4219.833, end: 6919.833, seed: 11, cutterhead: 6.45, excavation: 6.48, power: 1450 },
  { org: 'İstanbul site office', project: 'Metro M12 Göztepe–Ümraniye', code: 'M12-2', tbm: 'EPB-6.57-02', type: 'epb', country: 'TR', tz: 'Europe/Istanbul', line: 'M12 line 2', ring: 1500, startRing: 188, planned: 2400, perDay: 10, start: 12450, end: 8850, seed: 23, cutterhead: 6.57, excavation: 6.6, power: 1600 },
  { org: 'Lisboa site office', project: 'Linha Vermelha extension', code: 'LV-EXT', tbm: 'TBM-LX-1', type: 'epb', country: 'PT', tz: 'Europe/Lisbon', line: 'Red line southbound', ring: 1400, startRing: 905, planned: 1400, perDay: 11, start: 2100.5, end: 4060.5, seed: 37, cutterhead: 6.08, excavation: 6.12, power: 1300 },
  { org: 'Wuhan site office', project: 'Yangtze river crossing, line 12', code: 'WH12-RX', tbm: 'S-1200 Mixshield', type: 'slurry', country: 'CN', tz: 'Asia/Shanghai', line: 'Line 12 river tunnel', ring: 2000, startRing: 630, planned: 1600, perDay: 8, start: 7300, end: 10500, seed: 53, cutterhead: 15.76, excavation: 15.8, power: 7800 },
] as const;

export type DemoRun = SimulatedRun;

/** Creates the demo organizations and runs when there is no run yet; answers the runs it created. */
export async function seedDemo(db: Kysely<Database>, now: number, historyDays = 21): Promise<DemoRun[]> {
  const existing = await db.selectFrom('runs').select('id').limit(1).executeTakeFirst();
  if (existing) return [];
  return db.transaction().execute(async (trx) => {
    const root = await trx.selectFrom('orgs').select(['id', 'path']).where('parent_id', 'is', null).orderBy('id').executeTakeFirst();
    if (!root) return [];
    const addOrg = async (name: string, type: string, parent: { id: number; path: string }, sort: number) => {
      const row = await trx.insertInto('orgs').values({ name, type, parent_id: parent.id, path: parent.path, sort, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const path = `${parent.path}${row.id}/`;
      await trx.updateTable('orgs').set({ path }).where('id', '=', row.id).execute();
      return { id: row.id, path };
    };
    const contractor = await addOrg('Demo Tunnelling Contractor', 'company', root, 90);
    const runs: DemoRun[] = [];
    for (const [index, p] of DEMO_PROJECTS.entries()) {
      const site = await addOrg(p.org, 'organization', contractor, index + 1);
      const row = await trx
        .insertInto('runs')
        .values({
          org_id: site.id,
          project_name: p.project,
          project_code: p.code,
          tbm_code: p.tbm,
          machine_type: p.type,
          country: p.country,
          time_zone: p.tz,
          line_name: p.line,
          ring_width_mm: p.ring,
          start_ring: 1,
          planned_rings: p.planned,
          start_chainage: p.start,
          end_chainage: p.end,
          source: 'simulator',
          sim_seed: p.seed,
          ingest_key_hash: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const plannedStart = localDateOf(now - historyDays * DAY_MS - ((p.startRing - 1) / p.perDay) * DAY_MS, p.tz);
      await trx
        .insertInto('project_info')
        .values({
          run_id: row.id,
          planned_start: plannedStart,
          planned_completion: formatLocalDate(shiftLocalDate(parseLocalDate(plannedStart), Math.ceil(p.planned / p.perDay))),
          planned_rings_per_day: p.perDay,
          planned_length_per_day: (p.perDay * p.ring) / 1000,
          tunnel_length: Math.abs(p.end - p.start),
          segment_spec: null,
          project_manager: null,
          site_manager: null,
          contacts: null,
          updated_by: null,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('tbm_info')
        .values({
          run_id: row.id,
          tbm_name: p.tbm,
          manufacturer: null,
          cutterhead_diameter: p.cutterhead,
          serial_number: null,
          purchase_date: null,
          delivery_date: null,
          owner: null,
          contractor: null,
          responsible_person: null,
          contact_phone: null,
          machine_length: null,
          max_advance_speed: null,
          max_thrust: null,
          excavation_diameter: p.excavation,
          max_working_pressure: null,
          design_pressure: null,
          total_weight: null,
          max_rotation_speed: null,
          turning_radius: null,
          installed_power: p.power,
          updated_by: null,
          updated_at: now,
        })
        .execute();
      runs.push(continueDrive({ runId: row.id, seed: p.seed, machineType: p.type, ringWidthMm: p.ring, startChainage: p.start, endChainage: p.end, startRing: 1 }, p.startRing));
    }
    return runs;
  });
}
