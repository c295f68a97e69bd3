/**
 * `npm run lint:api`: builds the service in memory, writes its API document (/v3/api-docs) to a
 * temporary file and lints it with Redocly's recommended rules. Exits non-zero on any error
 * (warnings are printed and allowed). CI runs it beside the parser check in the tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readApiDocument } from './api-document.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'api-lint-'));
try {
  const document = await readApiDocument({ AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true' });
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const redocly = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
  const result = spawnSync(redocly, ['lint', file, '--extends=recommended', '--format=stylish'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
