import { migration } from '../../db/migrations/20261128T1100_ingestConnection.js';
import { defineModule } from '../../platform/module.js';
import { MqttSource } from '../../telemetry/index.js';
import { ConnectionRepo } from './connection.repo.js';
import { registerConnectionRoutes } from './connection.routes.js';
import { ConnectionService } from './connection.service.js';
import { watchHttpIngest } from './httpRefusals.js';

export { ConnectionService, excerptOf } from './connection.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** How machines connect: refused payloads, the newest frame's arrival and source, frames per minute. */
    connection: ConnectionService;
  }
}

/**
 * Connecting a machine (issue 18): the run's connection page (addresses, examples, key, last frame,
 * frames per minute, refused payloads), the record of what HTTP ingest and MQTT refused, and the
 * MQTT source, which takes a publish only with the run's ingest key (user property `ingest-key` or
 * a `key` field) or, when MQTT_TRUST_BROKER_ACL is set, from the broker's per-machine accounts.
 */
export const connectionModule = defineModule({
  name: 'connection',
  migrations: { '20261128T1100_ingestConnection': migration },
  register(ctx) {
    const runs = ctx.services.get('runs');
    const telemetry = ctx.services.get('telemetry');
    const { config } = ctx;
    const connection = new ConnectionService({
      repo: new ConnectionRepo(ctx.db),
      scope: ctx.services.get('runScope'),
      latest: ctx.telemetry.latest,
      now: ctx.now,
      log: ctx.log,
      config,
    });
    ctx.services.provide('connection', connection);
    registerConnectionRoutes(ctx.app, connection, ctx.endpoints);
    watchHttpIngest(ctx.app, { connection, machines: telemetry });

    const mqttUrl = config.mqttUrl;
    const mqtt = mqttUrl
      ? new MqttSource(
          { url: mqttUrl, prefix: config.mqttTopicPrefix, clientId: `boreline-${process.pid}`, trustBrokerAcl: config.mqttTrustBrokerAcl },
          {
            ingest: ctx.telemetry.ingest,
            decoderOf: (runId) => telemetry.decoderOf(runId),
            isFinished: (runId) => telemetry.isFinished(runId),
            keyHashOf: async (runId) => (await runs.find(runId))?.ingest_key_hash ?? null,
            refused: (r) => connection.refused(r.runId, { source: 'mqtt', reason: r.reason, payload: r.payload.toString('utf8'), ...(r.field === undefined ? {} : { field: r.field }) }),
            received: (runId, frames) => connection.received(runId, 'mqtt', frames),
            log: ctx.log,
            now: ctx.now,
          },
        )
      : null;
    telemetry.onKeyRotated((runId) => {
      mqtt?.forgetKey(runId);
      void connection.keyIssued(runId);
    });
    if (mqtt) {
      ctx.lifecycle.onStart(() => mqtt.start());
      ctx.lifecycle.onStop(() => mqtt.stop());
    }
    ctx.lifecycle.onStop(() => connection.settled());
  },
});
