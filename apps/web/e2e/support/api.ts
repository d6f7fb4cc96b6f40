import { authContract, type EndpointDefinition, endpointUrl, inputSource } from '@boreline/contracts';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { E2E_ADMIN, E2E_CAPTCHA } from './server.js';

const EnvelopeSchema = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });

/** The session token of a page that signed in through the UI. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('boreline.token'));
  if (!token) throw new Error('the page is not signed in');
  return token;
}

/** Calls an endpoint as the holder of `token` would; anything but code 0 fails the test with the server's message. */
export async function apiCall<I extends z.ZodType, O extends z.ZodType>(
  origin: string,
  token: string,
  endpoint: EndpointDefinition<I, O>,
  input: z.input<I>,
): Promise<z.output<O>> {
  const query = inputSource(endpoint) === 'query';
  const params = query ? `?${new URLSearchParams(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const response = await fetch(`${origin}${endpointUrl(endpoint)}${params}`, {
    method: endpoint.method,
    headers: { authorization: token, 'content-type': 'application/json', lang: 'en_US' },
    body: query ? undefined : JSON.stringify(input),
  });
  const envelope = EnvelopeSchema.parse(await response.json());
  if (envelope.code !== 0) throw new Error(`${endpoint.id}: code ${envelope.code} ${envelope.msg}`);
  return endpoint.output.parse(envelope.data);
}

/**
 * The administrator signs in over the API, as a host app's back end or an operator's script would
 * (`state` names the captcha's challenge: one per test file, so files never share one).
 */
export async function signInAdminOverApi(origin: string, state: string): Promise<string> {
  await fetch(`${origin}/server_main/g/web/sys/getKaptcha/?state=${state}`);
  const response = await fetch(`${origin}/server_main/g/web/sys/login/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US' },
    body: JSON.stringify({ account: E2E_ADMIN.email, password: E2E_ADMIN.password, state, captcha: E2E_CAPTCHA }),
  });
  return z.object({ code: z.literal(0), data: authContract.loginV1.output }).parse(await response.json()).data.token;
}
