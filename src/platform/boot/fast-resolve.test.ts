import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

const HOOK = path.join(import.meta.dirname, 'fast-resolve.ts');
const PACKAGES = ['drizzle-orm', 'drizzle-orm/pg-core', 'pg', '@electric-sql/pglite', 'fastify', 'oidc-provider', 'openid-client', 'ioredis', 'jose'];

/** Each package's export names and the formats Node loaded, in a fresh process, with or without the hook. */
function load(withHook: boolean): Record<string, string[]> {
  const script = `
    ${withHook ? `const { registerFastResolve } = await import(${JSON.stringify(HOOK)}); registerFastResolve();` : ''}
    const out = {};
    for (const name of ${JSON.stringify(PACKAGES)}) out[name] = Object.keys(await import(name)).sort();
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(import.meta.dirname, '..', '..', '..'), encoding: 'utf8' }),
  );
}

describe('fast module resolution at start-up', () => {
  it("loads the service's packages with exactly the exports Node gives without it", () => {
    const plain = load(false);
    const hooked = load(true);
    for (const name of PACKAGES) {
      assert.ok(plain[name]!.length > 0, `${name} has exports`);
      assert.deepEqual(hooked[name], plain[name], name);
    }
  });
});
