import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { notificationGameQuery, notificationKeys, notificationsQuery } from '../../api/queries/notifications';
import type { paths } from '../../api/schema';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime, formatRange } from '../../time';
import { Button, Card, EmptyState, Page, Problem, Skeleton, useConfirm, useToast } from '../../ui';
import { useMutePreferences } from './preferences';
import './me.css';

type Notification = paths['/api/v1/notifications']['get']['responses'][200]['content']['application/json']['data']['content'][number];

/** The game a notification is about, for its date: a series' games share a title, so the text alone may not say which day. */
function GameDate({ id }: { id: string }) {
  const game = useQuery({ ...notificationGameQuery(id), staleTime: 300_000 });
  if (!game.data) return null;
  return <span>{t.me.forGame(formatRange(game.data.startTime, game.data.endTime))}</span>;
}

export function NotificationsPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  // Pages by offset, newest first: a notification arriving meanwhile shifts later pages by one, so items are kept once by id.
  const list = useInfiniteQuery(notificationsQuery());
  const changed = () =>
    Promise.all([client.invalidateQueries({ queryKey: notificationKeys.all }), client.invalidateQueries({ queryKey: notificationKeys.unread })]);
  const readOne = useMutation({
    mutationFn: (id: string) => data(api.PUT('/api/v1/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: changed,
  });
  const readAll = useMutation({ mutationFn: () => data(api.PUT('/api/v1/notifications/read-all')), onSettled: changed });
  const remove = useMutation({
    mutationFn: (id: string) => done(api.DELETE('/api/v1/notifications/{id}', { params: { path: { id } } })),
    onSuccess: () => say(t.me.deleted, 'success'),
    onSettled: changed,
  });
  const mute = useMutePreferences();
  const seen = new Set<string>();
  const items = (list.data?.pages.flatMap((page) => page.content) ?? []).filter((item) => !seen.has(item.id) && !!seen.add(item.id));
  const askDelete = async (item: Notification) => {
    if (await confirm({ title: t.me.deleteTitle, body: t.me.deleteBody, confirm: t.me.deleteConfirm, danger: true })) remove.mutate(item.id);
  };
  const askMute = async (item: Notification) => {
    if (await confirm({ title: t.me.muteTitle, body: t.me.muteBody, confirm: t.me.muteConfirm, danger: true })) {
      await mute.mutateAsync({ add: item.resourceId });
      say(t.me.muted, 'success');
    }
  };
  const muted = new Set(mute.preferences.data?.mutedGameIds ?? []);
  return (
    <Page title={t.me.notifications}>
      <div className="me-actions">
        <Button onClick={() => readAll.mutate()} disabled={readAll.isPending || !items.some((item) => !item.isRead)}>
          {t.me.markAllRead}
        </Button>
        <Link to="/settings/notifications">{t.me.settingsLink}</Link>
      </div>
      {list.isPending && <Skeleton label={t.common.loading} />}
      <Problem error={list.error ?? readOne.error ?? readAll.error ?? remove.error ?? mute.error} retry={() => void list.refetch()} />
      {list.isSuccess && items.length === 0 && <EmptyState title={t.me.noNotifications} />}
      {items.length > 0 && (
        <ul className="me-list notifications" aria-label={t.me.notifications}>
          {items.map((item) => (
            <Card as="li" key={item.id} className={`me-item ${item.isRead ? 'read' : 'unread'}`}>
              <strong>{item.title}</strong>
              <span>{item.message}</span>
              {item.resourceType === 'GAME' && <GameDate id={item.resourceId} />}
              <small className="muted">{formatDateTime(item.createdAt)}</small>
              <span className="me-actions">
                {item.resourceType === 'GAME' && <Link to={`/games/${item.resourceId}`}>{t.me.openGame}</Link>}
                {!item.isRead && (
                  <Button variant="ghost" onClick={() => readOne.mutate(item.id)}>
                    {t.me.markRead(item.title)}
                  </Button>
                )}
                {item.resourceType === 'GAME' && !muted.has(item.resourceId) && (
                  <Button variant="ghost" onClick={() => void askMute(item)}>
                    {t.me.muteGame(item.title)}
                  </Button>
                )}
                <Button variant="ghost" onClick={() => void askDelete(item)}>
                  {t.me.deleteOne(item.title)}
                </Button>
              </span>
            </Card>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
          {t.me.showOlder}
        </Button>
      )}
    </Page>
  );
}
