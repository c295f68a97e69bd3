/** The admins' queue of reported chat messages, oldest first: delete the message or keep it; either closes its reports. */
import { useQuery } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { adminKeys, chatReportsQuery } from '../../api/queries/admin';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime } from '../../time';
import { Badge, Button, Card } from '../../ui';
import { AdminList, useQueueDecision } from '../admin/Admin';
import './chat.css';

const s = t.chat.reports;

export function ChatReportsPage() {
  const queue = useQuery(chatReportsQuery());
  const resolve = useQueueDecision<{ id: string; removeMessage: boolean }>({
    queue: adminKeys.chatReports,
    send: ({ id, removeMessage }) =>
      done(api.POST('/api/v1/admin/chat-reports/{reportId}/resolve', { params: { path: { reportId: id } }, body: { removeMessage } })),
    asks: ({ removeMessage }) =>
      removeMessage ? { title: s.removeTitle, body: s.removeBody, confirm: s.remove, danger: true } : { title: s.keepTitle, body: s.keepBody, confirm: s.keep },
    said: () => s.resolved,
  });
  return (
    <AdminList section="chat-reports" title={s.list} lead={s.intro} query={queue} failed={resolve.error} empty={s.none} items={queue.data}>
      {(report) => {
        const busy = resolve.deciding?.id === report.id;
        return (
          <Card as="li" key={report.id} className="admin-item">
            <p className="muted">
              {s.wrote(report.author.name ?? s.someone, formatDateTime(report.writtenAt))} ·{' '}
              {s.reportedBy(report.reporter.name ?? s.someone, formatDateTime(report.reportedAt))}
            </p>
            <blockquote className="admin-reason chat-body">{report.body}</blockquote>
            {report.messageDeleted && <Badge tone="warning">{s.deleted}</Badge>}
            <p>
              <Link to={`/games/${report.gameId}`}>{s.game}</Link>
            </p>
            <div className="admin-actions">
              {!report.messageDeleted && (
                <Button variant="danger" busy={busy} onClick={() => void resolve.ask({ id: report.id, removeMessage: true })}>
                  {s.remove}
                </Button>
              )}
              <Button busy={busy} onClick={() => void resolve.ask({ id: report.id, removeMessage: false })}>
                {s.keep}
              </Button>
            </div>
          </Card>
        );
      }}
    </AdminList>
  );
}
