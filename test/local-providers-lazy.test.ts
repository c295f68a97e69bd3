/**
 * A production process never loads the local providers: oidc-provider is a development dependency,
 * absent after `npm ci --omit=dev`. A child process imports the service's entry points and the auth
 * module and lists every file it resolved from the oidc-provider package; then turns the providers on.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';

const ROOT = path.join(import.meta.dirname, '..');

function oidcProviderFilesAfter(imports: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); if (found.url.includes('/node_modules/oidc-provider/')) seen.push(found.url); return found; } });
    ${imports}
    console.log(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

it('the service and the auth module load without the local providers; loading them on demand brings oidc-provider in', () => {
  assert.deepEqual(oidcProviderFilesAfter("await import('./src/serve.ts'); await import('./src/app.ts'); await import('./src/modules/auth/index.ts');"), []);
  const loaded = oidcProviderFilesAfter("const auth = await import('./src/modules/auth/index.ts'); await auth.loadLocalProviders();");
  assert.ok(loaded.length > 0, 'loadLocalProviders loads the providers');
});
