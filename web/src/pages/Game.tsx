import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../api/client';
import { Link } from '../router';
import { useMe } from '../session';
import { formatRange } from '../time';
import { Loading, Page, Problem, Waiting } from '../ui';
import { LeaveNotice, useLeaveRule } from './LeaveNotice';
import { SharePreview } from './SharePreview';
import { SignInLinks } from './SignIn';

/** One game: details, players in join order, and what the viewer can do. */
export function GamePage({ id }: { id: string }) {
  const client = useQueryClient();
  const me = useMe();
  const game = useQuery({ queryKey: ['game', id], queryFn: () => data(api.GET('/api/v1/games/{id}', { params: { path: { id } } })) });
  const players = useQuery({
    queryKey: ['game', id, 'participants'],
    queryFn: () => data(api.GET('/api/v1/games/{id}/participants', { params: { path: { id } } })),
    enabled: game.isSuccess,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['game', id] });
  const action = useMutation({
    mutationFn: async (kind: 'join' | 'leave' | 'bookmark' | 'unbookmark' | 'cancel') => {
      const path = { params: { path: { id } } };
      // Alone: guests are added afterwards (the service's party rules apply either way).
      if (kind === 'join') await data(api.POST('/api/v1/games/{id}/participants', { ...path, body: {} }));
      if (kind === 'leave') await done(api.DELETE('/api/v1/games/{id}/participants/me', path));
      if (kind === 'bookmark') await data(api.POST('/api/v1/game-bookmarks', { body: { gameId: id } }));
      if (kind === 'unbookmark') await done(api.DELETE('/api/v1/game-bookmarks/{gameId}', { params: { path: { gameId: id } } }));
      if (kind === 'cancel') await done(api.DELETE('/api/v1/games/{id}', path));
    },
    onSettled: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: ['mine'] })]),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => done(api.DELETE('/api/v1/games/{id}/participants/{userId}', { params: { path: { id, userId } } })),
    onSettled: refresh,
  });
  const [copied, setCopied] = useState('');
  const [shared, setShared] = useState('');
  const leave = useLeaveRule(game.data);

  if (!game.isSuccess) return <Waiting query={game} title="Game" />;
  const g = game.data;
  const viewer = g.viewer;
  const manages = !!viewer && (viewer.isOrganizer || viewer.isCoHost);
  const list = players.data ?? [];
  const active = list.filter((player) => player.status === 'ACTIVE');
  const waiting = list.filter((player) => player.status === 'WAITLISTED');
  const position = me.data ? waiting.findIndex((player) => player.userId === me.data!.userId) + 1 : 0;
  const upcoming = g.status === 'SCHEDULED';
  // Once a game is under way or over, a place is simply played (the service refuses its leave anyway).
  const mayLeave = !!viewer && !viewer.isOrganizer && (viewer.waitlisted || (viewer.joined && (upcoming || g.status === 'CANCELLED')));
  const share = async () => {
    let url = g.shareLink?.shareUrl;
    if (!url) url = (await data(api.POST('/api/v1/share-links', { body: { resourceType: 'GAME', resourceId: id } }))).shareUrl;
    setShared(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`Link copied: ${url}`);
    } catch {
      setCopied(`Copy this link: ${url}`);
    }
  };

  return (
    <Page title={g.title ?? `${g.activity.name} at ${g.venue.name}`}>
      <dl className="facts">
        <dt>When</dt>
        <dd>{formatRange(g.startTime, g.endTime)}</dd>
        <dt>Where</dt>
        <dd>
          {g.venue.name}, {g.venue.address}
        </dd>
        <dt>Activity</dt>
        <dd>
          {g.activity.name} ({g.gameType === 'DOUBLE' ? 'doubles' : 'singles'})
        </dd>
        <dt>Level</dt>
        <dd>{g.skillLevel.from.name === g.skillLevel.to.name ? g.skillLevel.from.name : `${g.skillLevel.from.name} to ${g.skillLevel.to.name}`}</dd>
        <dt>Players</dt>
        <dd>
          {g.playersJoined} of {g.slots}
          {g.waitlisted > 0 && `, ${g.waitlisted} on the waitlist`}
        </dd>
        <dt>Price</dt>
        <dd>{Number(g.price) === 0 ? 'Free' : `${g.price} ${g.currency}`}</dd>
        <dt>Host</dt>
        <dd>{g.organizer.name ?? 'A player'}</dd>
        <dt>Status</dt>
        <dd>{g.status === 'CANCELLED' ? 'Cancelled' : g.confirmed ? 'Game on' : g.status.toLowerCase()}</dd>
      </dl>
      {g.description && <p>{g.description}</p>}

      {upcoming && !viewer && (
        <div className="notice">
          <p>Sign in to join this game.</p>
          <SignInLinks />
        </div>
      )}
      {viewer && (
        <div className="actions">
          {upcoming && !viewer.joined && !viewer.waitlisted && !viewer.isOrganizer && (
            <button type="button" className="primary" disabled={action.isPending} onClick={() => action.mutate('join')}>
              {g.playersJoined >= g.slots ? 'Join the waitlist' : 'Join game'}
            </button>
          )}
          {mayLeave && (
            <button
              type="button"
              aria-describedby="leave-rule"
              disabled={action.isPending || (viewer.joined && leave(viewer.waitlisted).kind === 'closed')}
              onClick={() => action.mutate('leave')}
            >
              {viewer.waitlisted ? 'Leave the waitlist' : 'Leave game'}
            </button>
          )}
          <button
            type="button"
            aria-pressed={viewer.bookmarked}
            disabled={action.isPending}
            onClick={() => action.mutate(viewer.bookmarked ? 'unbookmark' : 'bookmark')}
          >
            {viewer.bookmarked ? 'Bookmarked' : 'Bookmark'}
          </button>
          <button type="button" onClick={() => void share()}>
            Copy share link
          </button>
          {manages && upcoming && (
            <>
              <Link className="button" to={`/games/${id}/edit`}>
                Edit game
              </Link>
              <button
                type="button"
                className="danger"
                disabled={action.isPending}
                onClick={() => window.confirm('Cancel this game for everyone who joined?') && action.mutate('cancel')}
              >
                Cancel game
              </button>
            </>
          )}
        </div>
      )}
      <p className="muted" role="status" aria-live="polite">
        {copied}
      </p>
      {shared && <SharePreview url={shared} />}
      {viewer?.waitlisted && position > 0 && <p className="notice">You are number {position} on the waitlist. You move up as soon as a place frees up.</p>}
      {viewer && !viewer.isOrganizer && (mayLeave || (upcoming && !viewer.joined)) && (
        <LeaveNotice game={g} rule={leave(viewer.waitlisted)} joined={viewer.joined || viewer.waitlisted} />
      )}
      <Problem error={action.error ?? remove.error} />

      <h2>Players</h2>
      {players.isPending && <Loading />}
      <Problem error={players.error} />
      <ol className="players" aria-label="Players in join order">
        {active.map((player) => (
          <li key={player.userId}>
            {player.name ?? 'A player'}
            {player.isOrganizer && ' (host)'}
            {manages && !player.isOrganizer && upcoming && (
              <button type="button" className="link" onClick={() => remove.mutate(player.userId)}>
                Remove {player.name ?? 'player'}
              </button>
            )}
          </li>
        ))}
      </ol>
      {waiting.length > 0 && (
        <>
          <h2>Waitlist</h2>
          <ol className="players" aria-label="Waitlist in order">
            {waiting.map((player) => (
              <li key={player.userId}>{player.name ?? 'A player'}</li>
            ))}
          </ol>
        </>
      )}
    </Page>
  );
}
