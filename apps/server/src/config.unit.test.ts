import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('starts with safe defaults: loopback, SQLite under data/, no test settings, responses checked', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('sqlite');
    expect(config.database.kind === 'sqlite' && config.database.file.endsWith('/data/boreline.db')).toBe(true);
    expect(config.captchaTestAnswer).toBeUndefined();
    expect(config.admin.password).toBeUndefined();
    expect(config.frameAncestors).toBe("'none'");
    expect(config.validateResponses).toBe(true);
    expect(config.session).toEqual({ idleMs: 240 * 60_000, absoluteMs: 24 * 3_600_000 });
  });

  it('keeps 8 hours of demo frames and builds ring statistics every minute unless told otherwise', () => {
    const defaults = loadConfig({});
    expect(defaults.demo.framesMs).toBe(8 * 3_600_000);
    expect(defaults.ringStats.intervalMs).toBe(60_000);
    const set = loadConfig({ DEMO_FRAMES_HOURS: '3', RING_STATS_INTERVAL_SECONDS: '15' });
    expect(set.demo.framesMs).toBe(3 * 3_600_000);
    expect(set.ringStats.intervalMs).toBe(15_000);
    expect(() => loadConfig({ RING_STATS_INTERVAL_SECONDS: '0' })).toThrow(/RING_STATS_INTERVAL_SECONDS/);
  });

  it('asks every MQTT publish for its run\'s ingest key unless the broker\'s per-machine ACL is trusted', () => {
    expect(loadConfig({}).mqttTrustBrokerAcl).toBe(false);
    expect(loadConfig({ MQTT_TRUST_BROKER_ACL: 'true' }).mqttTrustBrokerAcl).toBe(true);
    expect(loadConfig({ MQTT_PUBLIC_URL: 'mqtts://broker.example.test:8883' }).mqttPublicUrl).toBe('mqtts://broker.example.test:8883');
    expect(() => loadConfig({ MQTT_TRUST_BROKER_ACL: 'yes' })).toThrow(/MQTT_TRUST_BROKER_ACL/);
  });

  it('selects PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/boreline' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/boreline' });
  });

  it('refuses the captcha test setting in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: '1234' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: '1234' })).toThrow(/refused when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'development', CAPTCHA_TEST_ANSWER: '1234' }).captchaTestAnswer).toBe('1234');
    expect(loadConfig({ NODE_ENV: 'production' }).validateResponses).toBe(false);
  });

  it('names every invalid variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_IDLE_MINUTES: '0', ADMIN_PASSWORD: 'short' });
      expect.unreachable();
    } catch (error) {
      const message = String(error);
      for (const name of ['PORT', 'DATABASE_URL', 'SESSION_IDLE_MINUTES', 'ADMIN_PASSWORD']) expect(message).toContain(name);
    }
  });
});
