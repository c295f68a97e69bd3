import type { components } from '../api/schema';
import { Link } from '../router';
import { formatRange } from '../time';

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
}
export type { Schemas };

export function GameCard({ game }: { game: GameSummary }) {
  const left = game.slots - game.playersJoined;
  const skill = game.skillLevel.from.name === game.skillLevel.to.name ? game.skillLevel.from.name : `${game.skillLevel.from.name} – ${game.skillLevel.to.name}`;
  return (
    <li className="card">
      <Link to={`/games/${game.id}`} className="card-link">
        <span className="card-activity">{game.activity.name}</span>
        <strong className="card-title">{game.title ?? `${game.activity.name} at ${game.venue.name}`}</strong>
      </Link>
      <span>{game.venue.name}</span>
      <span>{formatRange(game.startTime, game.endTime)}</span>
      <span className="card-facts">
        <span>
          {game.status === 'CANCELLED'
            ? 'Cancelled'
            : left > 0
              ? `${left} of ${game.slots} slots left`
              : `Full${game.waitlisted ? `, ${game.waitlisted} waiting` : ''}`}
        </span>
        <span>{Number(game.price) === 0 ? 'Free' : `${game.price} ${game.currency}`}</span>
        <span>{skill}</span>
      </span>
    </li>
  );
}
