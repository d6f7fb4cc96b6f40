import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, REALTIME } from '@boreline/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const positiveInt = z.coerce.number().int().positive();

// Defaults resolve from this module, not the working directory: src/ and the bundled dist/ are
// both two levels below the repository root.
const repoPath = (relative: string) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

/** Environment variables, validated once at start. Every one has a safe default. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default(repoPath('data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
    SQLITE_FILE: z.string().optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional(),
    REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('boreline:'),
    MQTT_URL: z.string().regex(/^(mqtts?|wss?):\/\//, 'MQTT_URL must be an mqtt:// URL').optional(),
    WEB_DIST: z.string().default(repoPath('apps/web/dist')),
    TRUST_PROXY: bool.default(false),
    SESSION_IDLE_MINUTES: positiveInt.default(240),
    SESSION_ABSOLUTE_HOURS: positiveInt.default(24),
    ADMIN_EMAIL: z.email().default('admin@boreline.local'),
    ADMIN_PHONE: z.string().regex(/^\d{1,20}$/).default('10000000000'),
    ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
    CAPTCHA_TEST_ANSWER: z.string().regex(/^[A-Za-z0-9]{4,8}$/).optional(),
    FRAME_ANCESTORS: z.string().default("'none'"),
    BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
    VALIDATE_RESPONSES: bool.optional(),
    DEMO_DATA: bool.optional(),
    DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(120).default(21),
    DEMO_FRAMES_HOURS: z.coerce.number().int().min(0).max(168).default(8),
    SIMULATOR: bool.optional(),
    MQTT_TOPIC_PREFIX: z.string().regex(/^[\w/-]{1,64}$/).default('boreline'),
    MQTT_TRUST_BROKER_ACL: bool.default(false),
    MQTT_PUBLIC_URL: z.string().regex(/^(mqtts?|wss?):\/\//, 'MQTT_PUBLIC_URL must be an mqtt:// URL').optional(),
    WS_AUTH_TIMEOUT_MS: positiveInt.default(REALTIME.authTimeoutMs),
    WS_PING_INTERVAL_MS: positiveInt.default(REALTIME.pingIntervalMs),
    CONNECTION_LOST_AFTER_MS: positiveInt.default(REALTIME.disconnectedAfterMs),
    CONNECTION_CHECK_MS: positiveInt.default(5_000),
    SHIFT_EDIT_WINDOW_MINUTES: positiveInt.default(24 * 60),
    SHIFT_AUTO_GENERATE_MINUTES: positiveInt.default(5),
    RING_STATS_INTERVAL_SECONDS: positiveInt.default(60),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}')
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),
    MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(24).default(19),
    MAP_TILE_PROVIDER: z.string().regex(/^[a-z0-9_-]{1,40}$/i).optional(),
    MAP_PROVIDERS: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}=\S{16,}(,[a-z0-9_-]{1,40}=\S{16,})*$/i, 'MAP_PROVIDERS must be name=secret pairs (secrets of 16 characters or more), comma-separated')
      .optional(),
    RENDER_BROWSER: z.string().optional(),
    RENDER_BASE_URL: z.url().optional(),
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(LIMITS.renderConcurrencyMax),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().max(200).default('Boreline <boreline@localhost>'),
    WEBHOOK_ALLOW_PRIVATE: bool.default(false),
    DELIVERY_INTERVAL_SECONDS: positiveInt.default(60),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.CAPTCHA_TEST_ANSWER), {
    message: 'CAPTCHA_TEST_ANSWER is a test setting and is refused when NODE_ENV=production',
    path: ['CAPTCHA_TEST_ANSWER'],
  });

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  logLevel: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Key prefix in Redis, so several installations (or test runs) can share one server. */
  redisPrefix: string;
  mqttUrl: string | undefined;
  webDist: string;
  trustProxy: boolean;
  session: { idleMs: number; absoluteMs: number };
  admin: { email: string; phone: string; password: string | undefined };
  /** Fixed captcha answer for automated tests and scripted clients; never in production. */
  captchaTestAnswer: string | undefined;
  frameAncestors: string;
  bodyLimitBytes: number;
  /** Check handler results against the contract's output schema (off in production). */
  validateResponses: boolean;
  /**
   * Demo projects with history on a fresh database (the embedded default; never in tests); the
   * last `framesMs` of the history go through ingest with every tag (charts of single rings).
   */
  demo: { enabled: boolean; historyDays: number; framesMs: number };
  /** The built-in simulator feeds runs whose source is 'simulator'. */
  simulator: boolean;
  mqttTopicPrefix: string;
  /**
   * Accept every publish the broker let through on a run's topic, without the run's ingest key:
   * only when the broker gives each machine an account allowed to write its own run's topic alone.
   */
  mqttTrustBrokerAcl: boolean;
  /** The broker's address as machines reach it (shown on the connection page; default: MQTT_URL without credentials). */
  mqttPublicUrl: string | undefined;
  /** The message server's timings and the connection state's threshold (tests shorten them). */
  realtime: { authTimeoutMs: number; pingIntervalMs: number; disconnectedAfterMs: number; checkIntervalMs: number };
  /** How long after its end a shift report can still be changed; how often ended shifts are generated. */
  reports: { editWindowMs: number; autoGenerateIntervalMs: number };
  /** How often the scheduler builds the tag statistics of rings that completed. */
  ringStats: { intervalMs: number };
  /**
   * The map's tile source (none by default: a site may have no internet) and the map providers
   * whose short-lived tokens the server signs; their secrets never leave the server.
   */
  maps: {
    tiles: { url: string; attribution: string; maxZoom: number; provider: string | null } | null;
    providers: ReadonlyMap<string, { secret: string }>;
  };
  /**
   * Report delivery: the browser that renders tool pages (Debian's chromium; null: none found,
   * rendering answers code 3), the address it opens pages at (this server), how many render at
   * once; the SMTP server of e-mails (none: no e-mail channel); whether webhooks may call private
   * and loopback addresses (off: a subscriber cannot make the server call its own network).
   */
  delivery: {
    browserPath: string | null;
    baseUrl: string | null;
    concurrency: number;
    smtpUrl: string | null;
    mailFrom: string;
    webhookAllowPrivate: boolean;
    intervalMs: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(e.SQLITE_FILE ?? `${dataDir}/boreline.db`) },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    mqttUrl: e.MQTT_URL,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    admin: { email: e.ADMIN_EMAIL, phone: e.ADMIN_PHONE, password: e.ADMIN_PASSWORD },
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    frameAncestors: e.FRAME_ANCESTORS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    demo: { enabled: e.DEMO_DATA ?? e.NODE_ENV !== 'test', historyDays: e.DEMO_HISTORY_DAYS, framesMs: e.DEMO_FRAMES_HOURS * 3_600_000 },
    simulator: e.SIMULATOR ?? e.NODE_ENV !== 'test',
    mqttTopicPrefix: e.MQTT_TOPIC_PREFIX,
    mqttTrustBrokerAcl: e.MQTT_TRUST_BROKER_ACL,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    realtime: {
      authTimeoutMs: e.WS_AUTH_TIMEOUT_MS,
      pingIntervalMs: e.WS_PING_INTERVAL_MS,
      disconnectedAfterMs: e.CONNECTION_LOST_AFTER_MS,
      checkIntervalMs: e.CONNECTION_CHECK_MS,
    },
    reports: { editWindowMs: e.SHIFT_EDIT_WINDOW_MINUTES * 60_000, autoGenerateIntervalMs: e.SHIFT_AUTO_GENERATE_MINUTES * 60_000 },
    ringStats: { intervalMs: e.RING_STATS_INTERVAL_SECONDS * 1_000 },
    maps: {
      tiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION, maxZoom: e.MAP_TILE_MAX_ZOOM, provider: e.MAP_TILE_PROVIDER ?? null } : null,
      providers: new Map(
        (e.MAP_PROVIDERS ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const at = pair.indexOf('=');
            return [pair.slice(0, at), { secret: pair.slice(at + 1) }] as const;
          }),
      ),
    },
    delivery: {
      // A configured browser that is not there renders nothing (code 3), like a server without one.
      browserPath: e.RENDER_BROWSER === undefined ? defaultBrowser() : existsSync(e.RENDER_BROWSER) ? e.RENDER_BROWSER : null,
      baseUrl: e.RENDER_BASE_URL ?? null,
      concurrency: e.RENDER_CONCURRENCY,
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM,
      webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      intervalMs: e.DELIVERY_INTERVAL_SECONDS * 1_000,
    },
  };
}

/** Debian's and other common places of a Chromium build; null when none is installed. */
function defaultBrowser(): string | null {
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(path)) return path;
  return null;
}
