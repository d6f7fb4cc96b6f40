import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  await app.platform.start();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  const lines = [``, `  Boreline is running: ${url}/client_web/`, `  Database: ${config.database.kind}`];
  // The broker's address without its credentials; how a publish proves its machine.
  const mqtt = config.mqttUrl ? `MQTT (${config.mqttUrl.replace(/\/\/[^@/]*@/, '//')}, ${config.mqttTrustBrokerAcl ? "the broker's per-machine ACL is trusted" : 'each publish carries its run\'s ingest key'})` : null;
  lines.push(`  Machine data: ${[config.simulator ? 'simulator' : null, 'HTTP batch ingest', mqtt].filter(Boolean).join(', ')}`);
  if (config.demo.enabled) lines.push(`  Demo projects: on (history of ${config.demo.historyDays} days fills in the background)`);
  if (app.firstStart) {
    lines.push(`  Super administrator created: ${app.firstStart.email} (phone ${app.firstStart.phone})`);
    lines.push(
      app.firstStart.generatedPassword
        ? `  Password (shown this once, change it after signing in): ${app.firstStart.generatedPassword}`
        : `  Password: the value of ADMIN_PASSWORD`,
    );
  } else {
    lines.push(`  Sign in as ${config.admin.email} (password shown on the first start, or ADMIN_PASSWORD)`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
