import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

// The gateway serves the built SPA (frontend/dist) and the API on the same origin; in `vite dev`
// the API and the realtime channel are proxied to it.
export default defineConfig({
  root: here,
  plugins: [react()],
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
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'router';
          if (/node_modules\/(@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)\//.test(id)) return 'redux';
          if (id.includes('node_modules/zod/')) return 'zod';
          // Only the live map pages use Leaflet; they are loaded lazily, and so is this chunk.
          if (/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(id)) return 'leaflet';
          return 'vendor';
        },
      },
    },
  },
});
