/** The only module that reads Vite's import.meta.env (jest maps it to env.jest.ts). */
export const env = {
  /** Base URL of the main API; same origin by default (the gateway serves the SPA). */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api',
  isDev: import.meta.env.DEV,
} as const;
