/** The only module that reads Vite's import.meta.env (jest maps it to env.jest.ts). */
const apiBaseUrl = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api';

export const env = {
  /** Base URL of the main API; same origin by default (the gateway serves the SPA). */
  apiBaseUrl,
  /** Base URL of the card-payment backend (the spec's separate host); the gateway's /pay beside /api by default. */
  payBaseUrl: (import.meta.env.VITE_PAY_BASE_URL as string | undefined) ?? apiBaseUrl.replace(/\/api\/?$/, '/pay'),
  /** Map tile URL template for Leaflet (`{key}` becomes the map key); unset: Mapbox tiles with the map key of the settings. */
  mapTileUrl: (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || null,
  isDev: import.meta.env.DEV,
} as const;
