import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiProblem } from '../../api/client';
import { shareLinkQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { navigate } from '../../router';
import { useMe } from '../../session';
import { formatRange } from '../../time';
import { Card, Loading, Page, Problem } from '../../ui';
import { priceOf } from './Facts';
import { SignInToJoin } from './SignInToJoin';
import './game.css';

/**
 * A share link opened in the app (/s/:code): resolving it while signed in lets the person see the
 * game, even a private one, so they go straight on to its page; a signed-out visitor sees what the
 * link's public page shows and signs in to join, coming back here, and so on to the game.
 */
export function SharePage({ code }: { code: string }) {
  const me = useMe();
  const signedIn = me.isSuccess && !!me.data;
  const link = useQuery({ ...shareLinkQuery(code, signedIn), enabled: me.isSuccess });
  const gameId = link.data?.resourceId;
  useEffect(() => {
    if (signedIn && gameId) navigate(`/games/${gameId}`, { replace: true });
  }, [signedIn, gameId]);

  if (link.error instanceof ApiProblem && link.error.status === 404)
    return (
      <Page title={t.game.shareNotFound}>
        <p>{t.game.shareNotFoundBody}</p>
      </Page>
    );
  if (!link.data || signedIn)
    return <Page title={t.game.sharedTitle}>{link.isError ? <Problem error={link.error} retry={() => void link.refetch()} /> : <Loading />}</Page>;
  const game = link.data.game;
  return (
    <Page title={game.title ?? t.game.defaultTitle(game.activityName, game.venueName)}>
      <p className="muted">{t.game.sharedIntro}</p>
      <Card className="game-facts">
        <dl className="facts">
          <dt>{t.game.when}</dt>
          <dd>{formatRange(game.startTime, game.endTime)}</dd>
          <dt>{t.game.where}</dt>
          <dd>
            {game.venueName}
            <br />
            <span className="muted">{game.venueAddress}</span>
          </dd>
          <dt>{t.game.going}</dt>
          <dd>
            {t.game.playersOf(game.playersJoined, game.slots)}
            {game.waitlisted > 0 && `, ${t.game.waiting(game.waitlisted)}`}
          </dd>
          <dt>{t.game.price}</dt>
          <dd>{priceOf(game)}</dd>
          <dt>{t.game.level}</dt>
          <dd>
            {game.activityName}: {t.game.levelRange(game.skillLevelFrom, game.skillLevelTo)}
          </dd>
        </dl>
      </Card>
      {game.status === 'SCHEDULED' && (
        <Card className="stack">
          <SignInToJoin />
        </Card>
      )}
    </Page>
  );
}
