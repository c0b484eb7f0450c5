import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied at start-up by the server, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
