/**
 * The web app is served by the service under /app/. `npm run web:dev` runs this dev server with hot
 * reload and proxies the API (and sign-in callbacks) to a running service, API_ORIGIN or :8080.
 * The build also writes the web app manifest and the service worker (src/sw.ts, with the list of
 * built files to keep offline injected): docs/offline.md.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself (shell/UpdatePrompt.tsx), so it can offer the update.
      injectRegister: false,
      injectManifest: {
        // The entry page is not kept from the build: the service writes the time zone into it, so the
        // worker keeps the copy the service answered (src/sw.ts). Anything this large is a mistake.
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,svg}'],
        globIgnores: ['index.html'],
        maximumFileSizeToCacheInBytes: 400 * 1024,
      },
      manifest: {
        id: '/app/',
        name: 'Pickup games',
        short_name: 'Pickup',
        description: 'Find, join and host pickup games at venues near you.',
        start_url: '/app/',
        scope: '/app/',
        display: 'standalone',
        // The light theme's --accent and --bg (styles.css).
        theme_color: '#0b5cad',
        background_color: '#f6f8fa',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/callback', '/games', '/v3', '/.well-known'].map((prefix) => [prefix, { target: api, changeOrigin: false }])),
  },
});
