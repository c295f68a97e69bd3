/** A venue's name, address, position and activities, in a dialog: a new one (POST) or changes to one (PUT). */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { venueKeys } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Dialog, Field, fieldError, useToast } from '../../ui';
import { AdminFormEnd } from './Admin';
import { useAdminActivities } from './Activities';

const s = t.admin.venues;

export interface AdminVenue {
  id: string;
  name: string;
  address: string;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  activityIds: string[];
}

export function VenueForm({ venue, close }: { venue?: AdminVenue; close: () => void }) {
  const client = useQueryClient();
  const say = useToast();
  const activities = useAdminActivities();
  const [form, setForm] = useState({
    name: venue?.name ?? '',
    address: venue?.address ?? '',
    postalCode: venue?.postalCode ?? '',
    latitude: venue ? String(venue.latitude) : '',
    longitude: venue ? String(venue.longitude) : '',
  });
  const [chosen, setChosen] = useState<string[]>(venue?.activityIds ?? []);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: form.name.trim(),
        address: form.address.trim(),
        latitude: Number(form.latitude),
        longitude: Number(form.longitude),
        activityIds: chosen,
      };
      return venue
        ? data(api.PUT('/api/v1/admin/venues/{id}', { params: { path: { id: venue.id } }, body: { ...body, postalCode: form.postalCode.trim() || null } }))
        : data(api.POST('/api/v1/admin/venues', { body: { ...body, ...(form.postalCode.trim() && { postalCode: form.postalCode.trim() }) } }));
    },
    onSuccess: async (saved) => {
      say(venue ? s.saved(saved.name) : s.created(saved.name), 'success');
      await client.invalidateQueries({ queryKey: venueKeys.all });
      close();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const input = (key: keyof typeof form, label: string, extra: { inputMode?: 'decimal'; required?: boolean } = {}) => (
    <Field label={label} id={`venue-${key}`} error={fieldError(save.error, key)}>
      <input id={`venue-${key}`} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} {...extra} />
    </Field>
  );
  return (
    <Dialog open onClose={close} title={s.formTitle(!!venue)}>
      <form className="form" onSubmit={submit} aria-label={s.formTitle(!!venue)}>
        {input('name', s.name, { required: true })}
        {input('address', s.address, { required: true })}
        {input('postalCode', s.postalCode)}
        <div className="admin-grid">
          {input('latitude', s.latitude, { inputMode: 'decimal', required: true })}
          {input('longitude', s.longitude, { inputMode: 'decimal', required: true })}
        </div>
        <fieldset className="admin-checks">
          <legend>{s.activities}</legend>
          {activities.data?.content.map((activity) => (
            <label key={activity.id}>
              <input
                type="checkbox"
                checked={chosen.includes(activity.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, activity.id] : chosen.filter((id) => id !== activity.id))}
              />
              {activity.name}
            </label>
          ))}
        </fieldset>
        <AdminFormEnd sending={save} submitText={s.save} onCancel={close} />
      </form>
    </Dialog>
  );
}
