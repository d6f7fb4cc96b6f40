import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ChannelError } from './channelError.js';
import type { CheckedTarget } from './webhookGuard.js';

/**
 * Posts a body to a checked webhook address and answers the HTTP status. It connects to the
 * address the guard checked (the host name still names the TLS certificate and the Host header),
 * follows no redirect (a 3xx is an answer like any other), opens a connection of its own, and
 * gives up after `timeoutMs` in all (connection, TLS, the answer's head).
 */
export function postToWebhook(target: CheckedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      target.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Boreline-Webhook/1', ...headers },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        // The answer's body says nothing the delivery needs: drop it and the connection.
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    // Set once the request exists; the callbacks above run only later.
    const timer = setTimeout(() => request.destroy(ChannelError.key('deliveryChannels.error.timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof ChannelError ? error : ChannelError.key('deliveryChannels.error.unreachable', error.message));
    });
    request.end(body);
  });
}
