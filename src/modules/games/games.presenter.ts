import type { Static } from 'typebox';
import type { ViewerMarks } from './listing/games.pages.repository.ts';
import type { ContactMethodView, ShareLinkBlock } from './games.ports.ts';
import type { GameRow, ParticipantRow } from './games.repository.ts';
import { CHANGE_FREEDOM_MS, decisionAt } from './rules/games.rules.ts';

/** What a game shows of other modules' records (names, venue, levels). */
export interface GameRefs {
  gameId: string;
  activityName: string;
  organizerName: string | null;
  venueName: string;
  venueAddress: string;
  venueLatitude: number;
  venueLongitude: number;
  fromName: string;
  fromSortOrder: number;
  toName: string;
  toSortOrder: number;
}

/** The listing filters as the repository takes them (dates and times already checked). */

import type { GameSchema } from './games.schemas.ts';

export type PresentedGame = Static<typeof GameSchema>;

export interface GameView {
  row: GameRow;
  refs: GameRefs;
  status: GameRow['status'];
  shareLink: ShareLinkBlock | undefined;
  viewer: { joined: boolean; waitlisted: boolean; bookmarked: boolean; isOrganizer: boolean; isCoHost: boolean } | undefined;
}

/** Money is numeric(10,2); both drivers hand it over as text, normalised here to two places. */
function money(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** What a game's page tells its viewer about themselves. */
export const viewerOf = (marks: ViewerMarks | undefined, organizerId: string, viewerId: string): NonNullable<GameView['viewer']> => ({
  joined: marks?.participation === 'ACTIVE',
  waitlisted: marks?.participation === 'WAITLISTED',
  bookmarked: marks?.bookmarked ?? false,
  isOrganizer: organizerId === viewerId,
  isCoHost: marks?.coHost ?? false,
});

export function presentGame({ row, refs, status, shareLink, viewer }: GameView): PresentedGame {
  return {
    id: row.id,
    activity: { id: row.activityId, name: refs.activityName },
    organizer: { id: row.organizerId, name: refs.organizerName },
    venue: { id: row.venueId, name: refs.venueName, address: refs.venueAddress, latitude: refs.venueLatitude, longitude: refs.venueLongitude },
    skillLevel: {
      from: { id: row.skillLevelFromId, name: refs.fromName, sortOrder: refs.fromSortOrder },
      to: { id: row.skillLevelToId, name: refs.toName, sortOrder: refs.toSortOrder },
    },
    title: row.title,
    description: row.description,
    currency: row.currency,
    price: money(row.price),
    slots: row.slots,
    playersJoined: row.playersJoined,
    waitlisted: row.waitlisted,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    visibility: row.visibility,
    gameType: row.gameType,
    status,
    minPlayers: row.minPlayers,
    decisionHoursBefore: row.decisionHoursBefore,
    decisionAt: row.minPlayers === null ? null : decisionAt(row).toISOString(),
    confirmed: row.confirmed,
    cancelReason: row.cancelReason,
    joinPolicy: row.joinPolicy,
    offLevelPolicy: row.offLevelPolicy,
    maxGuestsPerPlayer: row.maxGuestsPerPlayer,
    waitlistMode: row.waitlistMode,
    placesOnOffer: row.placesOnOffer,
    selfCheckIn: row.selfCheckIn,
    maxRecentNoShows: row.maxRecentNoShows,
    leaveFreeUntil: row.materiallyChangedAt ? new Date(row.materiallyChangedAt.getTime() + CHANGE_FREEDOM_MS).toISOString() : null,
    ...(shareLink ? { shareLink: { code: shareLink.code, shareUrl: shareLink.shareUrl, webUrl: shareLink.webUrl, mobileUrl: shareLink.mobileUrl } } : {}),
    ...(viewer
      ? {
          viewer: {
            joined: viewer.joined,
            waitlisted: viewer.waitlisted,
            bookmarked: viewer.bookmarked,
            isOrganizer: viewer.isOrganizer,
            isCoHost: viewer.isCoHost,
          },
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function party(row: ParticipantRow) {
  return { guests: row.guests, guestNames: row.guestNames, offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null };
}

export function presentParticipation(row: ParticipantRow) {
  return { gameId: row.gameId, userId: row.userId, status: row.status, joinedAt: row.joinedAt.toISOString(), ...party(row) };
}

/** `contacts`: given only when the viewer runs the game (organiser or co-host). */
export function presentParticipant(row: ParticipantRow & { name: string | null }, organizerId: string, contacts?: ContactMethodView[]) {
  return {
    userId: row.userId,
    name: row.name,
    status: row.status,
    joinedAt: row.joinedAt.toISOString(),
    isOrganizer: row.userId === organizerId,
    ...party(row),
    ...(contacts ? { contactMethods: contacts } : {}),
  };
}
