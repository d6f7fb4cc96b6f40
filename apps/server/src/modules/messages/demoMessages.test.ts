import { endpointUrl, messagesContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { seedDemoMessages } from './demoMessages.js';
import type { MessageCentre } from './messageCentre.js';
import { buildWorld, centreOn, ensureMessagesTable, RecordingBus, type World } from './messages.fixture.js';

describe('demo messages', () => {
  let t: TestApp;
  let w: World;
  let centre: MessageCentre;
  let slurryRun = 0;
  const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);

  beforeAll(async () => {
    t = await createTestApp();
    await ensureMessagesTable(t);
    w = await buildWorld(t);
    centre = centreOn(t, new RecordingBus(), () => NOW);
    slurryRun = await buildRun(t.db, w.siteA2, { projectName: 'River crossing', tbmCode: 'S-1200', machineType: 'slurry' });
    await t.db.kysely.insertInto('user_runs').values({ user_id: w.limited.id, run_id: slurryRun }).execute();
  });
  afterAll(() => t.close());

  it('gives the users of the demo runs and its administrator a realistic inbox, each the messages their grants reach, once', async () => {
    const runs = [w.runA1, slurryRun];
    const written = await seedDemoMessages(t.db.kysely, centre, runs, NOW);
    expect(written).toBeGreaterThan(0);
    // Alarms, reminders, stock, announcement per run, and one welcome.
    const engineer = await centre.counts(w.engineer.id);
    expect(engineer.byType).toEqual({ maintenanceReminder: 2, componentAlarm: 2, monitoringAlarm: 4, stockWarning: 2, announcement: 2, system: 1, report: 0 });
    // The crew holds no alarm code; the limited engineer sees only the slurry run (assigned); the rest nothing.
    expect((await centre.counts(w.crew.id)).byType).toMatchObject({ componentAlarm: 0, monitoringAlarm: 0, maintenanceReminder: 2, system: 1 });
    expect((await centre.counts(w.limited.id)).total).toBe(6 + 1);
    for (const nobody of [w.plain, w.outsider]) expect((await centre.counts(nobody.id)).total).toBe(0);
    // The demo's own user, the super administrator, gets every run's messages (a fresh demo has no other account).
    expect(await centre.counts(w.sa.id)).toEqual(engineer);

    const session = { sessionId: 1, userId: w.engineer.id, sa: false, zb: false, orgId: w.orgA, expiresAt: NOW + 3_600_000, runId: null };
    const titles = (await centre.inbox.page(session, { page: 1, pageSize: 50, runId: slurryRun }, 'en_US')).records.map((r) => r.title);
    expect(titles).toContain('Maintenance due on S-1200: Screw conveyor wear plates, thickness check (monthly)');
    expect(titles.some((title) => /below its alarm limit of 1\.8 bar$/.test(title))).toBe(true);
    const announcement = (await centre.inbox.page(session, { page: 1, pageSize: 1, messageTypes: ['announcement'] }, 'pt_PT')).records[0];
    expect(announcement).toMatchObject({ title: 'Anúncio: Night shift handover moves to 19:30', typeName: 'Anúncio' });
    expect(announcement?.text).toMatch(/^From Monday the night shift/);

    expect(await seedDemoMessages(t.db.kysely, centre, runs, NOW + 60_000)).toBe(0);
    expect(await centre.counts(w.engineer.id)).toEqual(engineer);
  });

  it('fills the bell of a fresh demo installation once the server starts', async () => {
    const demo = await createTestApp({ DEMO_DATA: 'true', SIMULATOR: 'false' });
    try {
      await demo.app.platform.start();
      const sa = await signIn(demo.app, ADMIN.email, ADMIN.password, { ip: '10.93.250.1' });
      const counts = envelope(await call(demo.app, 'POST', endpointUrl(messagesContract.countPersonal), { token: sa, payload: {} }));
      expect(counts.data).toEqual({ total: 25, byType: { maintenanceReminder: 4, componentAlarm: 4, monitoringAlarm: 8, stockWarning: 4, announcement: 4, system: 1, report: 0 } });
      const page = envelope(await call(demo.app, 'POST', endpointUrl(messagesContract.reminderPage), { token: sa, payload: { messageTypes: ['maintenanceReminder'] }, lang: 'it_IT' }));
      expect(JSON.stringify(page.data)).toContain('Manutenzione in scadenza su S-1125: Main bearing grease top-up (weekly)');
    } finally {
      await demo.close();
    }
  });
});
