/** The filters a chip cannot hold, in a sheet: activity, level, venue, type, price, dates, times and a point. */
import { money, t } from '../../i18n';
import { Field, Sheet } from '../../ui';
import { FILTERS, type Filter, type Filters } from './filters';
import { NearPicker, type Circle } from './NearPicker';
import { useActivities, useVenues, useVenuesWithGames } from './queries';

const PRICES = ['0', '5', '10', '20'];

export function FilterSheet({
  open,
  onClose,
  filters,
  setMany,
  note,
}: {
  open: boolean;
  onClose: () => void;
  filters: Filters;
  setMany: (values: Partial<Filters>) => void;
  note: string;
}) {
  const activities = useActivities();
  const venues = useVenues(filters.activityId);
  const venuesWithGames = useVenuesWithGames(filters.activityId);
  const activity = activities.data?.content.find((candidate) => candidate.id === filters.activityId);
  const set = (name: Filter, value: string) => setMany({ [name]: value });
  const choice = (name: Filter, label: string, options: Array<{ id: string; name: string }> | undefined, hint?: string) => (
    <Field label={label} id={`filter-${name}`} hint={hint}>
      <select id={`filter-${name}`} value={filters[name]} disabled={!options} onChange={(e) => set(name, e.target.value)}>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
  const input = (name: Filter, label: string, type: string) => (
    <Field label={label} id={`filter-${name}`}>
      <input id={`filter-${name}`} type={type} value={filters[name]} onChange={(e) => set(name, e.target.value)} />
    </Field>
  );
  const any = (label: string, options?: Array<{ id: string; name: string }>) => (options ? [{ id: '', name: label }, ...options] : undefined);
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t.find.filters}
      actions={{
        secondary: { text: t.find.clearAll, onClick: () => setMany(Object.fromEntries(FILTERS.map((name) => [name, '']))) },
        primary: { text: t.find.done, onClick: onClose },
      }}
    >
      {/* Mounted while open only, so the near picker starts from the address each time. */}
      {open && (
        <div className="find-sheet">
          <div className="filter-grid">
            {choice('activityId', t.find.activity, any(t.find.anyActivity, activities.data?.content))}
            {choice('skillLevelId', t.find.level, any(t.find.anyLevel, activity?.skillLevels), activity ? t.find.levelHelp : t.find.levelHint)}
            {choice('venueId', t.find.venue, any(t.find.anyVenue, venuesWithGames))}
            {choice(
              'gameType',
              t.find.type,
              any(t.find.anyType, [
                { id: 'SINGLE', name: t.find.single },
                { id: 'DOUBLE', name: t.find.double },
              ]),
            )}
            {choice(
              'maxPrice',
              t.find.price,
              any(
                t.find.anyPrice,
                PRICES.map((price) => ({ id: price, name: price === '0' ? t.find.freeOnly : t.find.upTo(money(Number(price) * 100)) })),
              ),
            )}
            {input('fromDate', t.find.fromDate, 'date')}
            {input('toDate', t.find.toDate, 'date')}
            {input('fromTime', t.find.fromTime, 'time')}
            {input('toTime', t.find.toTime, 'time')}
          </div>
          <NearPicker
            initial={{ lat: filters.lat, lng: filters.lng, radiusKm: filters.radiusKm }}
            venues={venues.data?.content ?? []}
            note={note}
            onChange={(next?: Circle) => setMany({ lat: next?.lat ?? '', lng: next?.lng ?? '', radiusKm: next?.radiusKm ?? '' })}
          />
        </div>
      )}
    </Sheet>
  );
}
