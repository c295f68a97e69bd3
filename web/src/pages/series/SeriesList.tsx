import { t } from '../../i18n';
import { Link } from '../../router';
import { Badge, Card, EmptyState, Page, Problem, Skeleton } from '../../ui';
import { useMySeries, type Series } from './queries';
import './series.css';

/** The series one organises, co-hosts or plays in as a regular, and the way to start a new one. */
export function SeriesListPage() {
  const mine = useMySeries();
  const newSeries = (
    <Link to="/series/new" className="btn btn-primary">
      {t.series.newSeries}
    </Link>
  );
  return (
    <Page title={t.series.listTitle}>
      <p className="muted">{t.series.listIntro}</p>
      <div className="actions">{newSeries}</div>
      {mine.isPending && <Skeleton label={t.common.loading} />}
      <Problem error={mine.error} retry={() => void mine.refetch()} />
      {mine.data && mine.data.content.length === 0 && <EmptyState title={t.series.noSeries}>{t.series.noSeriesBody}</EmptyState>}
      {mine.data && mine.data.content.length > 0 && (
        <ul className="series-list">
          {mine.data.content.map((series) => (
            <Card as="li" key={series.id} className="series-card">
              <Link to={`/series/${series.id}`} className="series-card-title">
                {series.title ?? t.series.untitled}
              </Link>
              <span>{scheduleOf(series)}</span>
              <span className="series-badges">
                <Badge tone="accent">{roleOf(series)}</Badge>
                {series.status === 'ENDED' && <Badge tone="warning">{t.series.ended}</Badge>}
              </span>
            </Card>
          ))}
        </ul>
      )}
    </Page>
  );
}

export const scheduleOf = (series: Series) => t.series.schedule(series.weekdays, series.intervalWeeks, series.startTime);

const roleOf = (series: Series) => (series.viewer.isOrganizer ? t.series.roleOrganizer : series.viewer.isCoHost ? t.series.roleCoHost : t.series.roleRegular);
