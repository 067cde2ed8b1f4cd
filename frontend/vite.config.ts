import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingBudget } from './build/landing-budget';
import { precompress } from './build/precompress';

const here = fileURLToPath(new URL('.', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const contractsSrc = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));

// The gateway serves the built SPA (frontend/dist) and the API on the same origin; in `vite dev`
// the API and the realtime channel are proxied to it. The build writes .br and .gz beside every asset (served
// as they are by the gateway) and fails when the landing page needs more than 150 kB of gzipped JavaScript.
export default defineConfig({
  root: here,
  plugins: [react(), landingBudget(), precompress()],
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
