/**
 * Every string the app shows lives in web/src/i18n/: no component writes words of its own into its
 * markup (text between tags, or a label, title, alt or placeholder attribute), so translating the app
 * means the string files only.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const WEB = path.join(import.meta.dirname, '..', 'web', 'src');

it('the app writes no words into its markup: they come from the string files', () => {
  const found: string[] = [];
  const files = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx') && !file.startsWith('i18n'));
  for (const file of files) {
    const source = readFileSync(path.join(WEB, file), 'utf8').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
    for (const [text] of source.matchAll(/(?<!=)>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)<(?=[/A-Za-z])/g)) found.push(`${file}: ${text.trim()}`);
    for (const [text] of source.matchAll(/\b(?:label|title|alt|placeholder|aria-label)="[^"]*[A-Za-z]{2,}[^"]*"/g)) found.push(`${file}: ${text}`);
  }
  assert.deepEqual(found, [], 'words written into components instead of web/src/i18n/en/');
});
