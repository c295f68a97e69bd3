/** The people of a game as its hosts see them: requests waiting for an answer, players, the waitlist. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { gameKeys, gameParticipantsQuery, joinRequestsQuery, playerReliabilityQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { formatDateTime } from '../../time';
import { Badge, Button, Card, ListState, Loading, Problem, Section, useToast } from '../../ui';
import { PersonDangerButton } from './ask';
import type { ContactMethod, Game, Participant } from './draft';

const m = t.host.manage;

export function RequestsSection({ gameId }: { gameId: string }) {
  const client = useQueryClient();
  const say = useToast();
  const requests = useQuery(joinRequestsQuery(gameId));
  const answer = useMutation({
    mutationFn: async ({ userId, yes }: { userId: string; name: string | null; yes: boolean }) => {
      const path = { params: { path: { id: gameId, userId } } };
      if (yes) await data(api.POST('/api/v1/games/{id}/join-requests/{userId}/approve', path));
      else await done(api.POST('/api/v1/games/{id}/join-requests/{userId}/decline', path));
    },
    onSuccess: (_, { name, yes }) => yes && say(m.approved(name), 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.detail(gameId) }),
  });
  const list = requests.data?.content ?? [];
  return (
    <Section title={m.requestsHeading} id="requests">
      <ListState query={requests} failed={answer.error} items={list} empty={m.noRequests} />
      <ul className="card-list manage-list" aria-label={m.requestsHeading}>
        {list.map((request) => (
          <Card as="li" key={request.userId} className="manage-item">
            <div className="manage-item-head">
              <span className="who">{request.name ?? t.common.aPlayer}</span>
              <Badge tone="accent">{request.skillLevel ? m.level(request.skillLevel.name) : m.noLevel}</Badge>
              <span className="muted">{m.requestedAt(formatDateTime(request.requestedAt))}</span>
            </div>
            <p>{request.message ?? <span className="muted">{m.noMessage}</span>}</p>
            <PlayerRecord gameId={gameId} userId={request.userId} name={request.name} />
            <div className="manage-actions">
              <Button variant="primary" busy={answer.isPending} onClick={() => answer.mutate({ userId: request.userId, name: request.name, yes: true })}>
                {m.approve(request.name)}
              </Button>
              <PersonDangerButton
                act={m.decline}
                who={request.name}
                disabled={answer.isPending}
                onYes={() => answer.mutate({ userId: request.userId, name: request.name, yes: false })}
              />
            </div>
          </Card>
        ))}
      </ul>
    </Section>
  );
}

export function usePlayers(gameId: string) {
  return useQuery(gameParticipantsQuery(gameId));
}

export function RosterSection({ game }: { game: Game }) {
  const client = useQueryClient();
  const say = useToast();
  const players = usePlayers(game.id);
  const remove = useMutation({
    mutationFn: ({ userId }: { userId: string; name: string | null }) =>
      done(api.DELETE('/api/v1/games/{id}/participants/{userId}', { params: { path: { id: game.id, userId } } })),
    onSuccess: (_, { name }) => say(m.removed(name)),
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.detail(game.id) }),
  });
  const list = players.data ?? [];
  const row = (player: Participant) => (
    <Card as="li" key={player.userId} className="manage-item">
      <div className="manage-item-head">
        <span className="who">{player.name ?? t.common.aPlayer}</span>
        {player.isOrganizer && <Badge tone="accent">{m.hostTag}</Badge>}
        {player.guests > 0 && <Badge>{m.guests(player.guests)}</Badge>}
        {player.offerExpiresAt && <Badge tone="warning">{m.offerUntil(formatDateTime(player.offerExpiresAt))}</Badge>}
      </div>
      {player.contactMethods && player.contactMethods.length > 0 && <Contacts methods={player.contactMethods} />}
      {!player.isOrganizer && <PlayerRecord gameId={game.id} userId={player.userId} name={player.name} />}
      {!player.isOrganizer && game.status === 'SCHEDULED' && (
        <div className="manage-actions">
          <PersonDangerButton
            act={m.remove}
            who={player.name}
            disabled={remove.isPending}
            onYes={() => remove.mutate({ userId: player.userId, name: player.name })}
          />
        </div>
      )}
    </Card>
  );
  const active = list.filter((player) => player.status === 'ACTIVE');
  const waiting = list.filter((player) => player.status === 'WAITLISTED');
  return (
    <>
      <Section title={`${m.rosterHeading} (${game.playersJoined}/${game.slots})`} id="roster">
        <ListState query={players} failed={remove.error} items={active} empty={m.nobody} />
        <ul className="card-list manage-list" aria-label={m.rosterHeading}>
          {active.map(row)}
        </ul>
      </Section>
      {waiting.length > 0 && (
        <Section title={m.waitlistHeading} id="waitlist">
          <ol className="card-list manage-list" aria-label={m.waitlistHeading}>
            {waiting.map(row)}
          </ol>
        </Section>
      )}
    </>
  );
}

function Contacts({ methods }: { methods: ContactMethod[] }) {
  return (
    <ul className="contact-list" aria-label={m.contacts}>
      {methods.map((method) => (
        <li key={method.name + method.value}>
          {m.contactNames[method.name] ?? method.name}: {method.value}
        </li>
      ))}
    </ul>
  );
}

/** A player's attendance record, fetched when the host asks for it. */
function PlayerRecord({ gameId, userId, name }: { gameId: string; userId: string; name: string | null }) {
  const [open, setOpen] = useState(false);
  const record = useQuery({ ...playerReliabilityQuery(gameId, userId), enabled: open });
  return (
    <div>
      <Button variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
        {m.record(name)}
      </Button>
      {open && (
        <div role="status">
          {record.isPending && <Loading />}
          <Problem error={record.error} />
          {record.data && <p>{m.recordLine(record.data.played, record.data.noShows, record.data.days)}</p>}
        </div>
      )}
    </div>
  );
}
