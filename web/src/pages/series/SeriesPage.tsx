import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { t } from '../../i18n';
import { Link } from '../../router';
import { useMe } from '../../session';
import { Badge, Button, Page, Problem, Section, useConfirm, useToast, Waiting } from '../../ui';
import { Dates } from './Dates';
import { Members } from './Members';
import { useSeries, useVenues, type Series } from './queries';
import { scheduleOf } from './SeriesList';
import { SeriesMoney } from './SeriesMoney';
import './series.css';
import { gameKeys } from '../../api/queries/games';
import { seriesKeys } from '../../api/queries/series';

/** One series: its dates and what can be done with each, its regulars and co-hosts, and its end. */
export function SeriesPage({ id }: { id: string }) {
  const series = useSeries(id);
  if (!series.data) return <Waiting query={series} title={t.series.listTitle} />;
  return <SeriesView series={series.data} />;
}

function SeriesView({ series }: { series: Series }) {
  const venues = useVenues(series.activityId);
  const venue = venues.data?.content.find((item) => item.id === series.venueId);
  const { viewer } = series;
  const active = series.status === 'ACTIVE';
  return (
    <Page title={series.title ?? t.series.untitled}>
      <p>
        <Link to="/series">{t.series.allSeries}</Link>
      </p>
      <p className="series-badges">
        <span>{scheduleOf(series)}</span>
        {!active && <Badge tone="warning">{t.series.ended}</Badge>}
      </p>
      {venue && <p className="muted">{venue.name}</p>}
      {active && !viewer.isOrganizer && <RegularToggle series={series} />}
      <Dates series={series} />
      <Members series={series} kind="regulars" />
      <Members series={series} kind="co-hosts" />
      {active && (viewer.isOrganizer || viewer.isCoHost) && Number(series.price) > 0 && <SeriesMoney series={series} />}
      {active && viewer.isOrganizer && <EndSeries series={series} />}
    </Page>
  );
}

/** A player opts in (one step) or stops being a regular. */
function RegularToggle({ series }: { series: Series }) {
  const me = useMe();
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const change = useMutation({
    mutationFn: async (join: boolean) => {
      const userId = me.data!.userId;
      const path = { id: series.id, userId };
      if (join) await data(api.POST('/api/v1/series/{id}/regulars', { params: { path }, body: { userId } }));
      else await done(api.DELETE('/api/v1/series/{id}/regulars/{userId}', { params: { path } }));
      return join;
    },
    onSuccess: (join) => say(join ? t.series.joinedRegular : t.series.removed, 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: seriesKeys.all }),
  });
  const leave = async () => {
    if (await confirm({ title: t.series.leaveTitle, body: t.series.leaveBody, confirm: t.series.leaveConfirm, danger: true })) change.mutate(false);
  };
  return (
    <div className="actions">
      {!series.viewer.isRegular && series.joinPolicy === 'APPROVAL' ? (
        <p className="muted">{t.series.byInvitation}</p>
      ) : series.viewer.isRegular ? (
        <Button onClick={() => void leave()} busy={change.isPending}>
          {t.series.leaveRegular}
        </Button>
      ) : (
        <>
          <Button variant="primary" onClick={() => change.mutate(true)} busy={change.isPending} disabled={!me.data}>
            {t.series.joinRegular}
          </Button>
          <p className="muted">{t.series.joinRegularHint}</p>
        </>
      )}
      <Problem error={change.error} />
    </div>
  );
}

function EndSeries({ series }: { series: Series }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const end = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/series/{id}', { params: { path: { id: series.id } } })),
    onSuccess: async () => {
      say(t.series.endedToast, 'success');
      await Promise.all([client.invalidateQueries({ queryKey: seriesKeys.all }), client.invalidateQueries({ queryKey: gameKeys.all })]);
    },
  });
  const ask = async () => {
    if (await confirm({ title: t.series.endTitle, body: t.series.endBody, confirm: t.series.endConfirm, danger: true })) end.mutate();
  };
  return (
    <div className="series-danger">
      <Section title={t.series.endSeries}>
        <p className="muted">{t.series.endBody}</p>
        <Button variant="danger" onClick={() => void ask()} busy={end.isPending}>
          {t.series.endSeries}
        </Button>
        <Problem error={end.error} />
      </Section>
    </div>
  );
}
