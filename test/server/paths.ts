import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const SERVER_DIR = path.join(PROJECT_ROOT, 'src/server');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db/migrations');
