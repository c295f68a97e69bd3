/**
 * The viewer's own place in a game, whoever they are: the way in for a visitor, the place and what to do
 * with it for a player, and what comes with a place (the game-day card, rating, paying, the organiser's
 * contact). Both the player's and the host's view show it: a co-host may play too.
 */
import { Suspense } from 'react';
import { t } from '../../i18n';
import { lazyPage } from '../../shell/lazy-page';
import { Card } from '../../ui';
import { OrganizerContact } from './Extras';
import { JoinForm, Party, PendingRequest } from './JoinPanel';
import { LeaveNotice, type Holding } from './LeaveNotice';
import { CheckIn, LeaveButton, Offer, Rate } from './PlaceActions';
import { SignInToJoin } from './SignInToJoin';
import type { Game } from './types';

// Parts only some viewers see load on demand: the pay sheet brings the QR encoder, the largest code
// of this page, which a player of a free game (or anyone without a place) never needs.
const PaySheet = lazyPage(() => import('../money/PaySheet'), 'PaySheet');
const PlayerCard = lazyPage(() => import('../gameday/PlayerCard'), 'PlayerCard');

/** Which place the viewer holds, from the game's viewer marks. */
export function holdingOf(game: Game): Holding {
  const viewer = game.viewer;
  return !viewer ? 'anonymous' : viewer.joined ? 'place' : viewer.waitlisted ? 'waitlist' : 'none';
}

/** What the viewer can do now, one main action leading: the button says what will happen. */
export function YourPlace({ game, holding, now }: { game: Game; holding: Holding; now: number }) {
  const place = game.viewerPlace;
  const upcoming = game.status === 'SCHEDULED';
  if (holding === 'anonymous')
    return upcoming ? (
      <Card className="stack">
        <SignInToJoin />
        <LeaveNotice game={game} holding={holding} />
      </Card>
    ) : null;
  if (!place || game.viewer?.isOrganizer) return null;
  if (place.offerExpiresAt) return <Offer game={game} place={place} />;
  if (holding === 'place')
    return (
      <Card className="stack">
        <Party game={game} place={place} />
        <CheckIn game={game} place={place} now={now} />
        {(upcoming || game.status === 'CANCELLED') && <LeaveButton game={game} place={place} waitlisted={false} />}
        <LeaveNotice game={game} holding={holding} />
      </Card>
    );
  if (holding === 'waitlist')
    return (
      <Card className="stack">
        {place.waitlistPosition !== null && <p>{t.game.waitlistPosition(place.waitlistPosition)}</p>}
        <LeaveButton game={game} place={place} waitlisted />
        <LeaveNotice game={game} holding={holding} />
      </Card>
    );
  if (place.request) return <PendingRequest game={game} place={place} />;
  if (!upcoming) return null;
  return (
    <Card className="stack">
      <JoinForm game={game} place={place} />
      <LeaveNotice game={game} holding={holding} />
    </Card>
  );
}

/** Game day runs from 30 minutes before the start until 12 hours after it. */
const gameDayAround = (start: string, now: number) => now >= Date.parse(start) - 30 * 60_000 && now <= Date.parse(start) + 12 * 3_600_000;

/** What comes with a place: the game-day card, rating after the game, paying for a priced one (not the organiser), their contact. */
export function WithAPlace({ game, holding, now }: { game: Game; holding: Holding; now: number }) {
  const place = game.viewerPlace;
  const playing = holding === 'place';
  return (
    <>
      {/* Outside game day the card shows nothing, so its code is not even loaded then. */}
      <Suspense fallback={null}>{playing && gameDayAround(game.startTime, now) && <PlayerCard gameId={game.id} around />}</Suspense>
      {playing && place && <Rate game={game} place={place} now={now} />}
      <Suspense fallback={null}>{playing && !game.viewer?.isOrganizer && Number(game.price) > 0 && <PaySheet gameId={game.id} />}</Suspense>
      {place?.organizerContact && <OrganizerContact methods={place.organizerContact} />}
    </>
  );
}
