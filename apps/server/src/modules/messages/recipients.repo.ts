import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface RecipientRow {
  id: number;
  is_sa: number;
  is_zb: number;
  org_id: number | null;
  enabled: number;
}

/**
 * What the message centre reads of users and runs to address messages: read only, never written.
 * The decisions (who may see a run with which resource) stay with the project and admin modules'
 * scope services; this only narrows the candidates they are asked about.
 */
export class RecipientsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async users(ids: readonly number[]): Promise<RecipientRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('users').select(['id', 'is_sa', 'is_zb', 'org_id', 'enabled']).where('id', 'in', [...ids]).orderBy('id').execute();
  }

  /** A run's organization path, its project and its TBM, or undefined when there is no such run. */
  run(runId: number): Promise<{ id: number; path: string; project_name: string; tbm_code: string; machine_type: string } | undefined> {
    return this.db
      .selectFrom('runs')
      .innerJoin('orgs', 'orgs.id', 'runs.org_id')
      .select(['runs.id', 'orgs.path', 'runs.project_name', 'runs.tbm_code', 'runs.machine_type'])
      .where('runs.id', '=', runId)
      .executeTakeFirst();
  }

  /**
   * Users who might hold a resource at a run: enabled, not super administrators, with a role of an
   * organization at or above the run's (grants reach down the tree, never up); and the super
   * administrators assigned to the run. A superset: each is then checked with the run scope.
   */
  async candidates(runId: number, orgPaths: readonly string[]): Promise<RecipientRow[]> {
    const byRole = orgPaths.length === 0
      ? []
      : await this.db
          .selectFrom('users')
          .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
          .innerJoin('roles', 'roles.id', 'user_roles.role_id')
          .innerJoin('orgs', 'orgs.id', 'roles.org_id')
          .select(['users.id', 'users.is_sa', 'users.is_zb', 'users.org_id', 'users.enabled'])
          .distinct()
          .where('users.enabled', '=', 1)
          .where('users.is_sa', '=', 0)
          .where('orgs.path', 'in', [...orgPaths])
          .execute();
    const assignedAdmins = await this.db
      .selectFrom('users')
      .innerJoin('user_runs', 'user_runs.user_id', 'users.id')
      .select(['users.id', 'users.is_sa', 'users.is_zb', 'users.org_id', 'users.enabled'])
      .where('user_runs.run_id', '=', runId)
      .where('users.enabled', '=', 1)
      .where('users.is_sa', '=', 1)
      .execute();
    return [...byRole, ...assignedAdmins].sort((a, b) => a.id - b.id);
  }

  /** The enabled super administrators. */
  async superAdmins(): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('is_sa', '=', 1).where('enabled', '=', 1).orderBy('id').execute();
    return rows.map((r) => r.id);
  }
}
