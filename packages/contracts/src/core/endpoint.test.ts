import { describe, expect, it } from 'vitest';
import { endpointUrl, fillPath, pathParams } from './endpoint.js';

describe('path parameters of an endpoint', () => {
  const byToken = { base: 'project', path: '/u/web/alarm/current/query/v1/:token' } as const;

  it('names the `:param` segments and fills them from the input, the rest staying input', () => {
    expect(pathParams(byToken)).toEqual(['token']);
    expect(fillPath(byToken, { token: 'h5a/b c', runId: 7 })).toEqual({ url: '/server_project/u/web/alarm/current/query/v1/h5a%2Fb%20c', rest: { runId: 7 } });
  });

  it('leaves an address without parameters as it is', () => {
    const plain = { base: 'main', path: '/g/web/sys/health/v1' } as const;
    expect(pathParams(plain)).toEqual([]);
    expect(fillPath(plain, { a: 1 })).toEqual({ url: endpointUrl(plain), rest: { a: 1 } });
  });
});
