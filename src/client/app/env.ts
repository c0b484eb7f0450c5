// The one module that reads Vite's env (Jest maps it to test/client/env.ts, where import.meta does not exist).
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  brand: (import.meta.env.VITE_BRAND_NAME as string | undefined) ?? '',
  dev: import.meta.env.DEV,
  // Redux DevTools only in a development-mode build (the dev server). DEV alone is not enough: a `vite build` run with
  // NODE_ENV other than production (as under Jest) has DEV true while it is still a production-mode bundle.
  devTools: import.meta.env.DEV && import.meta.env.MODE === 'development',
};
