import { telemetryContract } from '@boreline/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { FrameDecoder, UnknownName } from '../decode.js';
import type { IngestService } from '../ingest.js';

/**
 * MQTT ingest (QoS 1). Topic per machine: `<prefix>/runs/<runId>/frames`; payload: the JSON of one
 * HTTP ingest batch (`{ batchId?, frames: [{ ts, values }] }`) or a single frame (`{ ts, values }`).
 * The broker's PUBACK is sent only after the frames are durable, so a crash before that makes the
 * broker deliver them again. A payload that cannot be read is counted and logged, never fatal.
 */
export const MQTT_TOPIC = (prefix: string) => `${prefix}/runs/+/frames`;

export interface MqttStats {
  messages: number;
  frames: number;
  rejected: number;
}

export class MqttSource {
  private client: MqttClient | null = null;
  readonly stats: MqttStats = { messages: 0, frames: 0, rejected: 0 };

  constructor(
    private readonly options: { url: string; prefix: string; clientId: string },
    private readonly deps: {
      ingest: IngestService;
      decoderOf: (runId: number) => Promise<FrameDecoder | null>;
      /** Records the names of a stored batch that map to no tag (the tag-mapping page lists them). */
      noteUnknown?: (runId: number, unknown: ReadonlyMap<string, UnknownName>) => Promise<void>;
      log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
    },
  ) {}

  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, { clientId: this.options.clientId, clean: false, reconnectPeriod: 2_000 });
    // The client sends PUBACK only after this callback: a message is acknowledged once handled
    // (durable, or rejected for good); a failed store answers with an error and no PUBACK.
    client.handleMessage = (packet, callback) => {
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      this.handle(packet.topic, payload).then(
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
    this.deps.log.info({ topic: MQTT_TOPIC(this.options.prefix) }, 'mqtt ingest subscribed');
  }

  private reject(reason: string, topic: string): void {
    this.stats.rejected += 1;
    this.deps.log.warn({ topic, reason }, 'mqtt payload rejected');
  }

  /** Resolves when the message is stored or rejected; throws only when storing failed (resend wanted). */
  async handle(topic: string, payload: Buffer): Promise<void> {
    this.stats.messages += 1;
    const match = /\/runs\/(\d{1,10})\/frames$/.exec(topic);
    const runId = Number(match?.[1] ?? Number.NaN);
    const decoder = Number.isSafeInteger(runId) ? await this.deps.decoderOf(runId) : null;
    if (!decoder) return this.reject('unknown run', topic);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.reject('not JSON', topic);
    }
    const single = telemetryContract.IngestFrameSchema.safeParse(json);
    const batch = single.success ? { success: true as const, data: { frames: [single.data], batchId: undefined } } : telemetryContract.IngestBatchSchema.safeParse(json);
    if (!batch.success) return this.reject('not a frame or batch', topic);
    const { frames, unknown } = decoder.decode(runId, batch.data.frames);
    const result = await this.deps.ingest.ingest(runId, frames, batch.data.batchId);
    this.stats.frames += frames.length;
    if (!result.replayed && unknown.size > 0) await this.deps.noteUnknown?.(runId, unknown);
  }

  async stop(): Promise<void> {
    await this.client?.endAsync();
    this.client = null;
  }
}
