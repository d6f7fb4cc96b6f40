import type { CurrentRun } from '@boreline/contracts';
import { vi } from 'vitest';

/** What a page test answers per endpoint id (a value, or a function of the input) and what was called. */
export interface ApiStub {
  responses: Map<string, unknown>;
  calls: { id: string; input: unknown }[];
}

/**
 * The request client with `call` answered from the stub: pages talk to the server only through
 * `call`. Use inside `vi.mock('…/core/api/client.js', (original) => stubbedClient(original, api))`.
 */
export async function stubbedClient(importOriginal: () => Promise<unknown>, api: ApiStub): Promise<object> {
  const actual = await importOriginal();
  return {
    ...(typeof actual === 'object' && actual !== null ? actual : {}),
    call: vi.fn(async (endpoint: { id: string }, input: unknown) => {
      api.calls.push({ id: endpoint.id, input });
      const answer: unknown = api.responses.get(endpoint.id);
      return typeof answer === 'function' ? answer(input) : answer;
    }),
  };
}

/** The Milan demo run as "enter system" keeps it. */
export const MILAN_RUN: CurrentRun = {
  runId: 1,
  projectName: 'Metro M4 Lot 3 – San Babila',
  timeZone: 'Europe/Rome',
  tbmCode: 'S-1125',
  machineType: 'epb',
  deptId: 7,
  deptIdTwo: 6,
  deptPath: '/1/6/7/',
  deptTwoPath: '/1/6/',
  ringWidthMm: 1500,
  startRing: 412,
  plannedRings: 1800,
  startChainage: 4219.833,
  endChainage: 6919.833,
};
