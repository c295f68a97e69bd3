import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { navigate, useLocation } from '../router';
import { Field, Loading, Page, Problem } from '../ui';
import { GameCard } from './GameCard';

const FILTERS = ['activityId', 'venueId', 'skillLevelId', 'fromDate', 'toDate', 'fromTime', 'toTime', 'lat', 'lng', 'radiusKm'] as const;
type Filter = (typeof FILTERS)[number];

export function useActivities() {
  return useQuery({ queryKey: ['activities'], queryFn: () => data(api.GET('/api/v1/activities', { params: { query: { size: 100 } } })), staleTime: 300_000 });
}

/** The public listing; the filters live in the address so a search can be shared and survives reloads. */
export function FindPage() {
  const { query } = useLocation();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ''])) as Record<Filter, string>;
  const set = (name: Filter, value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'activityId') ['venueId', 'skillLevelId'].forEach((dependent) => next.delete(dependent));
    navigate(`/?${next.toString()}`, { replace: true });
  };
  const activities = useActivities();
  const activity = activities.data?.content.find((candidate) => candidate.id === filters.activityId);
  const venues = useQuery({
    queryKey: ['venues', filters.activityId],
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, ...(filters.activityId ? { activityId: filters.activityId } : {}) } } })),
    staleTime: 300_000,
  });
  const listingQuery = {
    ...(filters.activityId && { activityId: filters.activityId }),
    ...(filters.venueId && { venueIds: [filters.venueId] }),
    ...(filters.skillLevelId && { skillLevelIds: [filters.skillLevelId] }),
    ...(filters.fromDate && { fromDate: filters.fromDate }),
    ...(filters.toDate && { toDate: filters.toDate }),
    ...(filters.fromTime && { fromTime: filters.fromTime }),
    ...(filters.toTime && { toTime: filters.toTime }),
    ...(filters.lat && filters.lng && filters.radiusKm && { lat: Number(filters.lat), lng: Number(filters.lng), radiusKm: Number(filters.radiusKm) }),
  };
  const games = useInfiniteQuery({
    queryKey: ['games', listingQuery],
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/v1/games', { params: { query: { ...listingQuery, size: 20, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = games;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const list = games.data?.pages.flatMap((page) => page.content) ?? [];
  const input = (name: Filter, label: string, type: string, extra: Record<string, string> = {}) => (
    <Field label={label} id={`filter-${name}`}>
      <input id={`filter-${name}`} type={type} value={filters[name]} onChange={(e) => set(name, e.target.value)} {...extra} />
    </Field>
  );
  return (
    <Page title="Find a game">
      <details className="filters" open>
        <summary>Filters</summary>
        <div className="filter-grid">
          <Field label="Activity" id="filter-activityId">
            <select id="filter-activityId" value={filters.activityId} onChange={(e) => set('activityId', e.target.value)}>
              <option value="">Any activity</option>
              {activities.data?.content.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Venue" id="filter-venueId">
            <select id="filter-venueId" value={filters.venueId} onChange={(e) => set('venueId', e.target.value)}>
              <option value="">Any venue</option>
              {venues.data?.content.map((venue) => (
                <option key={venue.id} value={venue.id}>
                  {venue.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Skill level" id="filter-skillLevelId" hint={activity ? undefined : 'Choose an activity first'}>
            <select id="filter-skillLevelId" value={filters.skillLevelId} disabled={!activity} onChange={(e) => set('skillLevelId', e.target.value)}>
              <option value="">Any level</option>
              {activity?.skillLevels.map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name}
                </option>
              ))}
            </select>
          </Field>
          {input('fromDate', 'From date', 'date')}
          {input('toDate', 'To date', 'date')}
          {input('fromTime', 'Starting after', 'time')}
          {input('toTime', 'Starting before', 'time')}
          {input('lat', 'Near latitude', 'number', { step: 'any', min: '-90', max: '90' })}
          {input('lng', 'Near longitude', 'number', { step: 'any', min: '-180', max: '180' })}
          {input('radiusKm', 'Within km', 'number', { step: 'any', min: '0.1', max: '50' })}
        </div>
      </details>
      {games.isPending && <Loading what="Finding games" />}
      <Problem error={games.error} retry={() => void games.refetch()} />
      {games.isSuccess && list.length === 0 && <p className="empty">No games match these filters. Try a wider date range or another activity.</p>}
      <ul className="cards" aria-label="Games">
        {list.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </ul>
      <div ref={sentinel} className="sentinel">
        {games.hasNextPage && (
          <button type="button" onClick={() => void games.fetchNextPage()} disabled={games.isFetchingNextPage}>
            {games.isFetchingNextPage ? 'Loading more…' : 'Load more games'}
          </button>
        )}
      </div>
    </Page>
  );
}
