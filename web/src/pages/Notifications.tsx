import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { Link } from '../router';
import { formatDateTime } from '../time';
import { Loading, Page, Problem } from '../ui';

export function NotificationsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['notifications'], queryFn: () => data(api.GET('/api/v1/notifications', { params: { query: { size: 50 } } })) });
  const changed = () => Promise.all([client.invalidateQueries({ queryKey: ['notifications'] }), client.invalidateQueries({ queryKey: ['unread'] })]);
  const readOne = useMutation({
    mutationFn: (id: string) => data(api.PUT('/api/v1/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: changed,
  });
  const readAll = useMutation({ mutationFn: () => data(api.PUT('/api/v1/notifications/read-all')), onSettled: changed });
  const items = list.data?.content ?? [];
  return (
    <Page title="Notifications">
      <button type="button" onClick={() => readAll.mutate()} disabled={readAll.isPending || !items.some((item) => !item.isRead)}>
        Mark all as read
      </button>
      {list.isPending && <Loading />}
      <Problem error={list.error ?? readOne.error ?? readAll.error} retry={() => void list.refetch()} />
      {list.isSuccess && items.length === 0 && <p className="empty">No notifications yet.</p>}
      <ul className="notifications" aria-label="Notifications">
        {items.map((item) => (
          <li key={item.id} className={item.isRead ? 'read' : 'unread'}>
            <strong>{item.title}</strong>
            <span>{item.message}</span>
            <small className="muted">{formatDateTime(item.createdAt)}</small>
            <span className="row">
              {item.resourceType === 'GAME' && item.resourceId && <Link to={`/games/${item.resourceId}`}>Open game</Link>}
              {!item.isRead && (
                <button type="button" className="link" onClick={() => readOne.mutate(item.id)}>
                  Mark “{item.title}” as read
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Page>
  );
}
