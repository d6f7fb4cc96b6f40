import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { projectContract, toolPagesContract } from '@boreline/contracts';
import { startBenchServer } from '../lib/api.js';
import { report, stats } from '../lib/harness.js';

const RENDERS = 50;
const ROUNDS = 5;
const TIME_TARGET_MS = 3_000;
const RATIO_TARGET = 2.5;
const GROWTH_TARGET_MB = 50;
const BROWSER = process.env.RENDER_BROWSER ?? '/usr/bin/chromium';

/** Resident memory of a process in MB (Linux). */
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * B12 server rendering: the shift daily tool page of a demo project rendered to an A4 PDF through
 * the render call (ticket, exchange, the page's data, capture), against the same browser printing
 * the console's static privacy page to PDF with nothing else around it. Alternating rounds after a
 * warm-up; then 50 renders in a row, and the server's resident memory before and after them.
 */
export async function toolRender(): Promise<void> {
  const server = await startBenchServer({ DEMO_DATA: 'true', DEMO_HISTORY_DAYS: '2', DEMO_FRAMES_HOURS: '0', SIMULATOR: 'false', RENDER_BROWSER: BROWSER });
  const browser = await chromium.launch({ executablePath: BROWSER });
  try {
    const runs = (await (await fetch(`${server.origin}/server_main${projectContract.runQueryProject.path}`, { headers: server.headers })).json()) as { data: { runId: number }[] };
    const runId = runs.data[0]?.runId ?? 0;
    const body = JSON.stringify({ runId, tool: 'shiftDailyTool', format: 'pdf', size: 'a4' });
    const ours = async (): Promise<number> => {
      const t0 = performance.now();
      const response = await fetch(`${server.origin}/server_project${toolPagesContract.toolRender.path}`, { method: 'POST', headers: server.headers, body });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`render failed: ${response.status} ${bytes.subarray(0, 200).toString()}`);
      return performance.now() - t0;
    };
    const bare = async (): Promise<number> => {
      const t0 = performance.now();
      const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(`${server.origin}/client_web/privacy`);
      await page.waitForLoadState('networkidle');
      await page.pdf({ format: 'A4', printBackground: true });
      await context.close();
      return performance.now() - t0;
    };
    await ours();
    await bare();
    const oursMs: number[] = [];
    const bareMs: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await ours();
      const b = await bare();
      oursMs.push(a);
      bareMs.push(b);
      ratios.push(a / b);
    }
    const o = stats(oursMs);
    const b = stats(bareMs);
    const r = stats(ratios);
    console.log(`B12 render: shift daily PDF min/median/max ${o.min.toFixed(0)}/${o.median.toFixed(0)}/${o.max.toFixed(0)} ms; bare PDF of a static page ${b.median.toFixed(0)} ms`);
    report('B12 shift daily PDF render', `${o.median.toFixed(0)} ms median`, r.median, `< ${TIME_TARGET_MS} ms, <= ${RATIO_TARGET} x`, o.median < TIME_TARGET_MS && r.median <= RATIO_TARGET);

    const pid = server.pid;
    const before = rssMb(pid);
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i += 1) times.push(await ours());
    // Let the collector settle before reading the figure.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = rssMb(pid);
    const s = stats(times);
    console.log(`B12 memory: server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ${RENDERS} renders (median ${s.median.toFixed(0)} ms, max ${s.max.toFixed(0)} ms)`);
    report('B12 memory after 50 renders', `+${(after - before).toFixed(1)} MB`, after / before, `growth <= ${GROWTH_TARGET_MB} MB`, after - before <= GROWTH_TARGET_MB);
  } finally {
    await browser.close();
    server.stop();
  }
}
