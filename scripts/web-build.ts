/**
 * Builds the web app (web/ → web/dist) with Vite. `npm run web:build` always builds; `npm start`
 * runs it with --if-missing first, so a fresh clone serves /app/ without another step.
 * After the build it prints each entry and lazily loaded chunk with its gzipped size, and fails
 * when the first screen's JavaScript (the entry chunk and what it imports statically) passes
 * INITIAL_JS_LIMIT: a phone on a slow network pays for every kilobyte before it shows a game.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.join(import.meta.dirname, '..', 'web');

/** Gzipped bytes the first screen may download in JavaScript. */
export const INITIAL_JS_LIMIT = 150 * 1024;

export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
}

/** The chunk and everything it imports statically, transitively (what loading it downloads). */
function closure(start: BuiltChunk, byName: Map<string, BuiltChunk>): Set<BuiltChunk> {
  const seen = new Set<BuiltChunk>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    chunk.imports.forEach((name) => visit(byName.get(name)));
  };
  visit(start);
  return seen;
}

/**
 * The size report: one line per entry or lazily loaded chunk, its own gzipped size and, for a lazy
 * one, what it adds beyond the first screen with its static imports; `initial` is the entry's total.
 */
export function sizeReport(chunks: BuiltChunk[]): { lines: string[]; initial: number } {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipped = new Map(chunks.map((chunk) => [chunk, gzipSync(chunk.code).length]));
  const total = (set: Iterable<BuiltChunk>) => [...set].reduce((sum, chunk) => sum + gzipped.get(chunk)!, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const first = new Set(entries.flatMap((entry) => [...closure(entry, byName)]));
  const initial = total(first);
  const lines = entries.map((entry) => `entry ${entry.fileName}: ${kb(gzipped.get(entry)!)} gzipped, first screen with its imports ${kb(initial)}`);
  for (const chunk of chunks.filter((candidate) => candidate.isDynamicEntry && !candidate.isEntry)) {
    const added = [...closure(chunk, byName)].filter((part) => !first.has(part));
    lines.push(`lazy ${chunk.fileName}: ${kb(gzipped.get(chunk)!)} gzipped, ${kb(total(added))} on top of the first screen`);
  }
  return { lines, initial };
}

/** Throws when the first screen's JavaScript is over the limit. */
export function checkInitialSize(initial: number, limit = INITIAL_JS_LIMIT): void {
  if (initial > limit) throw new Error(`the first screen's JavaScript is ${(initial / 1024).toFixed(1)} KB gzipped, over ${limit / 1024} KB`);
}

/** What is worth compressing: text the browser downloads (the service picks the file by Accept-Encoding). */
const COMPRESSIBLE = /\.(js|css|svg|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file in the hashed assets, once at
 * build time: the service sends them to a browser that accepts them (src/web-app.ts), so a phone
 * downloads a third of the bytes without the service compressing on every request.
 */
export function precompress(dir: string): void {
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return;
  for (const name of readdirSync(assets).filter((file) => COMPRESSIBLE.test(file))) {
    const file = path.join(assets, name);
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

export async function buildWebApp(options: { report?: boolean } = {}): Promise<void> {
  const { build } = await import('vite');
  const result = await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => ('output' in one ? one.output : []));
  const chunks = outputs.filter((item): item is typeof item & BuiltChunk => item.type === 'chunk');
  const { lines, initial } = sizeReport(chunks);
  if (options.report) console.log(lines.join('\n'));
  checkInitialSize(initial);
  precompress(path.join(root, 'dist'));
}

if (import.meta.main) {
  if (process.argv.includes('--if-missing') && existsSync(path.join(root, 'dist', 'index.html'))) process.exit(0);
  await buildWebApp({ report: true });
}
