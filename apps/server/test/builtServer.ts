import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const mainJs = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export interface BuiltServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  dataDir: string;
  output(): string;
  stop(): void;
  /** Kills the process at once (SIGKILL), leaving the data folder for a restart. */
  crash(): Promise<void>;
}

/**
 * The built server (`npm run build`) as `npm start` runs it: a real process on a free port with a
 * fresh data folder, started from another working directory; resolves once it prints its address.
 */
export async function startBuiltServer(env: Record<string, string> = {}, reuseDataDir?: string): Promise<BuiltServer> {
  if (!existsSync(mainJs)) throw new Error('run `npm run build` first');
  const dataDir = reuseDataDir ?? mkdtempSync(join(tmpdir(), 'boreline-run-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    cwd: tmpdir(),
    // A short demo history keeps test machines quiet; tests that need more say so.
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_HISTORY_DAYS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Boreline is running')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    crash: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
