import { type ChildProcess, spawn } from 'node:child_process';

export interface Stats {
  min: number;
  median: number;
  max: number;
}

export const stats = (values: number[]): Stats => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
};

/** Starts a server process pinned to core 0 (the load generator runs on core 1) and waits for `ready`. */
export async function startPinned(args: string[], env: Record<string, string>, ready: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('taskset', ['-c', '0', process.execPath, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes(ready)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output: () => output };
}

export function report(name: string, figure: string, ratio: number, target: string, pass: boolean): void {
  console.log(`${name}: ${figure} (${ratio.toFixed(2)} x baseline) target ${target} ${pass ? 'PASS' : 'FAIL'}`);
}

export { freePort } from '../../apps/server/test/builtServer.js';
