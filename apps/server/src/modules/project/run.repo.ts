import type { MachineType } from '@boreline/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RunTable } from '../../db/schema/project.js';

/** A run with the path of its organization (its deptPath), read at request time. */
export type RunRow = Selectable<RunTable> & { org_path: string };
export type NewRun = Omit<Insertable<RunTable>, 'id' | 'created_at'>;

/** The machine type of a stored run (the column holds 'epb' or 'slurry'). */
export const machineTypeOf = (run: { machine_type: string }): MachineType => (run.machine_type === 'slurry' ? 'slurry' : 'epb');

/** SQL of runs and of the runs a user is limited to. */
export class RunRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  private select() {
    return this.db.selectFrom('runs').innerJoin('orgs', 'orgs.id', 'runs.org_id').selectAll('runs').select('orgs.path as org_path');
  }

  find(id: number): Promise<RunRow | undefined> {
    return this.select().where('runs.id', '=', id).executeTakeFirst();
  }

  /** Every run at or below an organization path (all for null), oldest first. */
  under(path: string | null): Promise<RunRow[]> {
    let query = this.select();
    if (path) query = query.where('orgs.path', 'like', `${path}%`);
    return query.orderBy('runs.id').execute();
  }

  async insert(run: NewRun, now: number): Promise<number> {
    const row = await this.db.insertInto('runs').values({ ...run, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async assignedRunIds(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_runs').select('run_id').where('user_id', '=', userId).orderBy('run_id').execute();
    return rows.map((r) => r.run_id);
  }

  findByIngestKey(hash: string): Promise<RunRow | undefined> {
    return this.select().where('runs.ingest_key_hash', '=', hash).executeTakeFirst();
  }

  async setIngestKey(runId: number, hash: string): Promise<void> {
    await this.db.updateTable('runs').set({ ingest_key_hash: hash }).where('id', '=', runId).execute();
  }

  /** Runs fed by a given source ('simulator', 'mqtt', 'http'). */
  bySource(source: string): Promise<RunRow[]> {
    return this.select().where('runs.source', '=', source).orderBy('runs.id').execute();
  }
}
