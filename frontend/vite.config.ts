import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { landingBudget } from './build/landing-budget';
import { precompress } from './build/precompress';

const here = fileURLToPath(new URL('.', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const contractsSrc = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));

// The gateway serves the built SPA (frontend/dist) and the API on the same origin; in `vite dev`
// the API and the realtime channel are proxied to it. The build writes .br and .gz beside every asset (served
// as they are by the gateway) and fails when the landing page needs more than 150 kB of gzipped JavaScript.
// The service worker (vite-plugin-pwa, Workbox) precaches the app shell: every page, and the provider's job, opens
// offline; src/shared/offline/register-sw.ts registers it after the page has loaded.
const JOB_DATA = /\/api\/(?:service-requests|dispatch\/jobs)\/[0-9a-f-]{36}(?:\?[^/]*)?$/;

export default defineConfig({
  root: here,
  plugins: [
    react(),
    landingBudget(),
    precompress(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by our own lazy module (register-sw.ts), never by a script in index.html.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'TireDash',
        short_name: 'TireDash',
        description: 'On-site tire and wheel service, on demand.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f9fafb',
        theme_color: '#111827',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Leaflet and the card dialog are large but are pages of the app: an offline job page needs the map's code.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Any route of the SPA opens from the cache; the API, the card backend, the socket and uploads never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/pay\//, /^\/socket\.io\//, /^\/uploads\//, /^\/v3\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The provider's (and customer's) current job: fresh when online, the last answer when not.
            urlPattern: JOB_DATA,
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'tiredash-job-data',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@tiredash/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/pay': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, so an app change does not invalidate them.
        // No catch-all vendor chunk: the landing page would load all of it (socket.io, Stripe) for one small
        // module. Libraries named here get their own chunk; the rest stays with the pages that use it.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The admin's charts (and recharts' own copy of reselect) stay out of the redux chunk the landing page loads.
          if (id.includes('node_modules/recharts/') || /node_modules\/(victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)\//.test(id)) return 'charts';
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'router';
          if (/node_modules\/(@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store|@standard-schema)\//.test(id)) return 'redux';
          if (id.includes('node_modules/zod/')) return 'zod';
          // Only the live map pages use Leaflet; they are loaded lazily, and so is this chunk.
          if (/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(id)) return 'leaflet';
          // The signed-in areas' realtime channel and the payment dialog: loaded with the pages that use them.
          if (/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)\//.test(id)) return 'socket';
          if (/node_modules\/(@stripe|prop-types)\//.test(id)) return 'stripe';
          return undefined;
        },
      },
      treeshake: {
        // libs/contracts is declarations only (constants, zod schemas, message definitions) but its package.json
        // has no `sideEffects: false`: without this every schema (and zod) would be in the landing page's bundle
        // because main.tsx imports one constant from it.
        moduleSideEffects: (id) => !id.startsWith(contractsSrc),
      },
    },
  },
});
