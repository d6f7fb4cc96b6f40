import { adminContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import type { AuthSession } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';

// Thursday 26 November 2026, 10:00 in Rome.
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const TODAY = '2026-11-26';
const MOVES = 1_000;
const SEED = 20_261_126;

/** A small seeded PRNG (mulberry32): the same sequence on every run and both databases. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface ModelSheet {
  id: number;
  kind: 'in' | 'out';
  lines: Map<number, number>;
  corrected: boolean;
}

describe('stock ledger: a random sequence of 1,000 moves', () => {
  let t: TestApp;
  let session: AuthSession;
  let runId = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.99.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const org = await admin(adminContract.orgAdd, { parentId: root, name: 'Ledger contractor', type: 'company', sort: 1 });
    runId = await buildRun(t.db, org, { timeZone: 'Europe/Rome' });
    const codes = ['stock.record.read', 'stock.record.write', 'stock.part.write'];
    await admin(adminContract.orgResourcesEdit, { orgId: org, codes });
    const role = await admin(adminContract.roleAdd, { name: 'Keepers', kind: 'custom', orgId: org, sort: 1 });
    await admin(adminContract.roleResourcesUpdate, { roleId: role, codes });
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: org }).where('id', '=', user.id).execute();
    await admin(adminContract.userAssignRoles, { userId: user.id, roleIds: [role] });
    session = { sessionId: 0, userId: user.id, sa: false, zb: false, orgId: org, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };
  });
  afterAll(() => t.close());

  it('keeps every part at the sum of its moves and at the model’s stock, never below zero', async () => {
    const service = t.app.platform.services.get('stock');
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    /** Quantities in thousandths: whole pieces and some with decimals (kg, litres). */
    const quantity = (max: number): number => (random() < 0.7 ? 1 + Math.floor(random() * max) : Math.round((0.001 + random() * max) * 1000) / 1000);
    const parts: { id: number; code: string; name: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const part = await service.partAdd(session, { runId, name: `Part ${i}`, code: `P-${i}`, unit: 'pcs', system: null, component: null, spec: null, location: null, warningLine: 0, leadTimeDays: null, remark: null }, 'en_US');
      parts.push({ id: part.id, code: part.code, name: part.name });
    }
    const model = new Map(parts.map((p) => [p.id, 0]));
    const sheets: ModelSheet[] = [];
    const randomLines = (max: number, count: number): Map<number, number> => {
      const lines = new Map<number, number>();
      for (let i = 0; i < count; i += 1) lines.set(pick(parts).id, Math.round(quantity(max) * 1000));
      return lines;
    };
    const applies = (deltas: Map<number, number>): boolean => [...deltas].every(([id, d]) => (model.get(id) ?? 0) + d >= 0);
    const apply = (deltas: Map<number, number>) => {
      for (const [id, d] of deltas) model.set(id, (model.get(id) ?? 0) + d);
    };
    const signed = (kind: 'in' | 'out', lines: Map<number, number>, sign = 1) => new Map([...lines].map(([id, q]) => [id, (kind === 'in' ? q : -q) * sign]));
    const merge = (a: Map<number, number>, b: Map<number, number>) => {
      const out = new Map(a);
      for (const [id, d] of b) out.set(id, (out.get(id) ?? 0) + d);
      return out;
    };
    const inDetails = (lines: Map<number, number>) => [...lines].map(([id, q]) => ({ partId: id, name: 'x', code: parts.find((p) => p.id === id)?.code ?? '', unit: null, system: null, quantity: q / 1000 }));
    const outDetails = (lines: Map<number, number>) => [...lines].map(([id, q]) => ({ partId: id, quantity: q / 1000 }));
    const header = { runId, number: null, date: TODAY, remark: null };
    const outcome = { served: 0, refused: 0, corrections: 0 };
    const shortageOf = async (run: () => Promise<unknown>): Promise<boolean> => {
      try {
        await run();
        return false;
      } catch (error) {
        if (error instanceof AppError && error.messageKey === 'stock.refused.shortage') return true;
        throw error;
      }
    };

    for (let move = 0; move < MOVES; move += 1) {
      const roll = random();
      const open = sheets.filter((s) => !s.corrected);
      if (roll < 0.4 || sheets.length === 0) {
        const lines = randomLines(20, 1 + Math.floor(random() * 3));
        const sheet = await service.addStockIn(session, { ...header, type: 'restock', reorderDate: TODAY, handler: 'Keeper', details: inDetails(lines) }, 'en_US');
        apply(signed('in', lines));
        sheets.push({ id: sheet.id, kind: 'in', lines, corrected: false });
        outcome.served += 1;
      } else if (roll < 0.8 || open.length === 0) {
        const lines = randomLines(15, 1 + Math.floor(random() * 2));
        const deltas = signed('out', lines);
        const expectRefusal = !applies(deltas);
        let id = 0;
        const refused = await shortageOf(async () => {
          id = (await service.addStockOut(session, { ...header, recipient: 'Fitter', issuer: 'Keeper', maintenanceRecordId: null, details: outDetails(lines) }, 'en_US')).id;
        });
        expect(refused, `move ${move}`).toBe(expectRefusal);
        if (refused) outcome.refused += 1;
        else {
          apply(deltas);
          sheets.push({ id, kind: 'out', lines, corrected: false });
          outcome.served += 1;
        }
      } else {
        const old = pick(open);
        const lines = random() < 0.2 ? new Map<number, number>() : randomLines(old.kind === 'in' ? 20 : 15, 1 + Math.floor(random() * 2));
        const deltas = merge(signed(old.kind, old.lines, -1), signed(old.kind, lines));
        const expectRefusal = !applies(deltas);
        let id = 0;
        const refused = await shortageOf(async () => {
          const correction = { ...header, id: old.id, reason: `Correction ${move}` };
          id = (
            old.kind === 'in'
              ? await service.correctStockIn(session, { ...correction, type: 'restock', reorderDate: TODAY, handler: 'Keeper', details: inDetails(lines) }, 'en_US')
              : await service.correctStockOut(session, { ...correction, recipient: 'Fitter', issuer: 'Keeper', maintenanceRecordId: null, details: outDetails(lines) }, 'en_US')
          ).id;
        });
        expect(refused, `move ${move}`).toBe(expectRefusal);
        if (refused) outcome.refused += 1;
        else {
          apply(deltas);
          old.corrected = true;
          sheets.push({ id, kind: old.kind, lines, corrected: false });
          outcome.corrections += 1;
        }
      }
      if (move % 100 === 0) {
        const rows = await t.db.kysely.selectFrom('stock_parts').select(['stock_milli']).where('run_id', '=', runId).execute();
        expect(rows.every((r) => Number(r.stock_milli) >= 0)).toBe(true);
      }
    }

    // Every kind of move happened.
    expect(outcome.refused).toBeGreaterThan(20);
    expect(outcome.corrections).toBeGreaterThan(50);
    const rows = await t.db.kysely.selectFrom('stock_parts').select(['id', 'stock_milli']).where('run_id', '=', runId).execute();
    const sums = await t.db.kysely
      .selectFrom('stock_moves')
      .select((eb) => ['part_id', eb.fn.sum<number | string>('quantity_milli').as('total')])
      .where('run_id', '=', runId)
      .groupBy('part_id')
      .execute();
    const sumOf = new Map(sums.map((s) => [Number(s.part_id), Number(s.total)]));
    for (const row of rows) {
      const stock = Number(row.stock_milli);
      expect(stock, `part ${row.id}`).toBeGreaterThanOrEqual(0);
      expect(stock, `part ${row.id}`).toBe(sumOf.get(row.id) ?? 0);
      expect(stock, `part ${row.id}`).toBe(model.get(row.id));
    }
    expect(await service.ledgerCheck(session, runId)).toMatchObject({ parts: 6, mismatches: [] });
  }, 60_000);
});
