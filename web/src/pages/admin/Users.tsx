/** Users and roles: find a person, make them an admin or take the role away (one's own too, after a clear warning). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { adminKeys, adminUsersQuery } from '../../api/queries/admin';
import { meKeys } from '../../api/queries/me';
import { t } from '../../i18n';
import { useMe } from '../../session';
import { Badge, Button, Card, Field, useConfirm, useToast } from '../../ui';
import { AdminList } from './Admin';

const s = t.admin.users;

export function UsersPage() {
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const me = useMe();
  const confirm = useConfirm();
  const say = useToast();
  const users = useQuery(adminUsersQuery(search.trim()));
  const setRoles = useMutation({
    mutationFn: ({ id, admin }: { id: string; admin: boolean; name: string }) =>
      data(api.PUT('/api/v1/admin/users/{id}/roles', { params: { path: { id } }, body: { roles: admin ? ['ADMIN'] : [] } })),
    onSuccess: (_, { admin, name }) => say(admin ? s.granted(name) : s.revoked(name), 'success'),
    onSettled: (_, __, { id }) =>
      Promise.all([client.invalidateQueries({ queryKey: adminKeys.users }), id === me.data?.userId && client.invalidateQueries({ queryKey: meKeys.all })]),
  });
  const change = async (id: string, name: string, admin: boolean) => {
    const own = id === me.data?.userId;
    const yes = await confirm(
      admin
        ? { title: s.grantTitle, body: s.grantBody(name), confirm: s.grantConfirm }
        : { title: own ? s.revokeOwnTitle : s.revokeTitle, body: own ? s.revokeOwnBody : s.revokeBody(name), confirm: s.revokeConfirm, danger: true },
    );
    if (yes) setRoles.mutate({ id, admin, name });
  };
  return (
    <AdminList
      section="users"
      title={t.admin.sections.users}
      lead={
        <Field label={s.search} id="user-search" hint={s.searchHint}>
          <input id="user-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-describedby="user-search-hint" />
        </Field>
      }
      query={users}
      failed={setRoles.error}
      empty={s.none}
      items={users.data?.content}
    >
      {(user) => {
        const name = user.name ?? s.notOnboarded;
        const admin = user.roles.includes('ADMIN');
        const own = user.id === me.data?.userId;
        return (
          <Card as="li" key={user.id} className="admin-item">
            <div className="admin-item-head">
              <strong>{name}</strong>
              {own && <Badge tone="accent">{s.you}</Badge>}
              {admin && <Badge tone="success">{s.admin}</Badge>}
            </div>
            <p className="muted">
              {s.via(user.authProvider)}
              {user.email ? ` · ${user.email}` : ''}
            </p>
            <div className="admin-actions">
              {admin ? (
                <Button
                  variant="danger"
                  busy={setRoles.isPending && setRoles.variables?.id === user.id}
                  onClick={() => void change(user.id, user.name ?? s.someone, false)}
                >
                  {s.revoke(user.name ?? s.someone)}
                </Button>
              ) : (
                <Button busy={setRoles.isPending && setRoles.variables?.id === user.id} onClick={() => void change(user.id, user.name ?? s.someone, true)}>
                  {s.grant(user.name ?? s.someone)}
                </Button>
              )}
            </div>
          </Card>
        );
      }}
    </AdminList>
  );
}
