import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { RunIdSchema } from './project/project.contract.js';

/** How many refused payloads a run keeps (the newest ones). */
export const REFUSALS_KEPT = 50;
/** The longest excerpt of a refused payload that is kept (never the key: a `key` field is blanked first). */
export const REFUSAL_EXCERPT_MAX = 200;

/** Stands for the run's ingest key in the example payloads and command lines (the key itself is shown once, when issued). */
export const INGEST_KEY_PLACEHOLDER = '<INGEST_KEY>';
/** The MQTT 5 user property a publish carries the run's ingest key in. */
export const INGEST_KEY_USER_PROPERTY = 'ingest-key';

/** Where machine data came in. */
export const INGEST_SOURCES = ['http', 'mqtt', 'simulator'] as const;
export type IngestSource = (typeof INGEST_SOURCES)[number];

/**
 * Why a payload was refused:
 * - `notJson`: the body is not JSON;
 * - `badPayload`: JSON, but neither a frame nor a batch (the contract's problems in the excerpt's place);
 * - `noKey`: an MQTT publish without the run's key (user property `ingest-key` or field `key`);
 * - `wrongKey`: an MQTT publish with a key that is not this run's (another run's key included);
 * - `noKeyIssued`: an MQTT publish to a run that has no ingest key yet;
 * - `runClosed`: the run no longer takes data (finished, or gone);
 * - `tooLarge`: the body is larger than the server takes.
 */
export const REFUSAL_REASONS = ['notJson', 'badPayload', 'noKey', 'wrongKey', 'noKeyIssued', 'runClosed', 'tooLarge'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const RefusalSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  source: z.enum(['http', 'mqtt']),
  reason: z.enum(REFUSAL_REASONS),
  /** The start of the payload as received (at most REFUSAL_EXCERPT_MAX characters, any key blanked). */
  excerpt: z.string(),
});
export type Refusal = z.infer<typeof RefusalSchema>;

export const ConnectionStatusSchema = z.object({
  runId: z.number().int(),
  /** Where a gateway sends: the HTTP address and, when the server reads a broker, the MQTT topic. */
  http: z.object({ url: z.string(), example: z.string(), curl: z.string() }),
  mqtt: z.object({
    enabled: z.boolean(),
    topic: z.string(),
    example: z.string(),
    mosquittoPub: z.string(),
    /** The server accepts every publish the broker let through on a run's topic (its per-machine ACL is trusted). */
    trustsBrokerAcl: z.boolean(),
  }),
  key: z.object({
    issued: z.boolean(),
    /** When the present key was issued (null: none, or issued before this was recorded). */
    issuedAt: z.number().nullable(),
  }),
  /** When the newest frame arrived (server clock) and through which source; null before any. */
  lastFrameAt: z.number().nullable(),
  lastSource: z.enum(INGEST_SOURCES).nullable(),
  /** The newest stored frame's own time (machine clock). */
  lastFrameTs: z.number().nullable(),
  /** Frames gateways sent (HTTP, MQTT) in the last 60 s, as this server instance received them (the simulator is not counted). */
  framesPerMinute: z.number().int(),
  /** Every refusal recorded for the run, and the newest REFUSALS_KEPT of them, newest first. */
  refusedTotal: z.number().int(),
  refusals: z.array(RefusalSchema),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const connectionStatusQuery = defineEndpoint({
  id: 'connection.statusQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/monitor/connection/query/v1',
  permission: 'connection.status.read',
  summary:
    "How a run's machine connects: the HTTP address and MQTT topic with example payloads and command lines, whether a key is issued and when, the last frame and its source, frames per minute, and the newest refused payloads with their reason",
  input: z.object({ runId: RunIdSchema }),
  output: ConnectionStatusSchema,
});

export const connectionEndpoints = [connectionStatusQuery] as const;
