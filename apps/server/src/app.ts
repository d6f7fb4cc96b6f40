import { requestLogFields } from './core/pathTokens.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { LIMITS } from '@boreline/contracts';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { registerAccessGate } from './core/auth.js';
import { type Bus, InProcessBus, RedisBus } from './core/bus.js';
import { type DialectName, openDatabase } from './db/database.js';
import { answerClientError, registerErrorHandling, registerFormBodies } from './core/http.js';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './core/rateLimit.js';
import { registerSecurityHeaders } from './core/securityHeaders.js';
import { ServiceRegistry } from './core/services.js';
import { registerWebApp, WEB_PREFIX } from './core/web.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { JobRegistry } from './jobs/job.js';
import { JobRunner } from './jobs/jobRunner.js';
import { JobRunsRepo } from './jobs/jobRuns.repo.js';
import type { SmsSender } from './modules/auth/index.js';
import type { DeliveryChannels, ToolRenderer } from './modules/delivery/index.js';
import { SERVER_MODULES } from './modules.js';
import type { Lifecycle, ModuleContext } from './platform/module.js';
import { LiveFeed } from './realtime/liveFeed.js';
import { SocketServer } from './realtime/socketServer.js';
import { DomainEvents, IngestService, LatestValues, MachineHistory } from './telemetry/index.js';
import { RingTagStatsJob } from './telemetry/ringStats/ringTagStatsJob.js';

/** The running platform: what modules were given, for `main.ts`, tests and tools. */
export interface Platform {
  db: Kysely<Database>;
  dialect: DialectName;
  bus: Bus;
  events: DomainEvents;
  ingest: IngestService;
  latest: LatestValues;
  machine: MachineHistory;
  services: ServiceRegistry;
  jobs: JobRunner;
  sockets: SocketServer;
  /** Starts what a listening server runs: module start work (data sources, demo data), then the job runner. */
  start(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export interface AppOverrides {
  /** Where SMS codes go instead of the embedded outbox (tests, gateways). */
  sms?: SmsSender;
  counters?: CounterStore;
  /** Where log lines go (standard output by default). */
  logStream?: { write(line: string): void };
  /** The wall clock of the real-time reads and jobs: frames' arrival, staleness, connection state (tests move it). */
  now?: () => number;
  /** Report delivery's renderer and channels in place of the browser, SMTP and webhooks (the delivery job's tests). */
  delivery?: { renderer?: ToolRenderer; channels?: DeliveryChannels };
}

function redisClient(url: string, app: FastifyInstance): Redis {
  const redis = new Redis(url);
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
  return redis;
}

/** Start and stop work of the modules, run in module order (stops in reverse). */
class ModuleLifecycle implements Lifecycle {
  private readonly starts: (() => Promise<void> | void)[] = [];
  private readonly stops: (() => Promise<void> | void)[] = [];

  onStart(work: () => Promise<void> | void): void {
    this.starts.push(work);
  }

  onStop(work: () => Promise<void> | void): void {
    this.stops.push(work);
  }

  async start(): Promise<void> {
    for (const work of this.starts) await work();
  }

  async stop(): Promise<void> {
    for (const work of [...this.stops].reverse()) await work();
  }
}

/**
 * Builds the whole server (ARCHITECTURE.md §1, §11): the platform — database and migrations, bus,
 * counters, the machine-data pipeline with its events and history, jobs, the access gate — then
 * every module of `SERVER_MODULES` in order, then the message server and the web app. Tests use it
 * through `app.inject`; `main.ts` listens and calls `app.platform.start()`.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
      // Never a token that travels in the path (the H5 view's current alarms) in a log line.
      serializers: { req: requestLogFields },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Never `ignoreDuplicateSlashes`: access is read from the matched route, and `//u/...` must not match.
    routerOptions: { ignoreTrailingSlash: false },
    // A request Node cannot parse answers the envelope too (code 3), not the framework's own body.
    clientErrorHandler: answerClientError,
  });
  app.decorate('endpointDefinitions', []);

  const db = openDatabase(config.database, (error) => app.log.warn({ err: error }, 'database connection lost'));
  const counters = overrides.counters ?? (config.redisUrl ? new RedisCounterStore(redisClient(config.redisUrl, app), `${config.redisPrefix}rl:`) : new MemoryCounterStore());
  app.addHook('onClose', async () => {
    await Promise.allSettled([counters.close(), db.close()]);
  });
  const migrations = Object.assign({}, ...SERVER_MODULES.map((m) => m.migrations ?? {}));
  await migrateToLatest(db, migrations);

  const now = overrides.now ?? Date.now;
  let latest = new LatestValues(null, now);
  if (config.redisUrl) {
    const client = redisClient(config.redisUrl, app);
    app.addHook('onClose', async () => void client.disconnect());
    latest = new LatestValues({ client, prefix: config.redisPrefix }, now);
  }
  const events = new DomainEvents((error, name) => app.log.error({ err: error, event: name }, 'an event subscriber failed'));
  const ingest = new IngestService(db.kysely, latest, events);
  const machine = new MachineHistory(db.kysely, { latest, engine: (runId) => ingest.engineState(runId) });
  const bus: Bus = config.redisUrl ? new RedisBus(config.redisUrl, config.redisPrefix, (error) => app.log.warn({ err: error }, 'redis bus error')) : new InProcessBus();
  if (bus instanceof RedisBus) await bus.ready;
  new LiveFeed(bus, ingest, latest).start();

  const services = new ServiceRegistry();
  if (overrides.sms) services.provide('sms', overrides.sms);
  if (overrides.delivery) services.provide('deliveryPorts', overrides.delivery);
  const jobs = new JobRegistry();
  // The platform's own jobs: closing ingest windows of machines gone quiet (each instance for its
  // own open runs), and the per-ring tag statistics of completed rings.
  jobs.declare({
    name: 'telemetry.flushIdle',
    intervalMs: 60_000,
    scope: 'instance',
    run: async ({ now: at }) => {
      await ingest.flushIdle(at);
      return 0;
    },
  });
  const ringStats = new RingTagStatsJob({ db: db.kysely, log: app.log, now: Date.now });
  jobs.declare({ name: 'telemetry.ringTagStats', intervalMs: config.ringStats.intervalMs, run: ({ now: at, signal }) => ringStats.pass(at, signal) });
  const lifecycle = new ModuleLifecycle();

  registerSecurityHeaders(app, config.frameAncestors, config.maps.tiles ? [new URL(config.maps.tiles.url.replace(/\{[^}]*\}/g, '0')).origin] : []);
  await app.register(multipart, { limits: { fileSize: LIMITS.repairVideoMaxBytes, files: 1 } });
  registerFormBodies(app);
  registerErrorHandling(app);
  // The gate reads the services of the modules below at request time.
  registerAccessGate(app, {
    sessions: { authenticate: (token) => services.get('sessions').authenticate(token) },
    policy: {
      isAllowed: (session, code) => services.get('policy').isAllowed(session, code),
      resourcesOf: (session) => services.get('policy').resourcesOf(session),
      rolesOf: (session) => services.get('policy').rolesOf(session),
    },
    machines: { authenticate: (key) => services.get('telemetry').authenticate(key) },
    publicStaticPrefixes: [WEB_PREFIX],
  });

  const context: ModuleContext = {
    app,
    config,
    db: db.kysely,
    dialect: db.dialect,
    now,
    log: app.log,
    endpoints: { validateResponses: config.validateResponses },
    bus,
    counters,
    events,
    jobs,
    services,
    machine,
    telemetry: { ingest, latest },
    lifecycle,
  };
  for (const module of SERVER_MODULES) await module.register(context);
  services.verify();

  const sessions = services.get('sessions');
  const sockets = new SocketServer(
    { sessions, runs: services.get('runScope'), bus, log: app.log },
    { authTimeoutMs: config.realtime.authTimeoutMs, pingIntervalMs: config.realtime.pingIntervalMs, allowedOrigins: config.publicUrl ? [new URL(config.publicUrl).origin] : [] },
  );
  sockets.attach(app.server);
  // A revocation reaches every instance's sockets (forced offline) through the bus.
  sessions.onRevoked((userIds) => bus.publish(JSON.stringify({ type: 'sessionRevoked', userIds })));

  const runner = new JobRunner({ registry: jobs, repo: new JobRunsRepo(db.kysely), log: app.log, now }, { owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}` });
  let started = false;
  app.decorate('platform', {
    db: db.kysely,
    dialect: db.dialect,
    bus,
    events,
    ingest,
    latest,
    machine,
    services,
    jobs: runner,
    sockets,
    async start() {
      if (started) return;
      started = true;
      await lifecycle.start();
      await runner.start();
    },
  });
  // Jobs and sources stop, then sockets, before the database they read closes.
  app.addHook('preClose', async () => {
    await runner.stop();
    if (started) await lifecycle.stop();
    await sockets.close();
    await bus.close();
  });
  await registerWebApp(app, config.webDist);

  return app;
}
