/** Games as anyone finds them, with the admin's power to cancel any of them (its players are told). */
import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { adminGamesQuery, gameListKeys } from '../../api/queries/games';
import { t } from '../../i18n';
import { formatRange } from '../../time';
import { Badge, Button, Card, Chip, ChipRow, ListState, Section, useConfirm, useToast } from '../../ui';
import { AdminFrame } from './Admin';
import { useAdminActivities } from './Activities';

const s = t.admin.games;

export function GamesPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const activities = useAdminActivities();
  const [activityId, setActivityId] = useState<string | undefined>();
  const [includePast, setIncludePast] = useState(false);
  const games = useInfiniteQuery(adminGamesQuery(activityId, includePast));
  const cancel = useMutation({
    mutationFn: (game: { id: string; title: string }) => done(api.DELETE('/api/v1/admin/games/{id}', { params: { path: { id: game.id } } })),
    onSuccess: (_, game) => say(s.cancelled(game.title), 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: gameListKeys.all }),
  });
  const ask = async (game: { id: string; title: string; players: number }) => {
    if (await confirm({ title: s.cancelTitle, body: s.cancelBody(game.title, game.players), confirm: s.cancelConfirm, danger: true })) cancel.mutate(game);
  };
  const list = games.data?.pages.flatMap((page) => page.content) ?? [];
  return (
    <AdminFrame section="games">
      <Section title={s.list} id="admin-games">
        <ChipRow label={t.admin.activities.list}>
          {activities.data?.content.map((activity) => (
            <Chip key={activity.id} pressed={activity.id === activityId} onClick={() => setActivityId(activity.id === activityId ? undefined : activity.id)}>
              {activity.name}
            </Chip>
          ))}
        </ChipRow>
        <label className="admin-checks">
          <input type="checkbox" checked={includePast} onChange={(e) => setIncludePast(e.target.checked)} />
          {s.includePast}
        </label>
        <ListState query={games} failed={cancel.error} items={list} empty={s.none} />
        <ul className="card-list" aria-label={s.list}>
          {list.map((game) => {
            const title = game.title ?? s.untitled(game.activity.name);
            return (
              <Card as="li" key={game.id} className="admin-item">
                <div className="admin-item-head">
                  <strong>{title}</strong>
                  <Badge tone={game.status === 'CANCELLED' ? 'danger' : 'neutral'}>{s.status[game.status] ?? game.status}</Badge>
                </div>
                <p>{formatRange(game.startTime, game.endTime)}</p>
                <p className="muted">
                  {game.venue.name} · {s.by(game.organizer.name ?? s.someone)} · {s.players(game.playersJoined, game.slots)}
                </p>
                {game.status !== 'CANCELLED' && game.status !== 'COMPLETED' && (
                  <div className="admin-actions">
                    <Button
                      variant="danger"
                      busy={cancel.isPending && cancel.variables?.id === game.id}
                      onClick={() => void ask({ id: game.id, title, players: game.playersJoined })}
                    >
                      {s.cancel(title)}
                    </Button>
                  </div>
                )}
              </Card>
            );
          })}
        </ul>
        {games.hasNextPage && (
          <Button busy={games.isFetchingNextPage} onClick={() => void games.fetchNextPage()}>
            {s.more}
          </Button>
        )}
      </Section>
    </AdminFrame>
  );
}
