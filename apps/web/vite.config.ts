import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // No inline polyfill script: the Content-Security-Policy forbids inline scripts.
    modulePreload: { polyfill: false },
    sourcemap: true,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/token': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
});
