import type { components } from '../../api/schema';
import { money, t } from '../../i18n';
import { Link } from '../../router';
import { formatRange, formatTime } from '../../time';
import { Badge, type Tone } from '../../ui';

type Schemas = components['schemas'];
/** A game as the listings present it (the fields every list shares). */
export interface GameSummary {
  id: string;
  title: string | null;
  activity: { name: string };
  venue: { name: string };
  skillLevel: { from: { name: string }; to: { name: string } };
  startTime: string;
  endTime: string;
  slots: number;
  playersJoined: number;
  waitlisted: number;
  price: string;
  currency: string;
  status: string;
  distanceMeters?: number;
  viewer?: { joined: boolean; waitlisted: boolean; isOrganizer: boolean; isCoHost: boolean };
}
export type { Schemas };

/** Where the viewer stands with the game, as the API's `viewer` says. */
function standing(viewer: GameSummary['viewer']): [string, Tone] | undefined {
  if (!viewer) return undefined;
  if (viewer.isOrganizer) return [t.find.hosting, 'accent'];
  if (viewer.isCoHost) return [t.find.coHosting, 'accent'];
  if (viewer.joined) return [t.find.joined, 'success'];
  if (viewer.waitlisted) return [t.find.waiting, 'warning'];
  return undefined;
}

/** Decimal text in the currency's major unit ("8.50") → minor units for money(). */
const minor = (price: string) => Math.round(Number(price) * 100);

/** `dayShown`: the list's day heading already says the date, so the card gives the times only. */
export function GameCard({ game, dayShown = false }: { game: GameSummary; dayShown?: boolean }) {
  const left = game.slots - game.playersJoined;
  const skill = game.skillLevel.from.name === game.skillLevel.to.name ? game.skillLevel.from.name : `${game.skillLevel.from.name} – ${game.skillLevel.to.name}`;
  const mark = standing(game.viewer);
  const places = game.status === 'CANCELLED' ? t.find.cancelled : left > 0 ? t.find.placesLeft(left, game.slots) : t.find.full(game.waitlisted);
  return (
    <li className="card find-card">
      <span className="find-card-top">
        <span className="find-card-time">
          {dayShown ? `${formatTime(game.startTime)}–${formatTime(game.endTime)}` : formatRange(game.startTime, game.endTime)}
        </span>
        {game.distanceMeters !== undefined && <span className="find-card-distance">{t.find.away(game.distanceMeters)}</span>}
        {mark && <Badge tone={mark[1]}>{mark[0]}</Badge>}
      </span>
      <Link to={`/games/${game.id}`} className="card-link">
        <strong className="card-title">{game.title ?? t.find.gameAt(game.activity.name, game.venue.name)}</strong>
      </Link>
      <span className="muted find-card-where">
        {game.activity.name} · {game.venue.name}
      </span>
      <span className="card-facts">
        <span>{places}</span>
        <span>{money(minor(game.price), game.currency, t.find.free)}</span>
        <span>{skill}</span>
      </span>
    </li>
  );
}
