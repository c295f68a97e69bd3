import { createHash } from 'node:crypto';
import path from 'node:path';
import { Eta } from 'eta';
import type { ShareableGameSummary } from './share-links.ports.ts';
import type { ShareLinkUrls } from './share-links.presenter.ts';

const CSS =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}' +
  'main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}' +
  '.kicker,.muted{color:#5b6475}dt{font-weight:600;margin-top:.75rem}dd{margin:0}' +
  '.button{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;background:#1f6feb;color:#fff;border-radius:8px;text-decoration:none}';

/** No script at all, and only this exact stylesheet: anything injected would not run or apply. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Eta escapes every `<%= %>` by default; only our own layout pieces go through `<%~ %>`.
const eta = new Eta({ views: path.join(import.meta.dirname, 'views'), autoEscape: true, cache: true });

export function renderGamePage(game: ShareableGameSummary, urls: ShareLinkUrls, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).formatRange(game.startTime, game.endTime);
  const title = game.title ?? `${game.activityName} at ${game.venueName}`;
  const players = `${game.playersJoined} of ${game.slots} joined`;
  const waitlist = game.waitlisted > 0 ? `${game.waitlisted} waiting for a place` : null;
  const price = Number(game.price) === 0 ? 'Free' : `${game.currency} ${game.price}`;
  const level = game.skillLevelFrom === game.skillLevelTo ? game.skillLevelFrom : `${game.skillLevelFrom} to ${game.skillLevelTo}`;
  const body = eta.render('./game', {
    title,
    activity: game.activityName,
    venue: game.venueName,
    address: game.venueAddress,
    when,
    players,
    waitlist,
    price,
    level,
    status: game.status,
    mobileUrl: urls.mobileUrl,
    webUrl: urls.webUrl,
  });
  return eta.render('./layout', {
    title,
    css: CSS,
    body,
    og: { title, description: `${game.activityName} · ${level} · ${game.venueName} · ${when} · ${price} · ${players}`, url: urls.shareUrl },
  });
}

export function renderNotFoundPage(): string {
  return eta.render('./layout', { title: 'Game not found', css: CSS, body: eta.render('./not-found', {}), og: null });
}
