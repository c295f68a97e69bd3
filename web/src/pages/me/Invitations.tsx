import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { invitationsQuery, meKeys } from '../../api/queries/me';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime } from '../../time';
import { Button, Card, EmptyState, Page, Problem, useConfirm, useToast, Waiting } from '../../ui';
import './me.css';

export function InvitationsPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const invitations = useQuery(invitationsQuery());
  const changed = () => client.invalidateQueries({ queryKey: meKeys.invitations });
  const accept = useMutation({
    mutationFn: (id: string) => done(api.POST('/api/v1/me/invitations/{id}/accept', { params: { path: { id } } })),
    onSuccess: () => say(t.me.accepted, 'success'),
    onSettled: changed,
  });
  const decline = useMutation({
    mutationFn: (id: string) => done(api.POST('/api/v1/me/invitations/{id}/decline', { params: { path: { id } } })),
    onSuccess: () => say(t.me.declined, 'success'),
    onSettled: changed,
  });
  if (!invitations.data) return <Waiting query={invitations} title={t.me.invitations} />;
  const askDecline = async (id: string) => {
    if (await confirm({ title: t.me.declineTitle, body: t.me.declineBody, confirm: t.me.decline, danger: true })) decline.mutate(id);
  };
  return (
    <Page title={t.me.invitations}>
      <Problem error={accept.error ?? decline.error} />
      {invitations.data.length === 0 ? (
        <EmptyState title={t.me.noInvitations} />
      ) : (
        <ul className="me-list" aria-label={t.me.invitations}>
          {invitations.data.map((invitation) => {
            const kind = t.me.invitationKind[invitation.kind] ?? invitation.kind;
            return (
              <Card as="li" key={invitation.id} className="me-item">
                <strong>{kind}</strong>
                <span className="muted">{t.me.invitedBy(invitation.invitedByName, formatDateTime(invitation.expiresAt))}</span>
                <span className="me-actions">
                  <Link to={invitation.resourceType === 'GAME' ? `/games/${invitation.resourceId}` : `/series/${invitation.resourceId}`}>
                    {t.me.openResource}
                  </Link>
                  <Button variant="primary" busy={accept.isPending && accept.variables === invitation.id} onClick={() => accept.mutate(invitation.id)}>
                    {t.me.accept}
                  </Button>
                  <Button variant="danger" busy={decline.isPending && decline.variables === invitation.id} onClick={() => void askDecline(invitation.id)}>
                    {t.me.decline}
                  </Button>
                </span>
              </Card>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
