/**
 * The bundled web app (web/, built to web/dist) under /app/: hashed assets cached for a year, the
 * entry page never without asking again, and every other /app/ path answered with the entry page so
 * deep links work (the app routes in the browser). Only files the build wrote are served: among them
 * the service worker (sw.js, scope /app/) and the manifest, which are asked for again every time like
 * the entry page, so a new version reaches an installed app (docs/offline.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config/index.ts';
import { ACCESS_COOKIE } from './modules/tokens/index.ts';
import { notFound } from './platform/http/errors.ts';

export const WEB_APP_DIR = path.join(import.meta.dirname, '..', 'web', 'dist');

/** Scripts, styles, workers and requests from this origin and the API only; nothing inline, no frames. */
function webAppCsp(apiOrigin: string, tileUrl: string): string {
  // The map's tiles are images from MAP_TILE_URL's origin, when one is set.
  const tiles = tileUrl ? ` ${new URL(tileUrl).origin}` : '';
  return (
    `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:${tiles}; font-src 'self'; connect-src 'self' ${apiOrigin}; ` +
    "worker-src 'self'; manifest-src 'self'; " +
    "object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'"
  );
}

/**
 * The first API reads of the page at `file` (the path under /app/), for the browser to ask for while it
 * downloads the scripts: GET /me for a signed-in person, a game's own record on its page. Each is the
 * exact URL the app requests, so the app's request takes the preloaded answer instead of waiting a
 * round trip after its code has loaded.
 */
export function earlyReads(file: string, signedIn: boolean): string[] {
  const game = /^games\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(file);
  return [...(signedIn ? ['/api/v1/me'] : []), ...(game ? [`/api/v1/games/${game[1]}`] : [])];
}

/** Same mode and credentials as the app's fetch (credentials: 'include'), so the browser reuses it. */
const preloads = (urls: string[]) => urls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`).join('');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function filesUnder(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(root, path.posix.join(dir, entry.name)) : [path.posix.join(dir, entry.name)],
  );
}

export async function registerWebApp(app: FastifyInstance, config: Readonly<Config>, root = WEB_APP_DIR) {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn('the web app is not built (npm run web:build); /app/ is not served');
    return;
  }
  // The configured time zone goes into the page, so the app shows times as the service means them.
  const entryPage = readFileSync(index, 'utf8').replace('__APP_TIME_ZONE__', config.timeZone).replace('__MAP_TILE_URL__', escapeAttribute(config.mapTileUrl));
  // The compressed copies of the assets (scripts/web-build.ts) are sent in their place, never by name.
  const files = new Set(filesUnder(root).filter((file) => file !== 'index.html' && !/\.(br|gz)$/.test(file)));
  const csp = webAppCsp(new URL(config.baseUrl).origin, config.mapTileUrl);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  // `/app` and `/app/` are one route (trailing slashes are ignored); the page's asset URLs are absolute.
  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const file = (request.params as { '*'?: string })['*'] ?? '';
    reply.header('Content-Security-Policy', csp);
    if (files.has(file)) {
      reply.header('Cache-Control', file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file.endsWith('.webmanifest')) reply.type('application/manifest+json');
      return reply.sendFile(file, { cacheControl: false });
    }
    // A missing asset is a 404, not the entry page (a browser would try to run HTML as a script).
    if (file.startsWith('assets/')) throw notFound('The file was not found.');
    const page = entryPage.replace('</head>', `${preloads(earlyReads(file, !!request.cookies?.[ACCESS_COOKIE]))}</head>`);
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(page);
  };
  app.get('/app', { schema: { hide: true } }, serve);
  app.get('/app/*', { schema: { hide: true } }, serve);
}
