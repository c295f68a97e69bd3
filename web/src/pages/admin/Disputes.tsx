/** The queue of disputed no-show marks, oldest first: uphold one (it counts again) or dismiss it (the mark goes). */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { adminKeys, disputesQuery } from '../../api/queries/admin';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime } from '../../time';
import { Button, Card } from '../../ui';
import { AdminList, useQueueDecision } from './Admin';

const s = t.admin.disputes;
type Outcome = 'uphold' | 'dismiss';

interface Decision {
  gameId: string;
  userId: string;
  player: string;
  outcome: Outcome;
}

export function DisputesPage() {
  const queue = useQuery(disputesQuery());
  const settle = useQueueDecision<Decision>({
    queue: adminKeys.disputes,
    send: ({ gameId, userId, outcome }) => {
      const params = { params: { path: { gameId, userId } } };
      return outcome === 'uphold'
        ? data(api.POST('/api/v1/admin/attendance-disputes/{gameId}/{userId}/uphold', params))
        : data(api.POST('/api/v1/admin/attendance-disputes/{gameId}/{userId}/dismiss', params));
    },
    asks: ({ player, outcome }) =>
      outcome === 'uphold'
        ? { title: s.upholdTitle, body: s.upholdBody(player), confirm: s.uphold, danger: true }
        : { title: s.dismissTitle, body: s.dismissBody(player), confirm: s.dismiss },
    said: ({ outcome }) => (outcome === 'uphold' ? s.upheld : s.dismissed),
  });
  return (
    <AdminList section="disputes" title={s.list} lead={s.intro} query={queue} failed={settle.error} empty={s.none} items={queue.data}>
      {(dispute) => {
        const player = dispute.playerName ?? t.common.aPlayer;
        const busy = settle.deciding?.gameId === dispute.gameId && settle.deciding.userId === dispute.userId;
        const decide = (outcome: Outcome) => void settle.ask({ gameId: dispute.gameId, userId: dispute.userId, player, outcome });
        return (
          <Card as="li" key={`${dispute.gameId}:${dispute.userId}`} className="admin-item" aria-label={player}>
            <div className="admin-item-head">
              <strong>{player}</strong>
            </div>
            <p>
              <Link to={`/games/${dispute.gameId}`}>{dispute.gameTitle ?? s.unknownGame}</Link> · {formatDateTime(dispute.gameStart)}
            </p>
            <p className="muted">
              {s.marked(formatDateTime(dispute.markedAt))}
              {dispute.markedByName ? ` · ${dispute.markedByName}` : ''}
              {dispute.disputedAt ? ` · ${s.disputed(formatDateTime(dispute.disputedAt))}` : ''}
            </p>
            <blockquote className="admin-reason">{dispute.reason ?? s.noReason}</blockquote>
            <div className="admin-actions">
              <Button variant="danger" busy={busy} onClick={() => decide('uphold')}>
                {s.uphold}
              </Button>
              <Button busy={busy} onClick={() => decide('dismiss')}>
                {s.dismiss}
              </Button>
            </div>
          </Card>
        );
      }}
    </AdminList>
  );
}
