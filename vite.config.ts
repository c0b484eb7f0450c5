import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA lives in src/client; the API (src/server) serves the built files from dist/client.
export default defineConfig({
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
  // the same aliases as tsconfig.json's paths (the SPA imports only its own code and src/shared)
  resolve: { alias: { '@client': dir('./src/client'), '@shared': dir('./src/shared') } },
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
});
