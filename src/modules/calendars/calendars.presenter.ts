import { createHash } from 'node:crypto';
import ical, { escape, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { wallClockAt } from '../../platform/local-time.ts';
import type { PresentedGame } from '../games/index.ts';

export interface CalendarEntry {
  game: PresentedGame;
  sequence: number;
  waitlisted: boolean;
}

const statusOf = (entry: CalendarEntry) =>
  entry.game.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : entry.waitlisted ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;

/**
 * RFC 5545 text. Everything in it comes from the games (DTSTAMP is the game's last change), so the
 * same games give the same bytes and the ETag holds between polls.
 */
export function renderCalendar(name: string, entries: CalendarEntry[], options: { timeZone: string; uidDomain: string; shareLinks: boolean }): string {
  // ical-generator escapes event text (SUMMARY, LOCATION, …) but writes the calendar's name raw into
  // NAME and X-WR-CALNAME: a line break there would start a property, or a forged event, of its own.
  const calendar = ical({ name: escape(name, false), prodId: { company: 'pickup-games', product: 'games', language: 'EN' } });
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  for (const entry of entries) {
    const { game } = entry;
    // A feed is read by calendar services and shared along with calendars: it carries no share link.
    const url = options.shareLinks ? game.shareLink?.shareUrl : undefined;
    calendar.createEvent({
      id: `${game.id}@${options.uidDomain}`,
      sequence: entry.sequence,
      stamp: new Date(game.updatedAt),
      lastModified: new Date(game.updatedAt),
      // ical-generator writes a Date's UTC fields after TZID, so each instant goes as the zone's wall
      // clock (the VTIMEZONE block tells readers what that zone is).
      start: wallClockAt(new Date(game.startTime), options.timeZone),
      end: wallClockAt(new Date(game.endTime), options.timeZone),
      timezone: options.timeZone,
      summary: game.title ?? `${game.activity.name} at ${game.venue.name}`,
      location: `${game.venue.name}, ${game.venue.address}`,
      description: [`${game.activity.name}, ${game.skillLevel.from.name}–${game.skillLevel.to.name}`, `${game.currency} ${game.price}`, url]
        .filter(Boolean)
        .join('\n'),
      ...(url ? { url } : {}),
      status: statusOf(entry),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; the generator leaves it off.
  return `${calendar.toString()}\r\n`;
}

export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url')}"`;

/** If-None-Match: a list of tags (weak ones compare by their value) or `*`. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}
