import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { gameListingQuery } from '../../api/queries/games';
import { dayHeading, localDay, t } from '../../i18n';
import { Button, Chip, ChipRow, EmptyState, Loading, Page, Problem, Skeleton, Tabs } from '../../ui';
import { FilterSheet } from './FilterSheet';
import { listingQuery, quickRanges, SHEET_FILTERS, useFilters } from './filters';
import { GameCard, type GameSummary } from './GameCard';
import { useActivities } from './queries';
import './find.css';

// Leaflet comes with the map view only: the list's first screen does not download it.
const GameMap = lazy(() => import('./GameMap').then((module) => ({ default: module.GameMap })));

const rounded = (value: number) => String(Math.round(value * 1e5) / 1e5);

/** The public listing, phone first: quick chips, near me, the rest in a sheet; a list by day or a map. */
export function FindPage() {
  const { filters, setMany, view, setView } = useFilters();
  const activities = useActivities();
  const [sheet, setSheet] = useState(false);
  const [note, setNote] = useState('');
  const [locating, setLocating] = useState(false);
  const query = listingQuery(filters);
  const near = 'lat' in query;
  const ranges = quickRanges();
  const games = useInfiniteQuery(gameListingQuery(query));
  const list = useMemo(() => games.data?.pages.flatMap((page) => page.content) ?? [], [games.data]);

  const range = (key: keyof typeof ranges) => ({
    pressed: filters.fromDate === ranges[key].fromDate && filters.toDate === ranges[key].toDate,
    onClick: () => setMany(filters.fromDate === ranges[key].fromDate && filters.toDate === ranges[key].toDate ? { fromDate: '', toDate: '' } : ranges[key]),
  });
  const askForPoint = () => {
    setNote(t.find.noLocation);
    setSheet(true);
  };
  const nearMe = () => {
    if (near) return setMany({ lat: '', lng: '', radiusKm: '' });
    if (!('geolocation' in navigator)) return askForPoint();
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setMany({ lat: rounded(position.coords.latitude), lng: rounded(position.coords.longitude), radiusKm: filters.radiusKm || '10' });
      },
      () => {
        setLocating(false);
        askForPoint();
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };
  const inSheet = SHEET_FILTERS.filter((name) => filters[name]).length;

  return (
    <Page title={t.find.title}>
      <ChipRow label={t.find.quick}>
        <Chip pressed={near} onClick={nearMe}>
          {t.find.nearMe}
        </Chip>
        <Chip {...range('today')}>{t.find.today}</Chip>
        <Chip {...range('tomorrow')}>{t.find.tomorrow}</Chip>
        <Chip {...range('weekend')}>{t.find.weekend}</Chip>
        {activities.data?.content.map((activity) => (
          <Chip
            key={activity.id}
            pressed={filters.activityId === activity.id}
            onClick={() => setMany({ activityId: filters.activityId === activity.id ? '' : activity.id })}
          >
            {activity.name}
          </Chip>
        ))}
      </ChipRow>
      <p className="find-status muted" role="status" aria-live="polite">
        {locating ? t.find.locating : ''}
      </p>
      <div className="find-bar">
        <Button onClick={() => setSheet(true)} aria-haspopup="dialog">
          {inSheet ? t.find.filtersOn(inSheet) : t.find.filters}
        </Button>
      </div>
      <Tabs
        label={t.find.view}
        value={view}
        onChange={setView}
        tabs={[
          { key: 'list', label: t.find.list },
          { key: 'map', label: t.find.map },
        ]}
      >
        {games.isPending && <Skeleton lines={6} label={t.find.finding} />}
        <Problem error={games.error} retry={() => void games.refetch()} />
        {games.isSuccess && list.length === 0 && (
          <EmptyState title={t.find.noGames} action={<Button onClick={() => setSheet(true)}>{t.find.filters}</Button>}>
            {t.find.noGamesBody}
          </EmptyState>
        )}
        {view === 'map' ? (
          list.length > 0 && (
            <Suspense fallback={<Loading what={t.find.mapLoading} />}>
              <GameMap games={list} />
            </Suspense>
          )
        ) : (
          <GameList games={list} near={near} />
        )}
        <More query={games} />
      </Tabs>
      <FilterSheet
        open={sheet}
        onClose={() => {
          setSheet(false);
          setNote('');
        }}
        filters={filters}
        setMany={setMany}
        note={note}
      />
    </Page>
  );
}

/** By day with a heading each; near a point, one list nearest first (the API's order). */
function GameList({ games, near }: { games: GameSummary[]; near: boolean }) {
  if (games.length === 0) return null;
  if (near)
    return (
      <section className="find-day" aria-labelledby="find-nearest">
        <h2 id="find-nearest">{t.find.nearestFirst}</h2>
        <ul className="cards find-cards" aria-label={t.find.games}>
          {games.map((game) => (
            <GameCard key={game.id} game={game} />
          ))}
        </ul>
      </section>
    );
  const days: Array<{ day: string; games: GameSummary[] }> = [];
  for (const game of games) {
    const day = localDay(game.startTime);
    if (days.at(-1)?.day === day) days.at(-1)!.games.push(game);
    else days.push({ day, games: [game] });
  }
  return (
    <>
      {days.map(({ day, games: ofDay }) => (
        <section key={day} className="find-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{dayHeading(ofDay[0]!.startTime)}</h2>
          <ul className="cards find-cards">
            {ofDay.map((game) => (
              <GameCard key={game.id} game={game} dayShown />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** More pages as the end of the list comes into view, or by the button. */
function More({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div ref={sentinel} className="sentinel">
      {hasNextPage && (
        <Button onClick={() => void fetchNextPage()} busy={isFetchingNextPage}>
          {isFetchingNextPage ? t.find.loadingMore : t.find.loadMore}
        </Button>
      )}
    </div>
  );
}
