import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { checkInitialSize, INITIAL_JS_LIMIT, sizeReport, type BuiltChunk } from '../scripts/web-build.ts';

const noise = (bytes: number) => Array.from({ length: bytes }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
const chunk = (fileName: string, bytes: number, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  code: noise(bytes),
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  ...more,
});

describe('the web build size report', () => {
  it('counts the entry with its static imports as the first screen, and a lazy chunk apart', () => {
    const chunks = [
      chunk('entry.js', 40_000, { isEntry: true, imports: ['shared.js'] }),
      chunk('shared.js', 20_000),
      chunk('map.js', 50_000, { isDynamicEntry: true, imports: ['shared.js', 'leaflet.js'] }),
      chunk('leaflet.js', 30_000),
    ];
    const gz = (index: number) => gzipSync(chunks[index]!.code).length;
    const { lines, initial } = sizeReport(chunks);
    assert.equal(initial, gz(0) + gz(1));
    // map.js and leaflet.js on top of the first screen; shared.js is already there.
    assert.ok(
      lines.includes(`lazy map.js: ${(gz(2) / 1024).toFixed(1)} KB gzipped, ${((gz(2) + gz(3)) / 1024).toFixed(1)} KB on top of the first screen`),
      lines.join('\n'),
    );
  });

  it('fails the build over the limit only', () => {
    assert.doesNotThrow(() => checkInitialSize(INITIAL_JS_LIMIT));
    assert.throws(() => checkInitialSize(INITIAL_JS_LIMIT + 1), /over 150 KB/);
  });
});
