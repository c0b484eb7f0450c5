import path from 'node:path';

// Where the server's own files are, independent of the working directory. This module runs from src/server (tsx) or
// from the server build in dist/server (tools/buildServer.ts): both two levels below the project root.
// (Jest compiles to CommonJS, where import.meta does not exist: it maps this module to test/server/paths.ts.)
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_DIR = path.join(PROJECT_ROOT, 'src/server');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db/migrations');
