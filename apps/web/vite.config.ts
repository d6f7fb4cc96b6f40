import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the
 * highest levels (done once here, not per request); the server sends the one the browser accepts.
 * A copy that would not be smaller is not written: the plain file is sent instead.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'boreline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? (name.startsWith('.') ? [] : walk(path)) : [path];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const plain = readFileSync(file);
        const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } });
        const gz = gzipSync(plain, { level: 9 });
        if (br.length < plain.length) writeFileSync(`${file}.br`, br);
        if (gz.length < plain.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  base: '/client_web/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/server_main': 'http://127.0.0.1:8080', '/server_project': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod with its setting (core/zodSetup.ts, no compiled parsers): the chunk runs before any
            // chunk that builds a schema, so the setting holds from the first schema on.
            { name: 'zod', tags: ['$initial'], test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]core[\\/]zodSetup\.ts$/ },
          ],
        },
      },
    },
  },
});
