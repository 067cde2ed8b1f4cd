/** Test twin of env.ts: jsdom needs absolute URLs; nothing listens on the discard port. */
export const env = {
  apiBaseUrl: 'http://127.0.0.1:9/api',
  payBaseUrl: 'http://127.0.0.1:9/pay',
  mapTileUrl: null as string | null,
  isDev: false,
} as const;
