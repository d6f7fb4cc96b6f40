import { type Migration, Migrator } from 'kysely';
import type { Db } from './database.js';
import type { DialectMigration, MigrationDb } from './migrations/helpers.js';
import { migration as auth } from './migrations/20261122T0400_auth.js';
import { migration as orgAdmin } from './migrations/20261122T0530_orgAdmin.js';
import { migration as permissions } from './migrations/20261122T0600_permissions.js';
import { migration as runs } from './migrations/20261122T0700_runs.js';
import { migration as telemetry } from './migrations/20261122T0800_telemetry.js';
import { migration as projectInfo } from './migrations/20261122T0900_projectInfo.js';
import { migration as realtime } from './migrations/20261123T1000_realtime.js';
import { migration as reports } from './migrations/20261124T1100_reports.js';
import { migration as ringTagStats } from './migrations/20261125T1200_ringTagStats.js';
import { migration as jobs } from './migrations/20261126T0900_jobs.js';

/**
 * The platform's timestamped migrations (and those of the domains that landed before modules
 * declared their own). Never edit one that has landed: add a new one. A module's migrations are
 * listed in its entry (`ServerModule.migrations`) and run with these, all in name order.
 */
const PLATFORM_MIGRATIONS: Record<string, DialectMigration> = {
  '20261122T0400_auth': auth,
  '20261122T0530_orgAdmin': orgAdmin,
  '20261122T0600_permissions': permissions,
  '20261122T0700_runs': runs,
  '20261122T0800_telemetry': telemetry,
  '20261122T0900_projectInfo': projectInfo,
  '20261123T1000_realtime': realtime,
  '20261124T1100_reports': reports,
  '20261125T1200_ringTagStats': ringTagStats,
  '20261126T0900_jobs': jobs,
};

/** Runs every migration not run yet: the platform's and `more` (the modules'), in name order. */
export async function migrateToLatest(db: Db, more: Readonly<Record<string, DialectMigration>> = {}): Promise<string[]> {
  const all: Record<string, DialectMigration> = { ...PLATFORM_MIGRATIONS };
  for (const [name, m] of Object.entries(more)) {
    if (all[name]) throw new Error(`migration ${name} is declared twice`);
    all[name] = m;
  }
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const down = m.down;
    migrations[name] = {
      up: (k: MigrationDb) => m.up(k, db.dialect),
      ...(down ? { down: (k: MigrationDb) => down(k, db.dialect) } : {}),
    };
  }
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
