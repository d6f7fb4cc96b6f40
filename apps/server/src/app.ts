import { ALL_ENDPOINTS, LIMITS, RESOURCE_CODES } from '@boreline/contracts';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { registerAccessGate } from './core/auth.js';
import { openDatabase } from './core/db.js';
import { registerErrorHandling } from './core/http.js';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './core/rateLimit.js';
import { registerSecurityHeaders } from './core/securityHeaders.js';
import { registerWebApp, WEB_PREFIX } from './core/web.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { type FirstStart, seedSuperAdmin } from './db/seed/superAdmin.js';
import { AuthRepo } from './modules/auth/auth.repo.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaService, MobileCodeService } from './modules/auth/captcha.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { OutboxSmsSender, type SmsSender } from './modules/auth/sms.js';
import { SignInThrottle } from './modules/auth/throttle.js';
import { RoleGrantPolicy } from './modules/admin/access.policy.js';
import { registerAclRoutes } from './modules/admin/acl.routes.js';
import { AclService } from './modules/admin/acl.service.js';
import { OrgRepo } from './modules/admin/org.repo.js';
import { PermissionRepo } from './modules/admin/permission.repo.js';
import { registerResourceRoutes } from './modules/admin/resource.routes.js';
import { ResourceService } from './modules/admin/resource.service.js';
import { UserAdminRepo } from './modules/admin/user.repo.js';
import { UserAdminService } from './modules/admin/user.service.js';
import { registerOrgRoutes } from './modules/admin/org.routes.js';
import { OrgService } from './modules/admin/org.service.js';
import { OrgScope } from './modules/admin/orgScope.js';
import { registerWarnSettingRoutes } from './modules/admin/warnSetting.routes.js';
import { WarnSettingRepo } from './modules/admin/warnSetting.repo.js';
import { WarnSettingService } from './modules/admin/warnSetting.service.js';
import { BOARD_LIVE_TAGS, BoardService } from './modules/project/board.service.js';
import { FiguresRepo } from './modules/project/figures.repo.js';
import { registerBasicInfoRoutes } from './modules/project/basicInfo.routes.js';
import { BasicInfoRepo } from './modules/project/basicInfo.repo.js';
import { BasicInfoService } from './modules/project/basicInfo.service.js';
import { registerDictionaryRoutes } from './modules/project/dictionary.routes.js';
import { DictionaryService } from './modules/project/dictionary.service.js';
import { registerProjectRoutes } from './modules/project/project.routes.js';
import { registerShiftRoutes } from './modules/project/shift.routes.js';
import { ShiftRepo } from './modules/project/shift.repo.js';
import { ShiftService } from './modules/project/shift.service.js';
import { RunRepo } from './modules/project/run.repo.js';
import { RunScope } from './modules/project/runScope.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerTelemetryRoutes } from './modules/telemetry/telemetry.routes.js';
import { TelemetryService } from './modules/telemetry/telemetry.service.js';
import { type Bus, InProcessBus, RedisBus } from './core/bus.js';
import { ConnectionRepo } from './modules/monitor/connection.repo.js';
import { H5Service } from './modules/monitor/h5.service.js';
import { H5TicketRepo } from './modules/monitor/h5Ticket.repo.js';
import { registerMonitorRoutes } from './modules/monitor/monitor.routes.js';
import { registerPeriodReportRoutes } from './modules/report/periodReport.routes.js';
import { registerShiftReportRoutes } from './modules/report/shiftReport.routes.js';
import { registerStatisticRoutes } from './modules/statistic/statistic.routes.js';
import { createFiles, registerFilesRoutes } from './modules/files/index.js';
import { MonitorService } from './modules/monitor/monitor.service.js';
import { ConnectionMonitor } from './realtime/connectionMonitor.js';
import { LiveFeed } from './realtime/liveFeed.js';
import { SocketServer } from './realtime/socketServer.js';
import { IngestService } from './telemetry/ingest.js';
import { LatestValues } from './telemetry/latestValues.js';
import { SeriesReader } from './telemetry/series.js';
import { TagMappingRepo } from './telemetry/store/tagMapping.repo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when this start created the super administrator. */
    firstStart: FirstStart | null;
    /** The telemetry pipeline (sources feed it; tests and tools use it directly). */
    telemetry: { ingest: IngestService; latest: LatestValues; service: TelemetryService; db: Kysely<Database>; runs: RunRepo };
    /** The message server and what feeds it (tests publish and tick through it). */
    realtime: { bus: Bus; sockets: SocketServer; connections: ConnectionMonitor };
  }
}

export interface AppOverrides {
  sms?: SmsSender;
  counters?: CounterStore;
  /** Where log lines go (standard output by default). */
  logStream?: { write(line: string): void };
  /** The wall clock of the real-time reads: frames' arrival, staleness, connection state (tests move it). */
  now?: () => number;
}

function redisCounters(url: string, prefix: string, app: FastifyInstance): CounterStore {
  const redis = new Redis(url);
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
  return new RedisCounterStore(redis, `${prefix}rl:`);
}

/** Builds the whole server; tests use it through `app.inject`, `main.ts` listens with it. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Never `ignoreDuplicateSlashes`: access is read from the matched route, and `//u/...` must not match.
    routerOptions: { ignoreTrailingSlash: false },
  });

  const db = openDatabase(config.database, (error) => app.log.warn({ err: error }, 'database connection lost'));
  const counters = overrides.counters ?? (config.redisUrl ? redisCounters(config.redisUrl, config.redisPrefix, app) : new MemoryCounterStore());
  app.addHook('onClose', async () => {
    await Promise.allSettled([counters.close(), db.close()]);
  });

  await migrateToLatest(db);

  const repo = new AuthRepo(db.kysely);
  app.decorate('firstStart', await seedSuperAdmin(repo, config.admin));

  const permissions = new PermissionRepo(db.kysely);
  // Every resource code of the contracts exists in the tree, also those added by later versions.
  await permissions.seedResources(RESOURCE_CODES, Date.now());
  const policy = new RoleGrantPolicy(permissions);
  const orgRepo = new OrgRepo(db.kysely);
  const sessions = new SessionService(repo, config.session);
  const captcha = new CaptchaService(repo, config.captchaTestAnswer);
  const throttle = new SignInThrottle(counters);
  const runRepo = new RunRepo(db.kysely);
  const runScope = new RunScope(runRepo, policy);
  const now = overrides.now ?? Date.now;
  const files = await createFiles({ db: db.kysely, dialect: db.dialect, now, runs: runScope, log: app.log });
  // Until the job runner is wired: unattached uploads of a day and dead partial ones go hourly.
  const orphanSweep = setInterval(() => void files.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'files: orphan sweep failed')), 3_600_000);
  orphanSweep.unref();
  app.addHook('onClose', async () => clearInterval(orphanSweep));
  const auth = new AuthService({
    files,
    repo,
    sessions,
    captcha,
    mobileCodes: new MobileCodeService(repo),
    throttle,
    sms: overrides.sms ?? new OutboxSmsSender(repo, app.log),
    policy,
  });

  let latest = new LatestValues(null, now);
  if (config.redisUrl) {
    const client = new Redis(config.redisUrl);
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
    app.addHook('onClose', async () => void client.disconnect());
    latest = new LatestValues({ client, prefix: config.redisPrefix }, now);
  }
  const ingest = new IngestService(db.kysely, latest);
  const bus: Bus = config.redisUrl ? new RedisBus(config.redisUrl, config.redisPrefix, (error) => app.log.warn({ err: error }, 'redis bus error')) : new InProcessBus();
  if (bus instanceof RedisBus) await bus.ready;
  new LiveFeed(bus, ingest, latest).start();
  const telemetry = new TelemetryService(runRepo, runScope, ingest, new SeriesReader(db.kysely), new TagMappingRepo(db.kysely));
  app.decorate('telemetry', { ingest, latest, service: telemetry, db: db.kysely, runs: runRepo });

  registerSecurityHeaders(app, config.frameAncestors);
  await app.register(multipart, { limits: { fileSize: LIMITS.repairVideoMaxBytes, files: 1 } });
  registerErrorHandling(app);
  registerAccessGate(app, { sessions, policy, machines: telemetry, publicStaticPrefixes: [WEB_PREFIX] });

  const options = { validateResponses: config.validateResponses };
  registerSystemRoutes(app, { db, endpoints: ALL_ENDPOINTS }, options);
  registerAuthRoutes(app, { auth, captcha, throttle, files }, options);
  const scope = new OrgScope(orgRepo, repo);
  registerOrgRoutes(app, new OrgService(orgRepo, scope, sessions), options);
  const acl = new AclService(permissions, scope, policy);
  const users = new UserAdminService(new UserAdminRepo(db.kysely), scope, sessions, acl, repo, runRepo);
  registerAclRoutes(app, { acl, users }, options);
  registerResourceRoutes(app, new ResourceService(permissions), options);
  registerWarnSettingRoutes(app, new WarnSettingService(new WarnSettingRepo(db.kysely), runScope), options);
  const basicInfo = new BasicInfoRepo(db.kysely);
  const board = new BoardService(
    runScope,
    new FiguresRepo(db.kysely),
    { latest: (runId) => latest.get(runId, BOARD_LIVE_TAGS), engineState: (runId) => ingest.engineState(runId) },
    async (runId) => ({ ringsPerDay: (await basicInfo.projectInfo(runId))?.planned_rings_per_day ?? null }),
  );
  // Figures the board remembers are dropped as soon as the run's cycle engine closes an interval or a ring.
  ingest.events.on('cycle', (runId: number) => board.invalidate(runId));
  registerProjectRoutes(app, { runs: runScope, board }, options);
  registerBasicInfoRoutes(app, new BasicInfoService(basicInfo, runScope), options);
  registerShiftRoutes(app, new ShiftService(new ShiftRepo(db.kysely), runScope), options);
  registerDictionaryRoutes(app, new DictionaryService(), options);
  registerTelemetryRoutes(app, telemetry, options);
  registerShiftReportRoutes(app, { db: db.kysely, runs: runScope, now, editWindowMs: config.reports.editWindowMs }, options);
  registerPeriodReportRoutes(app, { db: db.kysely, runs: runScope, now }, options);
  registerStatisticRoutes(app, { db: db.kysely, runs: runScope, now }, options);
  registerFilesRoutes(app, { files, runs: runScope }, options);

  const connectionRepo = new ConnectionRepo(db.kysely);
  const monitor = new MonitorService({
    scope: runScope,
    latest,
    connections: connectionRepo,
    engineState: (runId) => ingest.engineState(runId),
    disconnectedAfterMs: config.realtime.disconnectedAfterMs,
    now,
  });
  registerMonitorRoutes(app, { monitor, h5: new H5Service(new H5TicketRepo(db.kysely), runScope, sessions) }, options);
  const sockets = new SocketServer(
    { sessions, runs: runScope, bus, log: app.log },
    { authTimeoutMs: config.realtime.authTimeoutMs, pingIntervalMs: config.realtime.pingIntervalMs, allowedOrigins: config.publicUrl ? [new URL(config.publicUrl).origin] : [] },
  );
  sockets.attach(app.server);
  sessions.onRevoked((userIds) => bus.publish(JSON.stringify({ type: 'sessionRevoked', userIds })));
  const connections = new ConnectionMonitor(
    { repo: connectionRepo, latest, bus, runIds: async () => (await runRepo.under(null)).map((r) => r.id), log: app.log, now },
    { intervalMs: config.realtime.checkIntervalMs, disconnectedAfterMs: config.realtime.disconnectedAfterMs },
  );
  connections.start();
  app.decorate('realtime', { bus, sockets, connections });
  // Sockets close before the database they read sessions from.
  app.addHook('preClose', async () => {
    await connections.stop();
    await sockets.close();
    await bus.close();
  });
  await registerWebApp(app, config.webDist);

  return app;
}
