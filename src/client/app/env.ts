// The one module that reads Vite's env (Jest maps it to test/client/env.ts, where import.meta does not exist). Outside
// Vite (the scenario runner under tsx) import.meta.env is undefined: every flag is then off and the API base '/api'.
const vite: Partial<ImportMetaEnv> = import.meta.env ?? {};
const developmentMode = Boolean(vite.DEV) && vite.MODE === 'development';

export const env = {
  apiBase: (vite.VITE_API_BASE as string | undefined) ?? '/api',
  brand: (vite.VITE_BRAND_NAME as string | undefined) ?? '',
  dev: Boolean(vite.DEV),
  // Redux DevTools only in a development-mode build (the dev server). DEV alone is not enough: a `vite build` run with
  // NODE_ENV other than production (as under Jest) has DEV true while it is still a production-mode bundle.
  devTools: developmentMode,
  // The QA scenario recorder: always available in a development-mode build; a production build offers it only when the
  // server says so (QA_SCENARIO_RECORDER=on, read from GET /api/public-config), never by default.
  scenarioRecorder: developmentMode,
  // A production build asks the server (GET /api/public-config) whether it runs in a QA environment.
  scenarioRecorderAsksServer: !developmentMode,
};
