import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.js';
import { seedDemoFeedback } from './demoFeedback.js';

describe('demo feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds feedback in several languages and every state once, answered ones with their reply', async () => {
    const now = Date.now();
    expect(await seedDemoFeedback(t.db.kysely, now)).toBe(6);
    expect(await seedDemoFeedback(t.db.kysely, now)).toBe(0);
    const rows = await t.db.kysely.selectFrom('feedback_items').selectAll().execute();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['new', 'inProgress', 'answered', 'closed']));
    for (const row of rows.filter((r) => r.state === 'answered')) expect(row.reply && row.replied_at && row.replied_by).toBeTruthy();
    // Visitors' feedback and signed-in senders' both.
    expect(rows.some((r) => r.user_id === null) && rows.some((r) => r.user_id !== null)).toBe(true);
    expect(rows.every((r) => r.submitted_at < now)).toBe(true);
  });
});
