import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** What both pages are built with: React, the compressed copies, the aliases. */
const common = (mode: string): UserConfig => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    // Every text file of the build (and of public/) also as .gz and .br, at the highest levels: the server sends the one
    // the browser accepts (src/server/plugins/spa.ts) and compresses nothing of the SPA per request. A file whose
    // compressed copy would not be smaller gets none.
    compression({
      include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
      algorithms: [
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      ],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      // the same aliases as tsconfig.json's paths (the SPA imports only its own code and src/shared)
      { find: '@client', replacement: dir('./src/client') },
      { find: '@shared', replacement: dir('./src/shared') },
      // react-router's package exports point at its development build in every mode (a known issue of v7): a build
      // takes the production one it ships beside it, without the development warnings and checks
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: dir('./node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: dir('./node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : []),
    ],
  },
});

/**
 * /login is a page of its own (src/client/login.html; docs/performance.md, "The login page"), built apart from the SPA
 * into the same folder once the SPA is built, so the two share no chunk: the SPA's entry carries MUI, which the login
 * page does without. The dev server answers /login with it as the portal does.
 */
function loginPage(mode: string): Plugin {
  return {
    name: 'portal-login-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/login' || req.url?.startsWith('/login?')) req.url = `/login.html${req.url.slice('/login'.length)}`;
        next();
      });
    },
    async closeBundle() {
      if (this.meta.watchMode) return;
      const page = common(mode);
      await build({
        ...page,
        configFile: false,
        mode,
        logLevel: 'warn',
        build: { outDir: '../../dist/client', emptyOutDir: false, copyPublicDir: false, modulePreload: { polyfill: false }, rolldownOptions: { input: dir('./src/client/login.html') } },
      });
    },
  };
}

// The SPA lives in src/client; the API (src/server) serves the built files from dist/client.
export default defineConfig(({ mode }) => ({
  ...common(mode),
  plugins: [...common(mode).plugins!, loginPage(mode)],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // the entry is one file on purpose (below); what is left of it after the lazy routes is above Vite's 500 kB hint
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, MUI's core, the store, the shell) goes into the entry
            // itself. Left to itself the bundler cut it into 19 files, one per group of modules some lazy screen also
            // uses: every page downloaded all 19 anyway (as modulepreload links), compressed one by one (7 kB gzip
            // more than one file). Lazy screens import what they share with the entry from it.
            { name: 'index-initial', tags: ['$initial'] },
            // Formik and yup, each with its helpers in one file rather than three (a screen that validates with yup
            // without a form does not get Formik)
            { name: 'formik', test: /node_modules[\\/](formik|lodash-es|react-fast-compare)[\\/]/ },
            { name: 'yup', test: /node_modules[\\/](yup|property-expr|tiny-case|toposort)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // '/api/…' is the API, except the SPA's own source modules under src/client/api (e.g. /api/http.ts)
    proxy: { '^/api/(?!.*\\.tsx?$)': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
}));
