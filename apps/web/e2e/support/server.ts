import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_CAPTCHA = 'E2E1';
export const E2E_ADMIN = { email: 'admin@boreline.local', password: 'E2e-admin-pass-1' } as const;

const mainJs = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export interface RunningServer {
  base: string;
  stop(): void;
}

/** The built server with the built app, on a fresh SQLite database, as `npm start` runs it. */
export async function startServer(): Promise<RunningServer> {
  if (!existsSync(mainJs)) throw new Error('run `npm run build` before the end-to-end tests');
  const dataDir = mkdtempSync(join(tmpdir(), 'boreline-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Boreline is running')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}/client_web`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
