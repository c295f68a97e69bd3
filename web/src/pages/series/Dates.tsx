import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { dayHeading, t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime, formatTime } from '../../time';
import { Badge, Button, Card, EmptyState, Problem, Section, Skeleton, useConfirm, useToast, type Tone } from '../../ui';
import { ChangeSheet } from './ChangeSheet';
import { useGames, useOccurrences, type Occurrence, type Series } from './queries';
import { gameKeys } from '../../api/queries/games';
import { seriesKeys } from '../../api/queries/series';

type Game = NonNullable<ReturnType<typeof useGames>[number]['data']>;

const TONES: Record<Occurrence['state'], Tone> = { PENDING: 'neutral', OPENED: 'success', SKIPPED: 'warning', CANCELLED: 'danger' };

/** Every date of the series with what became of it; an open date shows its game as it is now (changed on its own or not). */
export function Dates({ series }: { series: Series }) {
  const occurrences = useOccurrences(series.id);
  const dates = occurrences.data?.content ?? [];
  const gameIds = dates.flatMap((date) => (date.gameId ? [date.gameId] : []));
  const games = useGames(gameIds);
  const gameOf = new Map(gameIds.map((id, index) => [id, games[index]?.data]));
  const [changing, setChanging] = useState<Occurrence | undefined>();
  return (
    <Section title={t.series.dates}>
      <p className="muted">{t.series.datesIntro(series.openDaysAhead)}</p>
      {occurrences.isPending && <Skeleton label={t.common.loading} />}
      <Problem error={occurrences.error} retry={() => void occurrences.refetch()} />
      {occurrences.data && dates.length === 0 && <EmptyState title={t.series.noDates} />}
      <ul className="series-dates">
        {dates.map((date) => (
          <DateRow key={date.date} series={series} date={date} game={date.gameId ? gameOf.get(date.gameId) : undefined} onChange={() => setChanging(date)} />
        ))}
      </ul>
      {changing && (
        <ChangeSheet series={series} date={changing} game={changing.gameId ? gameOf.get(changing.gameId) : undefined} onClose={() => setChanging(undefined)} />
      )}
    </Section>
  );
}

function DateRow({ series, date, game, onChange }: { series: Series; date: Occurrence; game?: Game; onChange: () => void }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const start = game?.startTime ?? date.startTime;
  const when = formatDateTime(start);
  const path = { params: { path: { id: series.id, date: date.date } } };
  const act = useMutation({
    mutationFn: (kind: 'cancel' | 'skip') =>
      kind === 'cancel'
        ? done(api.DELETE('/api/v1/series/{id}/occurrences/{date}', path))
        : done(api.POST('/api/v1/series/{id}/occurrences/{date}/skip', path)),
    onSuccess: (_, kind) => say(kind === 'cancel' ? t.series.cancelled : t.series.skipped, 'success'),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: seriesKeys.detail(series.id) }), client.invalidateQueries({ queryKey: gameKeys.all })]),
  });
  const ask = async (kind: 'cancel' | 'skip') => {
    const asked =
      kind === 'cancel'
        ? {
            title: t.series.cancelTitle(when),
            body: date.state === 'OPENED' ? t.series.cancelOpened : t.series.cancelPending,
            confirm: t.series.cancelConfirm,
          }
        : { title: t.series.skipTitle(when), body: t.series.skipBody, confirm: t.series.skip };
    if (await confirm({ ...asked, danger: true })) act.mutate(kind);
  };
  const { viewer } = series;
  const live = series.status === 'ACTIVE' && (date.state === 'PENDING' || date.state === 'OPENED');
  return (
    <Card as="li" className="series-date">
      <div className="series-date-head">
        <strong>
          {dayHeading(start)} · {formatTime(start)}
        </strong>
        <Badge tone={TONES[date.state]}>{t.series.state[date.state]}</Badge>
      </div>
      {game && (
        <span>
          <Link to={`/games/${game.id}`}>{game.title ?? t.series.openGame(when)}</Link>
          <span className="muted"> · {t.series.players(game.playersJoined, game.slots)}</span>
        </span>
      )}
      {date.skipping && <Badge tone="warning">{t.series.youSkip}</Badge>}
      {live && (
        <div className="series-date-actions">
          {(viewer.isOrganizer || viewer.isCoHost) && <Button onClick={onChange}>{t.series.change}</Button>}
          {viewer.isRegular && !date.skipping && (
            <Button onClick={() => void ask('skip')} busy={act.isPending && act.variables === 'skip'}>
              {t.series.skip}
            </Button>
          )}
          {viewer.isOrganizer && (
            <Button variant="danger" onClick={() => void ask('cancel')} busy={act.isPending && act.variables === 'cancel'}>
              {t.series.cancelDate}
            </Button>
          )}
        </div>
      )}
      <Problem error={act.error} />
    </Card>
  );
}
