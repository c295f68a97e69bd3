import { useQuery } from '@tanstack/react-query';
import { gameParticipantsQuery } from '../../api/queries/games';
import { money, t } from '../../i18n';
import { formatDateTime, formatRange } from '../../time';
import { AvatarStack, Badge, Card, Section } from '../../ui';
import type { Game } from './types';

export const priceOf = (game: Pick<Game, 'price' | 'currency'>) => money(Math.round(Number(game.price) * 100), game.currency, t.common.free);

/** The names of who is going (players with a place), for a signed-in viewer; the same query as the players list. */
export function usePlayers(id: string, enabled: boolean) {
  return useQuery({ ...gameParticipantsQuery(id), enabled });
}

function StatusBadge({ game }: { game: Game }) {
  if (game.status === 'CANCELLED') return <Badge tone="danger">{t.game.status.CANCELLED}</Badge>;
  if (game.status === 'STARTED') return <Badge tone="accent">{t.game.status.STARTED}</Badge>;
  if (game.status === 'COMPLETED') return <Badge>{t.game.status.COMPLETED}</Badge>;
  return game.confirmed ? <Badge tone="success">{t.game.status.confirmed}</Badge> : null;
}

/** What a player decides on, first: when, where, who is going, places left, price, level. */
export function Facts({ game, signedIn }: { game: Game; signedIn: boolean }) {
  const players = usePlayers(game.id, signedIn);
  const going = (players.data ?? []).filter((player) => player.status === 'ACTIVE').map((player) => player.name ?? t.common.aPlayer);
  const left = game.slots - game.playersJoined - game.placesOnOffer;
  return (
    <Card className="game-facts">
      <div className="badges">
        <StatusBadge game={game} />
        <Badge tone={left > 0 ? 'accent' : 'warning'}>{t.game.placesLeft(left)}</Badge>
        <Badge>{game.gameType === 'DOUBLE' ? t.game.doubles : t.game.singles}</Badge>
      </div>
      <dl className="facts">
        <dt>{t.game.when}</dt>
        <dd>{formatRange(game.startTime, game.endTime)}</dd>
        <dt>{t.game.where}</dt>
        <dd>
          {game.venue.name}
          <br />
          <span className="muted">{game.venue.address}</span>
        </dd>
        <dt>{t.game.going}</dt>
        <dd className="going">
          {going.length > 0 && <AvatarStack names={going} label={t.game.goingLabel(going.slice(0, 5), Math.max(0, going.length - 5))} />}
          <span>
            {t.game.playersOf(game.playersJoined, game.slots)}
            {game.waitlisted > 0 && `, ${t.game.waiting(game.waitlisted)}`}
          </span>
        </dd>
        <dt>{t.game.price}</dt>
        <dd>{priceOf(game)}</dd>
        <dt>{t.game.level}</dt>
        <dd>
          {game.activity.name}: {t.game.levelRange(game.skillLevel.from.name, game.skillLevel.to.name)}
        </dd>
        <dt>{t.game.host}</dt>
        <dd>{game.organizer.name ?? t.common.aPlayer}</dd>
      </dl>
    </Card>
  );
}

/** The game's rules that decide a visitor's join, told before they join. */
export function Rules({ game }: { game: Game }) {
  const place = game.viewerPlace;
  const lines = [
    game.minPlayers !== null && game.decisionAt && (game.confirmed ? t.game.quorumOn : t.game.quorum(game.minPlayers, formatDateTime(game.decisionAt))),
    game.joinPolicy === 'APPROVAL' ? t.game.approval : place?.entry === 'REQUEST' && t.game.offLevel,
    game.maxGuestsPerPlayer > 0 && t.game.guestsAllowed(game.maxGuestsPerPlayer),
    game.maxRecentNoShows !== null && t.game.noShowGate(game.maxRecentNoShows),
    game.maxRecentNoShows !== null && place?.recentNoShows != null && t.game.noShowYours(place.recentNoShows),
    game.waitlistMode === 'OFFER' && t.game.offerMode,
  ].filter((line): line is string => !!line);
  if (lines.length === 0) return null;
  return (
    <Section title={t.game.rules} id="rules">
      <ul className="rules">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Section>
  );
}
