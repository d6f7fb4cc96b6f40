import { createHash, timingSafeEqual } from 'node:crypto';
import { connectionContract, RESULT_CODE, type RefusalReason, telemetryContract } from '@boreline/contracts';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { AppError } from '../../core/errors.js';
import type { FrameDecoder } from '../decode.js';
import type { IngestService } from '../ingest.js';

/**
 * MQTT ingest (QoS 1, MQTT 5). Topic per machine: `<prefix>/runs/<runId>/frames`; payload: the JSON
 * of one HTTP ingest batch (`{ batchId?, frames: [{ ts, values }] }`) or a single frame (`{ ts, values }`).
 *
 * A publish proves who sent it: the run's ingest key in the MQTT 5 user property `ingest-key`, or
 * in a top-level `key` field of the payload — unless the server is told to trust the broker's
 * per-machine topic ACL (`trustBrokerAcl`: the broker lets each machine's account write its own
 * run's topic only). Anything else is refused: acknowledged (never resent), counted, logged, and
 * handed to `refused` for the run's connection page.
 *
 * The broker's PUBACK is sent only after the frames are durable, so a crash before that makes the
 * broker deliver them again.
 */
export const MQTT_TOPIC = (prefix: string) => `${prefix}/runs/+/frames`;
/** The MQTT 5 user property carrying the run's ingest key. */
export const INGEST_KEY_PROPERTY = connectionContract.INGEST_KEY_USER_PROPERTY;
/** How long a run's key hash is trusted before it is read again (a rotation on this instance forgets it at once). */
export const KEY_CACHE_MS = 5_000;

export interface MqttStats {
  messages: number;
  frames: number;
  rejected: number;
}

/** A publish refused for a run that exists. */
export interface MqttRefusal {
  runId: number;
  reason: RefusalReason;
  payload: Buffer;
  /** For a payload that is no frame or batch: where it is wrong (`frames.0.ts`). */
  field?: string;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether `key` is the one whose SHA-256 (hex) is `hash`, compared in constant time. */
export function keyMatches(key: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const presented = sha256(key);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

function userProperty(packet: IPublishPacket, name: string): string | null {
  const value = packet.properties?.userProperties?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
}

export class MqttSource {
  private client: MqttClient | null = null;
  readonly stats: MqttStats = { messages: 0, frames: 0, rejected: 0 };
  private readonly keys = new Map<number, { hash: string | null; until: number }>();

  constructor(
    private readonly options: { url: string; prefix: string; clientId: string; trustBrokerAcl?: boolean },
    private readonly deps: {
      ingest: IngestService;
      decoderOf: (runId: number) => Promise<FrameDecoder | null>;
      /** Whether a run without a decoder exists but its drive is finished (its publishes are refused as `runClosed`). */
      isFinished?: (runId: number) => Promise<boolean>;
      /** The SHA-256 (hex) of the run's ingest key; null when none is issued. */
      keyHashOf: (runId: number) => Promise<string | null>;
      /** A refused publish of an existing run (awaited before the publish is acknowledged). */
      refused?: (refusal: MqttRefusal) => Promise<void>;
      /** Frames of a run stored from one publish. */
      received?: (runId: number, frames: number) => void;
      log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
      now?: () => number;
    },
  ) {}

  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: this.options.clientId,
      protocolVersion: 5,
      clean: false,
      // MQTT 5 ends a session at disconnection unless told otherwise: a day of publishes waits for a restart.
      properties: { sessionExpiryInterval: 86_400 },
      reconnectPeriod: 2_000,
    });
    // The client sends PUBACK only after this callback: a message is acknowledged once handled
    // (durable, or refused for good); a failed store answers with an error and no PUBACK.
    client.handleMessage = (packet, callback) => {
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      this.handle(packet.topic, payload, userProperty(packet, INGEST_KEY_PROPERTY)).then(
        () => callback(),
        (error: unknown) => {
          this.deps.log.warn({ err: error }, 'mqtt frames not stored; the broker will resend them');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    this.client = client;
    client.on('error', (error) => this.deps.log.warn({ err: error }, 'mqtt connection error'));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(MQTT_TOPIC(this.options.prefix), { qos: 1 });
    this.deps.log.info({ topic: MQTT_TOPIC(this.options.prefix), trustBrokerAcl: this.options.trustBrokerAcl === true }, 'mqtt ingest subscribed');
  }

  /** Forgets a run's key (after a rotation): the next publish is checked against the new one. */
  forgetKey(runId: number): void {
    this.keys.delete(runId);
  }

  private async keyHash(runId: number): Promise<string | null> {
    const now = (this.deps.now ?? Date.now)();
    const known = this.keys.get(runId);
    if (known && known.until > now) return known.hash;
    const hash = await this.deps.keyHashOf(runId);
    this.keys.set(runId, { hash, until: now + KEY_CACHE_MS });
    return hash;
  }

  private async reject(reason: RefusalReason | 'unknownRun', topic: string, runId: number, payload: Buffer, field?: string): Promise<void> {
    this.stats.rejected += 1;
    this.deps.log.warn({ topic, reason }, 'mqtt payload rejected');
    if (reason !== 'unknownRun') await this.deps.refused?.({ runId, reason, payload, ...(field === undefined ? {} : { field }) });
  }

  /**
   * Resolves when the message is stored or refused; throws only when storing failed (resend wanted).
   * `propertyKey`: the publish's `ingest-key` user property.
   */
  async handle(topic: string, payload: Buffer, propertyKey: string | null = null): Promise<void> {
    this.stats.messages += 1;
    const match = /\/runs\/(\d{1,10})\/frames$/.exec(topic);
    const runId = Number(match?.[1] ?? Number.NaN);
    const decoder = Number.isSafeInteger(runId) ? await this.deps.decoderOf(runId) : null;
    if (!decoder) return this.reject((await this.deps.isFinished?.(runId)) ? 'runClosed' : 'unknownRun', topic, runId, payload);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      json = undefined;
    }
    if (!this.options.trustBrokerAcl) {
      const payloadKey = typeof json === 'object' && json !== null && 'key' in json && typeof json.key === 'string' ? json.key : null;
      const key = propertyKey ?? payloadKey;
      if (key === null) return this.reject(json === undefined ? 'notJson' : 'noKey', topic, runId, payload);
      const hash = await this.keyHash(runId);
      if (hash === null) return this.reject('noKeyIssued', topic, runId, payload);
      if (!keyMatches(key, hash)) return this.reject('wrongKey', topic, runId, payload);
    }
    if (json === undefined) return this.reject('notJson', topic, runId, payload);
    const single = telemetryContract.IngestFrameSchema.safeParse(json);
    const batch = single.success ? { success: true as const, data: { frames: [single.data], batchId: undefined } } : telemetryContract.IngestBatchSchema.safeParse(json);
    if (!batch.success) return this.reject('badPayload', topic, runId, payload, batch.error.issues[0]?.path.join('.'));
    const { frames } = decoder.decode(runId, batch.data.frames);
    try {
      await this.deps.ingest.ingest(runId, frames, batch.data.batchId);
    } catch (error) {
      // A rule of the product (the run takes no more data) is an answer, not a failure to store.
      if (error instanceof AppError && error.code === RESULT_CODE.business) return this.reject('runClosed', topic, runId, payload);
      throw error;
    }
    this.stats.frames += frames.length;
    this.deps.received?.(runId, frames.length);
  }

  async stop(): Promise<void> {
    await this.client?.endAsync();
    this.client = null;
  }
}
