/** Venues: find, add, edit and delete one, or import many from a file. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { adminVenuesQuery, venueKeys } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Button, Card, EmptyState, Field, Loading, Problem, Section, useConfirm, useToast } from '../../ui';
import { AdminFrame } from './Admin';
import { useAdminActivities } from './Activities';
import { VenueForm, type AdminVenue } from './VenueForm';
import { VenueImport } from './VenueImport';

const s = t.admin.venues;

export function VenuesPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminVenue | 'new' | undefined>();
  const activities = useAdminActivities();
  const names = new Map(activities.data?.content.map((activity) => [activity.id, activity.name]));
  const venues = useQuery(adminVenuesQuery(search.trim()));
  const remove = useMutation({
    mutationFn: (venue: AdminVenue) => done(api.DELETE('/api/v1/admin/venues/{id}', { params: { path: { id: venue.id } } })),
    onSuccess: (_, venue) => say(s.deleted(venue.name), 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: venueKeys.all }),
  });
  const ask = async (venue: AdminVenue) => {
    if (await confirm({ title: s.deleteTitle, body: s.deleteBody(venue.name), confirm: s.deleteConfirm, danger: true })) remove.mutate(venue);
  };
  return (
    <AdminFrame section="venues">
      <Section title={s.list} id="admin-venues" action={<Button onClick={() => setEditing('new')}>{s.add}</Button>}>
        <Field label={s.search} id="venue-search">
          <input id="venue-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        {venues.isPending && <Loading />}
        <Problem error={venues.error ?? remove.error} />
        {venues.data && <p className="muted">{s.count(venues.data.page.totalElements)}</p>}
        {venues.data?.content.length === 0 && <EmptyState title={s.none} />}
        <ul className="card-list" aria-label={s.list}>
          {venues.data?.content.map((venue) => (
            <Card as="li" key={venue.id} className="admin-item">
              <strong>{venue.name}</strong>
              <p className="muted">{venue.address}</p>
              <p>{venue.activityIds.length ? s.activityNames(venue.activityIds.map((id) => names.get(id) ?? '…')) : s.noActivities}</p>
              <div className="admin-actions">
                <Button onClick={() => setEditing(venue)}>{s.edit(venue.name)}</Button>
                <Button variant="danger" busy={remove.isPending && remove.variables?.id === venue.id} onClick={() => void ask(venue)}>
                  {s.delete(venue.name)}
                </Button>
              </div>
            </Card>
          ))}
        </ul>
      </Section>
      <VenueImport />
      {editing && <VenueForm venue={editing === 'new' ? undefined : editing} close={() => setEditing(undefined)} />}
    </AdminFrame>
  );
}
