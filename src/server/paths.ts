import path from 'node:path';

// Where the server's own files are, independent of the working directory.
// (Jest compiles to CommonJS, where import.meta does not exist: it maps this module to test/server/paths.ts.)
export const SERVER_DIR = import.meta.dirname;
export const PROJECT_ROOT = path.resolve(SERVER_DIR, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db/migrations');
