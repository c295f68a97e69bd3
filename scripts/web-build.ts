/**
 * Builds the web app (web/ → web/dist) with Vite. `npm run web:build` always builds; `npm start`
 * runs it with --if-missing first, so a fresh clone serves /app/ without another step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..', 'web');

export async function buildWebApp(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

if (import.meta.main) {
  if (process.argv.includes('--if-missing') && existsSync(path.join(root, 'dist', 'index.html'))) process.exit(0);
  await buildWebApp();
}
