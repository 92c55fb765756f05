import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate`; the daemon applies the generated migrations itself.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/storage/schema.ts',
  out: './src/storage/migrations',
});
