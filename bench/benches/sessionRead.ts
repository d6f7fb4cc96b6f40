import { compareWithBaseline, startBenchServer } from '../lib/api.js';

/**
 * B3 (database read): an authenticated call (session lookup by token hash on SQLite, user read,
 * envelope, translation) against a bare Fastify route answering the same JSON.
 */
export async function sessionRead(): Promise<void> {
  const server = await startBenchServer();
  try {
    await compareWithBaseline('B3-session-read', 0.3, { url: `${server.origin}/server_main/u/web/sys/user/queryUserInfo/v1`, method: 'POST', headers: server.headers, body: '{}' });
  } finally {
    server.stop();
  }
}
