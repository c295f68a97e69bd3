/**
 * The web app is served by the service under /app/. `npm run web:dev` runs this dev server with hot
 * reload and proxies the API (and sign-in callbacks) to a running service, API_ORIGIN or :8080.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/callback', '/games', '/v3', '/.well-known'].map((prefix) => [prefix, { target: api, changeOrigin: false }])),
  },
});
