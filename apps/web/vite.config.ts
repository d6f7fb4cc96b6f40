import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/client_web/',
  plugins: [react()],
  server: {
    proxy: { '/server_main': 'http://127.0.0.1:8080', '/server_project': 'http://127.0.0.1:8080' },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true },
});
