/**
 * Makes the web app's PNG icons (web/public/icons) from its own SVG, with Debian's Chromium:
 * 192 and 512 as drawn, and a maskable 512 whose artwork sits inside the middle 80% on a full-bleed
 * background (a launcher may cut it to a circle). Run after changing icon.svg: `node scripts/pwa-icons.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../test/browser/browser.ts';

const dir = path.join(import.meta.dirname, '..', 'web', 'public', 'icons');
const svg = readFileSync(path.join(dir, 'icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The page that draws one icon: the SVG at `inset` of the side, on `background` when it has one. */
const page = (size: number, inset: number, background: string) =>
  `<html><body style="margin:0;width:${size}px;height:${size}px;background:${background};display:grid;place-items:center">` +
  `<img src="${dataUrl}" width="${size * inset}" height="${size * inset}"></body></html>`;

const icons = [
  { file: 'icon-192.png', size: 192, inset: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, inset: 1, background: 'transparent' },
  // The accent blue behind; the rounded square shrunk into the safe zone.
  { file: 'maskable-512.png', size: 512, inset: 0.72, background: '#0b5cad' },
];

const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon.size, icon.inset, icon.background));
    await tab.waitForFunction('document.querySelector("img").complete');
    writeFileSync(path.join(dir, icon.file), await tab.screenshot({ omitBackground: icon.background === 'transparent' }));
    await tab.close();
  }
} finally {
  await browser.close();
}
