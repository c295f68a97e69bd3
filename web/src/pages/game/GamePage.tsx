import { Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { PushOffer } from '../../push/PushOffer';
import { useMe } from '../../session';
import { Card, Page, Problem, Waiting } from '../../ui';
import { useNowUntil } from './clock';
import { Facts, Rules } from './Facts';
import { Extras, HostTools, OrganizerContact } from './Extras';
import { JoinForm, Party, PendingRequest } from './JoinPanel';
import { LeaveNotice, type Holding } from './LeaveNotice';
import { CheckIn, LeaveButton, Offer, Rate } from './PlaceActions';
import { Players } from './Players';
import { lazyPage } from '../../shell/lazy-page';
import { SignInToJoin } from './SignInToJoin';
import type { Game } from './types';
import './game.css';

// Parts only some viewers see load on demand: the pay sheet brings the QR encoder, the largest code
// of this page, which a player of a free game (or anyone without a place) never needs.
const PaySheet = lazyPage(() => import('../money/PaySheet'), 'PaySheet');
const PlayerCard = lazyPage(() => import('../gameday/PlayerCard'), 'PlayerCard');
const GameChat = lazyPage(() => import('../chat/GameChat'), 'GameChat');

/** The moments the service named at which this page changes: it asks the service again then. */
function useTurns(game: Game | undefined, refetch: () => unknown) {
  const place = game?.viewerPlace;
  const now = useNowUntil([place?.leave?.closesAt, place?.offerExpiresAt, place?.checkIn?.opensAt, place?.checkIn?.closesAt, place?.rateFrom, game?.startTime]);
  const first = useRef(now);
  useEffect(() => {
    if (now !== first.current) void refetch();
  }, [now, refetch]);
  return now;
}

/** What the viewer can do now, one main action leading: the button says what will happen. */
function YourPlace({ game, holding, now }: { game: Game; holding: Holding; now: number }) {
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

/** One game: the facts a player decides on first, then what they can do, then the rest. */
export function GamePage({ id }: { id: string }) {
  const me = useMe();
  const game = useQuery({ queryKey: ['game', id], queryFn: () => data(api.GET('/api/v1/games/{id}', { params: { path: { id } } })) });
  const now = useTurns(game.data, game.refetch);
  if (!game.isSuccess) return <Waiting query={game} title={t.game.title} />;
  const g = game.data;
  const viewer = g.viewer;
  const holding: Holding = !viewer ? 'anonymous' : viewer.joined ? 'place' : viewer.waitlisted ? 'waitlist' : 'none';
  const manages = !!viewer && (viewer.isOrganizer || viewer.isCoHost);
  return (
    <Page title={g.title ?? t.game.defaultTitle(g.activity.name, g.venue.name)}>
      <Facts game={g} signedIn={!!me.data} />
      {g.description && <p>{g.description}</p>}
      <YourPlace game={g} holding={holding} now={now} />
      {(holding === 'none' || holding === 'anonymous') && g.status === 'SCHEDULED' && <Rules game={g} />}
      <Suspense fallback={null}>{holding === 'place' && <PlayerCard gameId={g.id} around={gameDayAround(g.startTime, now)} />}</Suspense>
      {holding === 'place' && g.viewerPlace && <Rate game={g} place={g.viewerPlace} now={now} />}
      <Suspense fallback={null}>{holding === 'place' && !viewer?.isOrganizer && Number(g.price) > 0 && <PaySheet gameId={g.id} />}</Suspense>
      {g.viewerPlace?.organizerContact && <OrganizerContact methods={g.viewerPlace.organizerContact} />}
      {manages && <HostTools game={g} />}
      <Extras game={g} />
      <Suspense fallback={null}>
        {(manages || holding === 'place' || holding === 'waitlist' || !!g.viewerPlace?.request) && <GameChat gameId={g.id} />}
      </Suspense>
      {viewer ? <Players game={g} manages={manages} /> : <p className="muted">{t.game.signInToSee}</p>}
      <Problem error={game.error} />
      {viewer && <PushOffer />}
    </Page>
  );
}
