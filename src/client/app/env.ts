// The one module that reads Vite's env (Jest maps it to test/client/env.ts, where import.meta does not exist).
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  brand: (import.meta.env.VITE_BRAND_NAME as string | undefined) ?? '',
  dev: import.meta.env.DEV,
};
