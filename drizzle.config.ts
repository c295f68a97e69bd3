import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/*.table.ts', './src/modules/*/*.table.ts'],
  out: './drizzle',
});
