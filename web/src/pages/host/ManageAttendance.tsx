/** Around and after the game: who came, and what the players thought of it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { gameAttendanceQuery, gameKeys, gameRatingsQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { Badge, Button, Card, EmptyState, ListState, Loading, Problem, Section } from '../../ui';

const m = t.host.manage;
type Mark = 'ATTENDED' | 'NO_SHOW';

/** Marks are offered for every player the API lists; when and whom it accepts, its answer says. */
export function AttendanceSection({ gameId }: { gameId: string }) {
  const client = useQueryClient();
  const attendance = useQuery(gameAttendanceQuery(gameId));
  const mark = useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: Mark }) =>
      data(api.PUT('/api/v1/games/{id}/attendance/{userId}', { params: { path: { id: gameId, userId } }, body: { status } })),
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.attendance(gameId) }),
  });
  const label = (status: Mark | null) => (status === 'ATTENDED' ? m.attended : status === 'NO_SHOW' ? m.noShow : m.unmarked);
  return (
    <Section title={m.attendanceHeading} id="attendance">
      <p className="muted">{m.attendanceHint}</p>
      <ListState query={attendance} failed={mark.error} items={attendance.data} empty={m.nobody} />
      <ul className="card-list manage-list" aria-label={m.attendanceHeading}>
        {attendance.data?.map((entry) => (
          <Card as="li" key={entry.userId} className="manage-item">
            <div className="manage-item-head">
              <span className="who">{entry.name ?? t.common.aPlayer}</span>
              <Badge tone={entry.status === 'ATTENDED' ? 'success' : entry.status === 'NO_SHOW' ? 'danger' : 'neutral'}>{label(entry.status)}</Badge>
              {entry.dispute === 'OPEN' && <Badge tone="warning">{m.disputed}</Badge>}
            </div>
            <div className="manage-actions" role="group" aria-label={m.markedAs(entry.name, label(entry.status))}>
              {(['ATTENDED', 'NO_SHOW'] as const).map((status) => (
                <Button
                  key={status}
                  aria-pressed={entry.status === status}
                  disabled={mark.isPending}
                  onClick={() => mark.mutate({ userId: entry.userId, status })}
                >
                  {label(status)}
                </Button>
              ))}
            </div>
          </Card>
        ))}
      </ul>
    </Section>
  );
}

export function RatingsSection({ gameId }: { gameId: string }) {
  const ratings = useQuery(gameRatingsQuery(gameId));
  return (
    <Section title={m.ratingsHeading} id="ratings">
      {ratings.isPending && <Loading />}
      <Problem error={ratings.error} />
      {ratings.data && (ratings.data.average === null ? <EmptyState title={m.noRatings} /> : <p>{m.average(ratings.data.average, ratings.data.count)}</p>)}
      <ul className="card-list manage-list" aria-label={m.ratingsHeading}>
        {ratings.data?.ratings
          .filter((rating) => rating.note)
          .map((rating) => (
            <Card as="li" key={rating.ratedAt + rating.note} className="manage-item">
              <p>
                <Badge tone="accent">{m.score(rating.score)}</Badge> {rating.note}
              </p>
            </Card>
          ))}
      </ul>
    </Section>
  );
}
