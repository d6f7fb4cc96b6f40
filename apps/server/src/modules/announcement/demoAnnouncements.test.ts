import { announcementContract, collectionContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { seedDemoCollection } from '../collection/index.js';
import { seedDemoAnnouncements } from './demoAnnouncements.js';

describe('demo announcements and collection', () => {
  let t: TestApp;
  let sa = '';
  const runs: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.95.0.1' });
    const org = (await t.db.kysely.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    runs.push(await buildRun(t.db, org, { projectName: 'Metro M4' }), await buildRun(t.db, org, { projectName: 'Metro M12' }));
  });
  afterAll(() => t.close());

  it('seeds a pinned, a current and a past announcement once, and the administrator a few starred entries', async () => {
    const now = Date.now();
    expect(await seedDemoAnnouncements(t.db.kysely, runs, now)).toBe(3);
    expect(await seedDemoAnnouncements(t.db.kysely, runs, now)).toBe(0);
    expect(await seedDemoCollection(t.db.kysely, runs, now)).toBe(3);
    expect(await seedDemoCollection(t.db.kysely, runs, now)).toBe(0);

    const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return body.data;
    };
    const current = announcementContract.announcementCurrent.output.parse(await post(announcementContract.announcementCurrent, {}));
    // The handover is the one the demo messages announce (same title).
    expect(current.map((a) => [a.title, a.pinned])).toEqual([
      ['Safety stand-down on Friday at 07:00', true],
      ['Night shift handover moves to 19:30', false],
    ]);
    // The demo's own account has read them: no sign-in dialog in front of the demo.
    expect(current.every((a) => a.read)).toBe(true);
    expect(current[0]?.content).toContain('<a href="mailto:hse@example.com" rel="noopener noreferrer" target="_blank">');
    const history = announcementContract.announcementHistory.output.parse(await post(announcementContract.announcementHistory, { page: 1, pageSize: 20 }));
    expect(history.records.find((a) => a.title === 'Grout plant maintenance completed')?.current).toBe(false);
    const starred = collectionContract.collectionList.output.parse(await post(collectionContract.collectionList, {}));
    expect(starred.map((e) => [e.kind, e.runId])).toEqual([
      ['page', runs[0]],
      ['project', runs[0]],
      ['page', runs[1]],
    ]);
  });
});
