/**
 * "Near a point with radius" without a map (no tiles offline): the centre comes from the device's
 * location, from a venue, or typed in; the radius in km. The circle filters the listing only while all
 * three are valid (the API's limits), and each field says what is wrong as one types.
 */
import { useState } from 'react';
import { t } from '../../i18n';
import { Field } from '../../ui';

export interface Circle {
  lat: string;
  lng: string;
  radiusKm: string;
}

interface Venue {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

function numberError(value: string, label: string, min: number, max: number, exclusiveMin = false): string | undefined {
  if (!value.trim()) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) return t.find.notNumber(label);
  if ((exclusiveMin ? number <= min : number < min) || number > max) return t.find.outOfRange(label, min, max, exclusiveMin);
  return undefined;
}

export function circleErrors(circle: Circle): Partial<Record<keyof Circle, string>> {
  return {
    lat: numberError(circle.lat, t.find.latitude, -90, 90),
    lng: numberError(circle.lng, t.find.longitude, -180, 180),
    radiusKm: numberError(circle.radiusKm, t.find.radiusName, 0, 50, true),
  };
}

/** The circle to filter by, or nothing while a part is missing or wrong. */
export function validCircle(circle: Circle): Circle | undefined {
  const errors = circleErrors(circle);
  const complete = circle.lat.trim() && circle.lng.trim() && circle.radiusKm.trim();
  return complete && !errors.lat && !errors.lng && !errors.radiusKm ? circle : undefined;
}

const rounded = (value: number) => String(Math.round(value * 1e5) / 1e5);

export function NearPicker({
  initial,
  venues,
  onChange,
  note = '',
}: {
  initial: Circle;
  venues: Venue[];
  onChange: (circle: Circle | undefined) => void;
  /** Why the picker is showing (near me could not locate the device). */
  note?: string;
}) {
  const [circle, setCircle] = useState(initial);
  const [locating, setLocating] = useState(note);
  const errors = circleErrors(circle);
  const update = (patch: Partial<Circle>) => {
    const next = { ...circle, ...patch };
    if ((patch.lat || patch.lng) && !next.radiusKm) next.radiusKm = '5';
    setCircle(next);
    onChange(validCircle(next));
  };
  const useMyLocation = () => {
    if (!('geolocation' in navigator)) return setLocating(t.find.cannotLocate);
    setLocating(t.find.locating);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(t.find.usingLocation);
        update({ lat: rounded(position.coords.latitude), lng: rounded(position.coords.longitude) });
      },
      (error) => setLocating(t.find.locationDenied(error.code === error.PERMISSION_DENIED)),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };
  const partial = !validCircle(circle) && (circle.lat || circle.lng || circle.radiusKm) && !errors.lat && !errors.lng && !errors.radiusKm;
  return (
    <fieldset className="near">
      <legend>{t.find.nearPoint}</legend>
      <div className="row near-sources">
        <button type="button" onClick={useMyLocation}>
          {t.find.useLocation}
        </button>
        <Field label={t.find.aroundVenue} id="near-venue">
          <select
            id="near-venue"
            value=""
            onChange={(e) => {
              const venue = venues.find((candidate) => candidate.id === e.target.value);
              if (venue) update({ lat: rounded(venue.latitude), lng: rounded(venue.longitude) });
            }}
          >
            <option value="">{t.find.chooseVenue}</option>
            {venues.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="muted" role="status" aria-live="polite">
        {locating}
      </p>
      <div className="row">
        <Field label={t.find.latitude} id="near-lat" error={errors.lat}>
          <input id="near-lat" inputMode="decimal" value={circle.lat} onChange={(e) => update({ lat: e.target.value })} aria-invalid={!!errors.lat} />
        </Field>
        <Field label={t.find.longitude} id="near-lng" error={errors.lng}>
          <input id="near-lng" inputMode="decimal" value={circle.lng} onChange={(e) => update({ lng: e.target.value })} aria-invalid={!!errors.lng} />
        </Field>
        <Field label={t.find.radius} id="near-radius" error={errors.radiusKm}>
          <input
            id="near-radius"
            inputMode="decimal"
            value={circle.radiusKm}
            onChange={(e) => update({ radiusKm: e.target.value })}
            aria-invalid={!!errors.radiusKm}
          />
        </Field>
      </div>
      {partial && <p className="muted">{t.find.partialCircle}</p>}
      {(circle.lat || circle.lng || circle.radiusKm) && (
        <button type="button" className="link" onClick={() => update({ lat: '', lng: '', radiusKm: '' })}>
          {t.find.clearCircle}
        </button>
      )}
    </fieldset>
  );
}
