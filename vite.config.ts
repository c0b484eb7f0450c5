import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA lives in src/client; the API (src/server) serves the built files from dist/client.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
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
