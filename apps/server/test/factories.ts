import type { Insertable } from 'kysely';
import type { RingTable } from '../src/db/schema/telemetry.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/core/password.js';
import { TEST_CAPTCHA } from './testApp.js';

let sequence = 0;

export interface BuiltUser {
  id: number;
  phone: string;
  email: string;
  password: string;
}

export async function buildUser(
  db: Db,
  overrides: { phone?: string; email?: string; password?: string; sa?: boolean; enabled?: boolean; nickname?: string } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const n = `${process.pid}${sequence}`.slice(-8).padStart(8, '0');
  const user = {
    phone: overrides.phone ?? `139${n}`,
    email: overrides.email ?? `user${n}@example.test`,
    password: overrides.password ?? `Secret-${n}`,
  };
  const now = Date.now();
  const row = await db.kysely
    .insertInto('users')
    .values({
      phone: user.phone,
      email: user.email,
      nickname: overrides.nickname ?? `User ${n}`,
      password_hash: await hashPassword(user.password),
      enabled: overrides.enabled === false ? 0 : 1,
      is_sa: overrides.sa ? 1 : 0,
      is_zb: 0,
      org_id: null,
      avatar_key: null,
      lang: 'en_US',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...user };
}

let stateSequence = 0;

/** Asks for an image captcha and returns its state id (the answer is TEST_CAPTCHA in tests). */
export async function imageCaptcha(app: FastifyInstance, ip = '127.0.0.1'): Promise<string> {
  stateSequence += 1;
  const state = `state-${process.pid}-${stateSequence}-abcdefgh`;
  const response = await app.inject({ method: 'GET', url: `/server_main/g/web/sys/getKaptcha/?state=${state}`, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`captcha failed: ${response.body}`);
  return state;
}

export interface RequestOptions {
  ip?: string;
  lang?: string;
  userAgent?: string;
}

export async function loginV1(
  app: FastifyInstance,
  account: string,
  password: string,
  options: RequestOptions & { captcha?: string } = {},
): Promise<LightMyRequestResponse> {
  const ip = options.ip ?? '127.0.0.1';
  const state = await imageCaptcha(app, ip);
  return app.inject({
    method: 'POST',
    url: '/server_main/g/web/sys/login/v1',
    remoteAddress: ip,
    headers: { lang: options.lang ?? 'en_US', 'user-agent': options.userAgent ?? 'vitest' },
    payload: { account, password, state, captcha: options.captcha ?? TEST_CAPTCHA },
  });
}

/** Signs in and returns the session token. */
export async function signIn(app: FastifyInstance, account: string, password: string, options: RequestOptions = {}): Promise<string> {
  const response = await loginV1(app, account, password, options);
  const body: { code: number; data: { token?: string } | null } = response.json();
  if (body.code !== 0 || !body.data?.token) throw new Error(`sign-in failed: ${response.body}`);
  return body.data.token;
}

/** A call with a session token, as the web client makes it. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; payload?: object; lang?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { lang: options.lang ?? 'en_US', ...(options.token ? { authorization: options.token } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

let runSequence = 0;

/** A run (one TBM on one project) of an organization. */
export async function buildRun(
  db: Db,
  orgId: number,
  overrides: { projectName?: string; tbmCode?: string; machineType?: 'epb' | 'slurry'; timeZone?: string } = {},
): Promise<number> {
  runSequence += 1;
  const row = await db.kysely
    .insertInto('runs')
    .values({
      org_id: orgId,
      project_name: overrides.projectName ?? `Metro line ${runSequence}`,
      project_code: `P-${runSequence}`,
      tbm_code: overrides.tbmCode ?? `TBM-${runSequence}`,
      machine_type: overrides.machineType ?? 'epb',
      country: 'IT',
      time_zone: overrides.timeZone ?? 'Europe/Rome',
      line_name: 'Line 1',
      ring_width_mm: overrides.machineType === 'slurry' ? 2000 : 1500,
      start_ring: 1,
      planned_rings: 1000,
      start_chainage: 1000,
      end_chainage: 2500,
      source: 'http',
      sim_seed: null,
      ingest_key_hash: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A ring record with every aggregate left empty unless given. */
export function ringRecord(runId: number, ringNo: number, start: number, end: number, extra: Partial<Insertable<RingTable>> = {}): Insertable<RingTable> {
  return {
    run_id: runId,
    ring_no: ringNo,
    start_ts: start,
    end_ts: end,
    advance_ms: 0,
    ring_build_ms: 0,
    waiting_ms: 0,
    frames: 100,
    start_chainage: null,
    end_chainage: null,
    thrust_avg: null,
    thrust_max: null,
    torque_avg: null,
    torque_max: null,
    speed_avg: null,
    speed_max: null,
    penetration_avg: null,
    face_pressure_avg: null,
    grout_volume: null,
    grout_pressure_avg: null,
    foam_volume: null,
    bentonite_volume: null,
    head_horizontal: null,
    head_vertical: null,
    tail_horizontal: null,
    tail_vertical: null,
    tail_gap_top: null,
    tail_gap_bottom: null,
    tail_gap_left: null,
    tail_gap_right: null,
    ...extra,
  };
}
