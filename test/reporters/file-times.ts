/**
 * A second reporter for `npm test`: how long each test file took, slowest first, written to
 * test-times.txt beside the usual output — where the suite's time goes (BENCHMARKS.md, "npm test").
 * A file's time runs from its process's start to its end (the runner reports each file as a test of
 * its own, named by its path); files run two at a time, so the sum over files is about twice the wall time.
 * A second line sums the browser journeys alone.
 */
import path from 'node:path';

interface TestEvent {
  type: string;
  data: { nesting?: number; name?: string; file?: string; details?: { duration_ms?: number } };
}

export default async function* fileTimes(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const byFile = new Map<string, number>();
  const started = Date.now();
  for await (const event of source) {
    if (event.type !== 'test:complete' || event.data.nesting !== 0 || !event.data.file) continue;
    const file = path.relative(process.cwd(), event.data.file);
    if (event.data.name === file) byFile.set(file, event.data.details?.duration_ms ?? 0);
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  yield `${rows.length} files, ${(total / 1000).toFixed(0)} s summed over files, ${((Date.now() - started) / 1000).toFixed(0)} s wall\n`;
  const browser = rows.filter(([file]) => file.startsWith(`test${path.sep}browser${path.sep}`));
  yield `of which browser journeys (test/browser/): ${browser.length} files, ${(browser.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(0)} s summed\n`;
  for (const [file, ms] of rows) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
}
