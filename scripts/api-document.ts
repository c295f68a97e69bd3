/** The service's API document (/v3/api-docs) as the running service serves it, from an in-memory build. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';

export async function readApiDocument(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-docs-'));
  try {
    const app = await buildApp(
      loadConfig({
        APP_PROFILE: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'memory://',
        DATA_DIR: dir,
        JOBS_ENABLED: 'false',
        ...env,
      }),
    );
    const document = (await app.inject({ url: '/v3/api-docs' })).json<Record<string, unknown>>();
    await app.close();
    return document;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
