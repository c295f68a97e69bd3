/** Who helps run the game, and the link that brings players to it. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { coHostsQuery, gameKeys, gameShareLinkQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { Badge, Button, Card, Field, ListState, Loading, Problem, Section, useToast } from '../../ui';
import { DangerButton, PersonDangerButton } from './ask';
import type { Game } from './draft';
import { usePlayers } from './ManageRoster';

const m = t.host.manage;

/** Everyone sees who co-hosts; the organiser invites (an invitation the person accepts) and removes. */
export function CoHostsSection({ game }: { game: Game }) {
  const client = useQueryClient();
  const say = useToast();
  const organiser = !!game.viewer?.isOrganizer;
  const [pick, setPick] = useState('');
  const coHosts = useQuery(coHostsQuery(game.id));
  const players = usePlayers(game.id);
  const refresh = () => client.invalidateQueries({ queryKey: gameKeys.coHosts(game.id) });
  const invite = useMutation({
    mutationFn: (userId: string) => data(api.POST('/api/v1/games/{id}/co-hosts', { params: { path: { id: game.id } }, body: { userId } })),
    onSuccess: (added) => {
      say(m.invited(added.name), 'success');
      setPick('');
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => done(api.DELETE('/api/v1/games/{id}/co-hosts/{userId}', { params: { path: { id: game.id, userId } } })),
    onSettled: refresh,
  });
  const listed = coHosts.data ?? [];
  const candidates = (players.data ?? []).filter((player) => !player.isOrganizer && !listed.some((coHost) => coHost.userId === player.userId));
  return (
    <Section title={m.coHostsHeading} id="co-hosts">
      <p className="muted">{m.coHostsRule}</p>
      <ListState query={coHosts} failed={invite.error ?? remove.error} items={listed} empty={m.noCoHosts} />
      <ul className="card-list manage-list" aria-label={m.coHostsHeading}>
        {listed.map((coHost) => (
          <Card as="li" key={coHost.userId} className="manage-item">
            <div className="manage-item-head">
              <span className="who">{coHost.name ?? t.common.aPlayer}</span>
              <Badge tone={coHost.state === 'PENDING' ? 'warning' : 'success'}>{coHost.state === 'PENDING' ? m.pending : m.active}</Badge>
            </div>
            {organiser && (
              <div className="manage-actions">
                <PersonDangerButton act={m.withdraw} who={coHost.name} disabled={remove.isPending} onYes={() => remove.mutate(coHost.userId)} />
              </div>
            )}
          </Card>
        ))}
      </ul>
      {organiser && candidates.length > 0 && (
        <div className="invite-row">
          <Field label={m.invitePick} id="co-host-pick">
            <select id="co-host-pick" value={pick} onChange={(event) => setPick(event.target.value)}>
              <option value="">{t.host.choose}</option>
              {candidates.map((player) => (
                <option key={player.userId} value={player.userId}>
                  {player.name ?? t.common.aPlayer}
                </option>
              ))}
            </select>
          </Field>
          <Button disabled={!pick} busy={invite.isPending} onClick={() => invite.mutate(pick)}>
            {m.invite}
          </Button>
        </div>
      )}
    </Section>
  );
}

/** The organiser's link, and a new one when the old has gone too far. */
export function ShareSection({ game }: { game: Game }) {
  const client = useQueryClient();
  const say = useToast();
  const link = useQuery(gameShareLinkQuery(game.id));
  const rotate = useMutation({
    mutationFn: () => data(api.POST('/api/v1/share-links/rotate', { body: { resourceType: 'GAME', resourceId: game.id } })),
    onSuccess: (fresh) => {
      client.setQueryData(gameShareLinkQuery(game.id).queryKey, fresh);
      say(m.rotated, 'success');
      return client.invalidateQueries({ queryKey: gameKeys.detail(game.id), exact: true });
    },
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      say(m.copied);
    } catch {
      // No clipboard (permission or an old browser): the link is on screen to copy by hand.
    }
  };
  const url = link.data?.shareUrl;
  return (
    <Section title={m.shareHeading} id="share">
      <p className="muted">{m.shareHint}</p>
      {link.isPending && <Loading />}
      <Problem error={link.error ?? rotate.error} />
      {url && (
        <Card className="manage-item">
          <p className="share-url" data-testid="share-url">
            {url}
          </p>
          <div className="manage-actions">
            <Button onClick={() => void copy(url)}>{m.copy}</Button>
            <DangerButton asks={{ title: m.rotateTitle, body: m.rotateBody, confirm: m.rotate }} busy={rotate.isPending} onYes={() => rotate.mutate()}>
              {m.rotate}
            </DangerButton>
          </div>
        </Card>
      )}
    </Section>
  );
}
