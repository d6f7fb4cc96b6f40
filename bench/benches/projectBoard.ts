import { compareWithBaseline, startBenchServer } from '../lib/api.js';

/**
 * B3 (database reads) for the project list and the project home's board, on the four demo
 * projects with three weeks of history each (about 230 rings and 900 state intervals per machine).
 */
export async function projectBoard(): Promise<void> {
  const server = await startBenchServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '21' });
  try {
    const list = `${server.origin}/server_main/u/web/sts/run/queryAll/v1`;
    // History fills in the background: wait until every demo machine has its rings.
    for (let i = 0; i < 240; i += 1) {
      const body = (await (await fetch(list, { method: 'POST', headers: server.headers, body: '{}' })).json()) as { data: { currentRing: number | null; progress: number }[] };
      if (body.data.length === 4 && body.data.every((r) => r.progress > 0.1)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await compareWithBaseline('B3-project-list', 0.3, { url: list, method: 'POST', headers: server.headers, body: '{}' });
    await compareWithBaseline('B3-project-board', 0.3, { url: `${server.origin}/server_project/u/web/statistic/getIndexPageData/v1?runId=1`, method: 'GET', headers: server.headers });
  } finally {
    server.stop();
  }
}
