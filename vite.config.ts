import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA lives in src/client; the API (src/server) serves the built files from dist/client.
export default defineConfig(({ mode }) => ({
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
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    // '/api/…' is the API, except the SPA's own source modules under src/client/api (e.g. /api/http.ts)
    proxy: { '^/api/(?!.*\\.tsx?$)': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
}));
