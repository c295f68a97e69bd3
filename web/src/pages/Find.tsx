import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { navigate, useLocation } from '../router';
import { Field, Loading, Page, Problem } from '../ui';
import { GameCard } from './GameCard';
import { NearPicker, validCircle, type Circle } from './NearPicker';

const FILTERS = ['activityId', 'venueId', 'skillLevelId', 'fromDate', 'toDate', 'fromTime', 'toTime', 'lat', 'lng', 'radiusKm'] as const;
type Filter = (typeof FILTERS)[number];

export function useActivities() {
  return useQuery({ queryKey: ['activities'], queryFn: () => data(api.GET('/api/v1/activities', { params: { query: { size: 100 } } })), staleTime: 300_000 });
}

/** The public listing; the filters live in the address so a search can be shared and survives reloads. */
export function FindPage() {
  const { query } = useLocation();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ''])) as Record<Filter, string>;
  const setMany = (values: Partial<Record<Filter, string>>) => {
    const next = new URLSearchParams(query);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if ('activityId' in values) ['venueId', 'skillLevelId'].forEach((dependent) => next.delete(dependent));
    navigate(`/?${next.toString()}`, { replace: true });
  };
  const set = (name: Filter, value: string) => setMany({ [name]: value });
  const circle = validCircle({ lat: filters.lat, lng: filters.lng, radiusKm: filters.radiusKm });
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
    ...(circle && { lat: Number(circle.lat), lng: Number(circle.lng), radiusKm: Number(circle.radiusKm) }),
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
  const input = (name: Filter, label: string, type: string) => (
    <Field label={label} id={`filter-${name}`}>
      <input id={`filter-${name}`} type={type} value={filters[name]} onChange={(e) => set(name, e.target.value)} />
    </Field>
  );
  const choice = (name: Filter, label: string, any: string, options: Array<{ id: string; name: string }> | undefined, hint?: string) => (
    <Field label={label} id={`filter-${name}`} hint={hint}>
      <select id={`filter-${name}`} value={filters[name]} disabled={!options} onChange={(e) => set(name, e.target.value)}>
        <option value="">{any}</option>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <Page title="Find a game">
      <details className="filters" open>
        <summary>Filters</summary>
        <div className="filter-grid">
          {choice('activityId', 'Activity', 'Any activity', activities.data?.content)}
          {choice('venueId', 'Venue', 'Any venue', venues.data?.content)}
          {choice('skillLevelId', 'Skill level', 'Any level', activity?.skillLevels, activity ? undefined : 'Choose an activity first')}
          {input('fromDate', 'From date', 'date')}
          {input('toDate', 'To date', 'date')}
          {input('fromTime', 'Starting after', 'time')}
          {input('toTime', 'Starting before', 'time')}
        </div>
        <NearPicker
          initial={{ lat: filters.lat, lng: filters.lng, radiusKm: filters.radiusKm }}
          venues={venues.data?.content ?? []}
          onChange={(next?: Circle) => setMany({ lat: next?.lat ?? '', lng: next?.lng ?? '', radiusKm: next?.radiusKm ?? '' })}
        />
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
