import { Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { gameQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { PushOffer } from '../../push/PushOffer';
import { useMe } from '../../session';
import { lazyPage } from '../../shell/lazy-page';
import { Page, Problem, Waiting } from '../../ui';
import { useNowUntil } from './clock';
import { Extras } from './Extras';
import { Facts } from './Facts';
import { HostView } from './HostView';
import { holdingOf } from './Place';
import { PlayerView } from './PlayerView';
import { Players } from './Players';
import type { Game } from './types';
import './game.css';

// The chat loads on demand: only players, those waiting or asking, and hosts see it.
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

/** One game: the facts a player decides on first, then what the viewer can do (as a host or as a player), then the rest. */
export function GamePage({ id }: { id: string }) {
  const me = useMe();
  const game = useQuery(gameQuery(id));
  const now = useTurns(game.data, game.refetch);
  if (!game.isSuccess) return <Waiting query={game} title={t.game.title} />;
  const g = game.data;
  const viewer = g.viewer;
  const holding = holdingOf(g);
  const manages = !!viewer && (viewer.isOrganizer || viewer.isCoHost);
  return (
    <Page title={g.title ?? t.game.defaultTitle(g.activity.name, g.venue.name)}>
      <Facts game={g} signedIn={!!me.data} />
      {g.description && <p>{g.description}</p>}
      {manages ? <HostView game={g} holding={holding} now={now} /> : <PlayerView game={g} holding={holding} now={now} />}
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
