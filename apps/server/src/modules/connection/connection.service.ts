import { type ConnectionStatus, connectionContract as cc, endpointUrl, type IngestSource, KEY_TAGS, type RefusalReason, telemetryContract } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import type { LatestValues } from '../../telemetry/index.js';
import type { RunScope } from '../project/index.js';
import type { ConnectionRepo } from './connection.repo.js';

const { INGEST_KEY_PLACEHOLDER, INGEST_KEY_USER_PROPERTY, REFUSAL_EXCERPT_MAX, REFUSAL_REASONS, INGEST_SOURCES } = cc;

/** Frames per minute count what arrived in this window. */
const RATE_WINDOW_MS = 60_000;
/** The newest frame's arrival is written at most this often per run (and whenever its source changes). */
const LAST_FRAME_WRITE_MS = 10_000;
/**
 * At most this many refusals of a run are written per REFUSAL_WINDOW_MS: a flood of junk on a run's
 * topic costs the database little. The others are only counted, added to the total with the next
 * refusal written.
 */
export const REFUSAL_WRITES_PER_WINDOW = 20;
const REFUSAL_WINDOW_MS = 10_000;

/**
 * The start of a payload as it may be shown: any `"key": "…"` field and anything shaped like an
 * ingest key blanked, at most REFUSAL_EXCERPT_MAX characters.
 */
export function excerptOf(payload: string, field?: string): string {
  const blanked = payload
    .replace(/("key"\s*:\s*)"(?:[^"\\]|\\.)*"?/g, '$1"***"')
    .replace(/bk[A-Za-z0-9_-]{20,}/g, 'bk***');
  const text = field === undefined || field === '' ? blanked : `[${field}] ${blanked}`;
  return text.length > REFUSAL_EXCERPT_MAX ? text.slice(0, REFUSAL_EXCERPT_MAX) : text;
}

/** What this instance saw arrive for a run: batches of the last minute, the newest arrival and its source. */
interface Arrivals {
  batches: { at: number; frames: number }[];
  lastAt: number;
  source: IngestSource;
  writtenAt: number;
  writtenSource: IngestSource | null;
}

const isReason = (value: string): value is RefusalReason => (REFUSAL_REASONS as readonly string[]).includes(value);
const isSource = (value: string | null): value is IngestSource => value !== null && (INGEST_SOURCES as readonly string[]).includes(value);

/**
 * How a run's machine connects (issue 18): the refused payloads of HTTP ingest and MQTT with their
 * reason (the newest REFUSALS_KEPT per run, and a total), the newest frame's arrival and source,
 * and frames per minute.
 *
 * Frames per minute are counted in memory by the instance that received them (a gateway talks to
 * one instance; behind a balancer each instance shows its own share). The newest arrival and its
 * source are kept in memory and written to the run's row at most every LAST_FRAME_WRITE_MS, so
 * every instance and a restart show them; the newest frame's own time comes from the latest values.
 */
export class ConnectionService {
  private readonly arrivals = new Map<number, Arrivals>();
  private readonly refusalBudgets = new Map<number, { windowStart: number; written: number; skipped: number }>();
  /** Writes of a run, one after another (a refusal's trim never races the next insert). */
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly deps: {
      repo: ConnectionRepo;
      scope: RunScope;
      latest: LatestValues;
      now: () => number;
      log: { warn(obj: object, msg: string): void };
      config: { publicUrl: string | undefined; mqttUrl: string | undefined; mqttPublicUrl: string | undefined; mqttTopicPrefix: string; mqttTrustBrokerAcl: boolean };
    },
  ) {}

  private serial(runId: number, work: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(runId) ?? Promise.resolve()).then(work);
    const settled = next.catch((error: unknown) => this.deps.log.warn({ err: error, runId }, 'connection record not written'));
    this.queues.set(runId, settled);
    void settled.then(() => {
      if (this.queues.get(runId) === settled) this.queues.delete(runId);
    });
    return settled;
  }

  /** A refused payload of a run that exists (never throws: a failed write is logged). */
  refused(runId: number, refusal: { source: 'http' | 'mqtt'; reason: RefusalReason; payload: string; field?: string }): Promise<void> {
    const at = this.deps.now();
    let budget = this.refusalBudgets.get(runId);
    if (!budget || at - budget.windowStart >= REFUSAL_WINDOW_MS) {
      budget = { windowStart: at, written: 0, skipped: budget?.skipped ?? 0 };
      this.refusalBudgets.set(runId, budget);
    }
    if (budget.written >= REFUSAL_WRITES_PER_WINDOW) {
      budget.skipped += 1;
      return Promise.resolve();
    }
    budget.written += 1;
    const uncounted = budget.skipped;
    budget.skipped = 0;
    const row = { at, source: refusal.source, reason: refusal.reason, excerpt: excerptOf(refusal.payload, refusal.field) };
    return this.serial(runId, () => this.deps.repo.refuse(runId, row, uncounted));
  }

  /** Frames of a run stored from one request or publish. */
  received(runId: number, source: IngestSource, frames: number): void {
    const at = this.deps.now();
    let seen = this.arrivals.get(runId);
    if (!seen) {
      seen = { batches: [], lastAt: at, source, writtenAt: 0, writtenSource: null };
      this.arrivals.set(runId, seen);
    }
    seen.batches.push({ at, frames });
    while ((seen.batches[0]?.at ?? at) <= at - RATE_WINDOW_MS) seen.batches.shift();
    seen.lastAt = at;
    seen.source = source;
    if (at - seen.writtenAt >= LAST_FRAME_WRITE_MS || seen.writtenSource !== source) {
      seen.writtenAt = at;
      seen.writtenSource = source;
      void this.serial(runId, () => this.deps.repo.lastFrame(runId, at, source));
    }
  }

  /** A run's key was issued or replaced now. */
  keyIssued(runId: number): Promise<void> {
    const at = this.deps.now();
    return this.serial(runId, () => this.deps.repo.keyIssued(runId, at));
  }

  /** Waits for the writes already asked for (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  async status(session: AuthSession, runId: number, requestOrigin: string): Promise<ConnectionStatus> {
    const run = await this.deps.scope.require(session, runId, 'connection.status.read');
    const [row, refusals, latest] = await Promise.all([this.deps.repo.of(run.id), this.deps.repo.refusals(run.id), this.deps.latest.get(run.id)]);
    const now = this.deps.now();
    const seen = this.arrivals.get(run.id);
    const framesPerMinute = (seen?.batches ?? []).filter((b) => b.at > now - RATE_WINDOW_MS).reduce((sum, b) => sum + b.frames, 0);
    const candidates: { at: number; source: IngestSource | null }[] = [];
    if (seen) candidates.push({ at: seen.lastAt, source: seen.source });
    if (row && row.last_frame_at !== null) candidates.push({ at: Number(row.last_frame_at), source: isSource(row.last_source) ? row.last_source : null });
    if (latest) candidates.push({ at: latest.receivedAt, source: null });
    const newest = candidates.reduce<{ at: number; source: IngestSource | null } | null>((best, c) => (best === null || c.at > best.at ? c : best), null);
    // A frame of unknown source that is newer than any gateway's came from the built-in simulator
    // on a simulated run, else from the gateway last seen (through another instance).
    const known = candidates.find((c) => c.source !== null)?.source ?? null;
    const lastSource = newest === null ? null : (newest.source ?? (run.source === 'simulator' ? 'simulator' : known));
    return {
      runId: run.id,
      ...this.addresses(run.id, requestOrigin),
      key: { issued: run.ingest_key_hash !== null, issuedAt: run.ingest_key_hash !== null && row && row.key_issued_at !== null ? Number(row.key_issued_at) : null },
      lastFrameAt: newest?.at ?? null,
      lastSource,
      lastFrameTs: latest?.ts ?? null,
      framesPerMinute,
      refusedTotal: row?.refused_total ?? 0,
      refusals: refusals.map((r) => ({
        id: r.id,
        at: Number(r.at),
        source: r.source === 'mqtt' ? 'mqtt' : 'http',
        reason: isReason(r.reason) ? r.reason : 'badPayload',
        excerpt: r.excerpt,
      })),
    };
  }

  /** Where and how a gateway sends, with examples naming the key by INGEST_KEY_PLACEHOLDER. */
  private addresses(runId: number, requestOrigin: string): Pick<ConnectionStatus, 'http' | 'mqtt'> {
    const { config, now } = this.deps;
    const origin = (config.publicUrl ?? requestOrigin).replace(/\/+$/, '');
    const url = `${origin}${endpointUrl(telemetryContract.ingestFrames)}`;
    const ts = Math.floor(now() / 1000) * 1000;
    const values = { [KEY_TAGS.advanceSpeed]: 42.5, [KEY_TAGS.totalThrust]: 15200 };
    const batch = JSON.stringify({ batchId: 'gw-000001', frames: [{ ts, values }] });
    const topic = `${config.mqttTopicPrefix}/runs/${runId}/frames`;
    const trust = config.mqttTrustBrokerAcl;
    const frame = JSON.stringify(trust ? { ts, values } : { key: INGEST_KEY_PLACEHOLDER, ts, values });
    const broker = brokerOf(config.mqttPublicUrl ?? config.mqttUrl);
    const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
    const login = trust ? ' -u <MACHINE_ACCOUNT> -P <MACHINE_PASSWORD>' : '';
    const keyProperty = trust ? '' : ` -D publish user-property ${INGEST_KEY_USER_PROPERTY} ${quote(INGEST_KEY_PLACEHOLDER)}`;
    const frameWithoutKey = JSON.stringify({ ts, values });
    return {
      http: {
        url,
        example: batch,
        curl: `curl -X POST ${quote(url)} -H ${quote(`Authorization: ${INGEST_KEY_PLACEHOLDER}`)} -H 'Content-Type: application/json' -d ${quote(batch)}`,
      },
      mqtt: {
        enabled: config.mqttUrl !== undefined,
        topic,
        example: frame,
        mosquittoPub: `mosquitto_pub -h ${broker.host} -p ${broker.port}${broker.tls ? ' --tls-use-os-certs' : ''}${login} -V mqttv5 -q 1 -t ${quote(topic)}${keyProperty} -m ${quote(trust ? frame : frameWithoutKey)}`,
        trustsBrokerAcl: trust,
      },
    };
  }
}

/** Host and port of the broker as machines reach it, never its credentials. */
function brokerOf(address: string | undefined): { host: string; port: number; tls: boolean } {
  if (!address) return { host: '<BROKER_HOST>', port: 1883, tls: false };
  try {
    const parsed = new URL(address);
    const tls = parsed.protocol === 'mqtts:' || parsed.protocol === 'wss:';
    return { host: parsed.hostname || '<BROKER_HOST>', port: parsed.port ? Number(parsed.port) : tls ? 8883 : 1883, tls };
  } catch {
    return { host: '<BROKER_HOST>', port: 1883, tls: false };
  }
}
