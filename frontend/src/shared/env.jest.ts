/** Test twin of env.ts: jsdom needs absolute URLs; nothing listens on the discard port. */
export const env = {
  apiBaseUrl: 'http://127.0.0.1:9/api',
  isDev: false,
} as const;
