import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProjectInfoTable, RunTable, TbmInfoTable } from '../../db/schema/project.js';
import { type NewRun, RunRepo } from './run.repo.js';

/**
 * Tables that hold a run's settings, not its data: they go with the run when it is deleted. Any
 * other table with a `run_id` column (frames, rings, states, reports, files, and those of modules
 * added later) holds data, and a run with a row there cannot be deleted.
 */
const SETTINGS_TABLES: ReadonlySet<string> = new Set([
  'runs',
  'user_runs',
  'warn_settings',
  'tele_layouts',
  'tag_mappings',
  'cycle_snapshots',
  'project_info',
  'tbm_info',
  'shifts',
  'h5_tickets',
  'machine_disconnections',
  'messages',
  // A user's report subscriptions of the run are settings (their delivery log goes with them).
  'report_subscriptions',
]);

export type RunAdminRow = Selectable<RunTable> & { org_name: string; org_path: string };
export interface RunAdminRecord {
  run: RunAdminRow;
  project: Selectable<ProjectInfoTable> | undefined;
  tbm: Selectable<TbmInfoTable> | undefined;
}

/** The data tables, found once per process from the database's own catalogue (both dialects). */
let dataTables: Promise<string[]> | null = null;

/** SQL of run administration: a run with its basic info, its finish, its data, its deletion. */
export class RunAdminRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: RunAdminRepo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this, this.db as Transaction<Database>);
    return this.db.transaction().execute((trx) => work(new RunAdminRepo(trx), trx));
  }

  insertRun(run: NewRun, now: number): Promise<number> {
    return new RunRepo(this.db).insert(run, now);
  }

  async record(runId: number): Promise<RunAdminRecord | undefined> {
    const run = await this.db
      .selectFrom('runs')
      .innerJoin('orgs', 'orgs.id', 'runs.org_id')
      .selectAll('runs')
      .select(['orgs.name as org_name', 'orgs.path as org_path'])
      .where('runs.id', '=', runId)
      .executeTakeFirst();
    if (!run) return undefined;
    const [project, tbm] = await Promise.all([
      this.db.selectFrom('project_info').selectAll().where('run_id', '=', runId).executeTakeFirst(),
      this.db.selectFrom('tbm_info').selectAll().where('run_id', '=', runId).executeTakeFirst(),
    ]);
    return { run, project, tbm };
  }

  async updateRun(runId: number, values: Partial<Omit<NewRun, 'sim_seed' | 'ingest_key_hash'>>): Promise<void> {
    await this.db.updateTable('runs').set(values).where('id', '=', runId).execute();
  }

  async setFinished(runId: number, at: number | null): Promise<void> {
    await this.db.updateTable('runs').set({ finished_at: at }).where('id', '=', runId).execute();
  }

  async addUserRun(userId: number, runId: number): Promise<void> {
    await this.db.insertInto('user_runs').values({ user_id: userId, run_id: runId }).onConflict((oc) => oc.doNothing()).execute();
  }

  /** Deletes the run; its settings go with it (their rows cascade). */
  async delete(runId: number): Promise<void> {
    await this.db.deleteFrom('runs').where('id', '=', runId).execute();
  }

  private tables(): Promise<string[]> {
    dataTables ??= this.db.introspection
      .getTables()
      .then((tables) => [...new Set(tables.filter((t) => t.columns.some((c) => c.name === 'run_id') && !SETTINGS_TABLES.has(t.name)).map((t) => t.name))].sort())
      .catch((error: unknown) => {
        dataTables = null;
        throw error;
      });
    return dataTables;
  }

  /** Of the given runs, those with a row in any data table. */
  async withData(runIds: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    if (runIds.length === 0) return found;
    for (const table of await this.tables()) {
      const pending = runIds.filter((id) => !found.has(id));
      if (pending.length === 0) break;
      // The table's name comes from the database's catalogue, never from a caller.
      const rows = await (this.db as unknown as Kysely<Record<string, { run_id: number | null }>>)
        .selectFrom(table)
        .select('run_id')
        .distinct()
        .where('run_id', 'in', pending)
        .execute();
      for (const row of rows) if (row.run_id !== null) found.add(Number(row.run_id));
    }
    return found;
  }
}
