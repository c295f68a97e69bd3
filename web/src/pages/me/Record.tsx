import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { meKeys, reliabilityQuery } from '../../api/queries/me';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime } from '../../time';
import { Badge, Button, Card, Dialog, EmptyState, fieldError, Page, Problem, Section, TextArea, useToast, Waiting } from '../../ui';
import './me.css';

function DisputeDialog({ gameId, onClose }: { gameId: string | undefined; onClose: () => void }) {
  const client = useQueryClient();
  const say = useToast();
  const [reason, setReason] = useState('');
  const send = useMutation({
    mutationFn: (id: string) =>
      data(api.POST('/api/v1/me/attendance/{gameId}/dispute', { params: { path: { gameId: id } }, body: { reason: reason.trim() || undefined } })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meKeys.reliability });
      say(t.me.disputed, 'success');
      setReason('');
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gameId) send.mutate(gameId);
  };
  return (
    <Dialog open={!!gameId} onClose={onClose} title={t.me.disputeTitle}>
      <form className="form" onSubmit={submit} noValidate>
        <TextArea
          label={t.me.disputeReason}
          id="dispute-reason"
          error={fieldError(send.error, 'reason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={setReason}
        />
        <Problem error={send.error} />
        <Button type="submit" variant="primary" busy={send.isPending}>
          {t.me.disputeSend}
        </Button>
      </form>
    </Dialog>
  );
}

export function RecordPage() {
  const record = useQuery(reliabilityQuery());
  const [disputing, setDisputing] = useState<string | undefined>();
  if (!record.data) return <Waiting query={record} title={t.me.record} />;
  const { played, noShows, days, noShowMarks } = record.data;
  return (
    <Page title={t.me.record}>
      <p>{t.me.recordSummary(played, noShows, days)}</p>
      <Section title={t.me.marksHeading}>
        {noShowMarks.length === 0 ? (
          <EmptyState title={t.me.noMarks} />
        ) : (
          <ul className="me-list" aria-label={t.me.marksHeading}>
            {noShowMarks.map((mark) => (
              <Card as="li" key={mark.gameId} className="me-item">
                <Link to={`/games/${mark.gameId}`}>{t.me.markedOn(formatDateTime(mark.gameStart))}</Link>
                {mark.dispute ? (
                  <Badge tone={mark.dispute === 'UPHELD' ? 'danger' : 'warning'}>{t.me.disputeState[mark.dispute]}</Badge>
                ) : mark.disputableUntil ? (
                  <span className="me-actions">
                    <span className="muted">{t.me.disputeUntil(formatDateTime(mark.disputableUntil))}</span>
                    <Button onClick={() => setDisputing(mark.gameId)}>{t.me.dispute}</Button>
                  </span>
                ) : (
                  <span className="muted">{t.me.notDisputable}</span>
                )}
              </Card>
            ))}
          </ul>
        )}
      </Section>
      <DisputeDialog gameId={disputing} onClose={() => setDisputing(undefined)} />
    </Page>
  );
}
