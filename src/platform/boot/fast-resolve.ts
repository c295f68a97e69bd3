import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { registerHooks, type ModuleFormat } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Node 24 learns the format of every ES module file by deserialising its package's package.json
 * again, whole, each time. For packages with large export maps (drizzle-orm's is 180 KB, ~100
 * modules) that costs over a second and ~100 MB of garbage at start-up (Node 20: a fraction).
 *
 * This hook answers only the one case that needs no package.json beyond its `type`: a relative
 * `.js`/`.mjs`/`.cjs` import made from a file under node_modules. The file's format follows from
 * its extension and the explicit `type` of the nearest package.json above it, read once per
 * directory. Everything else — bare specifiers, export maps, missing files, packages without a
 * `type` (Node looks at the source) — goes to Node.
 */
export function registerFastResolve(): void {
  // null: the nearest package.json names no type, so Node detects the format from the source itself.
  const typeByDir = new Map<string, ModuleFormat | null>();

  const formatOfDir = (dir: string): ModuleFormat | null => {
    const known = typeByDir.get(dir);
    if (known !== undefined) return known;
    const manifest = path.join(dir, 'package.json');
    let format: ModuleFormat | null;
    if (existsSync(manifest)) {
      const { type } = JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string };
      format = type === 'module' || type === 'commonjs' ? type : null;
    } else {
      const parent = path.dirname(dir);
      format = parent === dir ? null : formatOfDir(parent);
    }
    typeByDir.set(dir, format);
    return format;
  };

  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith('file:') || !parent.includes('/node_modules/') || !/^\.\.?\//.test(specifier)) return nextResolve(specifier, context);
      const extension = /\.(c|m)?js$/.exec(specifier);
      if (!extension) return nextResolve(specifier, context);
      const target = fileURLToPath(new URL(specifier, parent));
      if (!statSync(target, { throwIfNoEntry: false })?.isFile()) return nextResolve(specifier, context);
      const real = realpathSync(target);
      const format = extension[1] === 'm' ? 'module' : extension[1] === 'c' ? 'commonjs' : formatOfDir(path.dirname(real));
      if (format === null) return nextResolve(specifier, context);
      return { url: pathToFileURL(real).href, format, shortCircuit: true };
    },
  });
}
