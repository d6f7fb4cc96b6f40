import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Bus } from '../core/bus.js';
import type { DialectName } from '../db/database.js';
import type { CounterStore } from '../core/rateLimit.js';
import type { ServiceRegistry } from '../core/services.js';
import type { DialectMigration } from '../db/migrations/helpers.js';
import type { Database } from '../db/schema.js';
import type { JobRegistry } from '../jobs/job.js';
import type { MachineHistory, TelemetryPipeline } from '../telemetry/index.js';
import type { DomainEvents } from '../telemetry/events.js';

/** What a module is given to register itself (ARCHITECTURE.md §11). */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** The wall clock of the server (tests move it). */
  now: () => number;
  log: FastifyBaseLogger;
  /** Options every `registerEndpoint` call passes on. */
  endpoints: { validateResponses: boolean };
  bus: Bus;
  /** Rate-limit counters: in process, or shared in Redis between instances. */
  counters: CounterStore;
  /** The machine-data pipeline's typed events; subscribe here, never to the pipeline itself. */
  events: DomainEvents;
  /** Declare the module's scheduled jobs here; the job runner runs them. */
  jobs: JobRegistry;
  /** What modules provide to each other (see `core/services.ts`). */
  services: ServiceRegistry;
  /** The one entry to a run's machine history: rings, states, series, latest values, counters. */
  machine: MachineHistory;
  /** The ingest pipeline (sources, ingest keys, recomputation). */
  telemetry: TelemetryPipeline;
  /** Work to do once the server listens (data sources, demo data) and before it closes. */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  /** Runs after the server listens, in module order (never in `buildApp` alone: tests start what they need). */
  onStart(work: () => Promise<void> | void): void;
  /** Runs when the server closes, in reverse module order, before the database closes. */
  onStop(work: () => Promise<void> | void): void;
}

/**
 * A server module: one entry (`modules/<m>/index.ts`) exporting this. `app.ts` lists modules once,
 * in dependency order; adding a module is adding its folder and one line there.
 */
export interface ServerModule {
  name: string;
  /** The module's migrations by timestamped name; run with every other migration in name order. */
  migrations?: Readonly<Record<string, DialectMigration>>;
  /** Provides services, registers endpoints, declares jobs and subscribes to events. */
  register(context: ModuleContext): Promise<void> | void;
}

export const defineModule = (module: ServerModule): ServerModule => module;
