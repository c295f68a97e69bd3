import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/platform/db/index.ts';
import { childEnv } from '../helpers/server-process.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'svc-export-commands-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** `npm run db:export` / `db:import` as an operator runs them, on the embedded database in `dataDir`. */
function run(script: 'db-export' | 'db-import', dataDir: string, file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', `${script}.ts`), file],
      { cwd: ROOT, env: childEnv({ DATA_DIR: dataDir }) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run db:export and db:import', () => {
  const source = path.join(work, 'source');
  const target = path.join(work, 'target');
  const file = path.join(work, 'move.tar.gz');

  it('refuses to export an embedded database a running service holds, and says to stop it', async () => {
    const database = await openDatabase({ url: undefined, dataDir: source });
    try {
      await database.db.execute(sql`INSERT INTO users (auth_provider, provider_subject, name) VALUES ('social', 'cli-1', 'Ada')`);
      const held = await run('db-export', source, file);
      assert.equal(held.code, 1, held.stdout);
      assert.match(held.stderr, /is in use: stop the service/);
      assert.equal(existsSync(file), false);
    } finally {
      await database.close();
    }
  });

  it('exports, says sessions stay behind, and imports into a new folder once', async () => {
    const exported = await run('db-export', source, file);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /users: 1\n/);
    assert.match(exported.stdout, /Left behind: sessions and login states .*everyone signs in again/);
    const imported = await run('db-import', target, file);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /counts and constraints checked/);
    assert.match(imported.stdout, /everyone signs in again/);
    const again = await run('db-import', target, file);
    assert.equal(again.code, 1, again.stdout);
    assert.match(again.stderr, /^Nothing was imported\. The database is not empty \(users have rows\)/);
  });
});
