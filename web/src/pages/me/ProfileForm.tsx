import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { activitiesQuery } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Field, fieldError, Problem } from '../../ui';

export type ContactName = 'WHATSAPP' | 'TELEGRAM' | 'MESSENGER';
export interface ProfileInput {
  name: string;
  contactMethods: { name: ContactName; value: string }[];
  skillLevels: { activityId: string; skillLevelId: string }[];
}

export const useActivities = () => useQuery(activitiesQuery());

/** One level per activity, the profile's own (the API keeps at most one per activity); "Not set" leaves it out. */
function LevelPicker({ value, onChange }: { value: ProfileInput['skillLevels']; onChange: (levels: ProfileInput['skillLevels']) => void }) {
  const activities = useActivities();
  const set = (activityId: string, skillLevelId: string) =>
    onChange([...value.filter((level) => level.activityId !== activityId), ...(skillLevelId ? [{ activityId, skillLevelId }] : [])]);
  if (!activities.data?.content.length) return null;
  return (
    <fieldset>
      <legend>{t.me.levels}</legend>
      <small className="muted">{t.me.levelsHint}</small>
      {activities.data.content.map((activity) => (
        <Field key={activity.id} label={t.me.levelFor(activity.name)} id={`level-${activity.id}`}>
          <select
            id={`level-${activity.id}`}
            value={value.find((level) => level.activityId === activity.id)?.skillLevelId ?? ''}
            onChange={(event) => set(activity.id, event.target.value)}
          >
            <option value="">{t.me.noLevel}</option>
            {activity.skillLevels.map((level) => (
              <option key={level.id} value={level.id}>
                {level.name}
              </option>
            ))}
          </select>
        </Field>
      ))}
    </fieldset>
  );
}

/** Name and contact methods, checked as the service checks them before anything is sent. */
export function ProfileForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: ProfileInput;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (input: ProfileInput) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [contacts, setContacts] = useState<ProfileInput['contactMethods']>(
    initial.contactMethods.length ? initial.contactMethods : [{ name: 'WHATSAPP', value: '' }],
  );
  const [levels, setLevels] = useState(initial.skillLevels);
  const [touched, setTouched] = useState(false);
  const nameError = touched && !name.trim() ? t.me.form.nameBlank : fieldError(error, 'name');
  const contactError = (index: number) =>
    touched && !contacts[index]!.value.trim() ? t.me.form.contactBlank : fieldError(error, `contactMethods[${index}].value`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || contacts.some((contact) => !contact.value.trim())) return;
    onSubmit({
      name: name.trim(),
      contactMethods: contacts.map((contact) => ({ name: contact.name, value: contact.value.trim() })),
      skillLevels: levels,
    });
  };
  const update = (index: number, change: Partial<ProfileInput['contactMethods'][number]>) =>
    setContacts(contacts.map((contact, i) => (i === index ? { ...contact, ...change } : contact)));
  return (
    <form onSubmit={submit} noValidate className="form">
      <Field label={t.me.form.name} id="name" error={nameError}>
        <input
          id="name"
          value={name}
          maxLength={200}
          autoComplete="name"
          aria-invalid={!!nameError}
          aria-describedby={nameError ? 'name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <fieldset>
        <legend>{t.me.form.reachYou}</legend>
        {contacts.map((contact, index) => (
          <div className="row" key={index}>
            <Field label={t.me.form.contactMethod(index + 1)} id={`contact-${index}-name`}>
              <select id={`contact-${index}-name`} value={contact.name} onChange={(e) => update(index, { name: e.target.value as ContactName })}>
                <option value="WHATSAPP">{t.me.form.apps.WHATSAPP}</option>
                <option value="TELEGRAM">{t.me.form.apps.TELEGRAM}</option>
                <option value="MESSENGER">{t.me.form.apps.MESSENGER}</option>
              </select>
            </Field>
            <Field label={t.me.form.contactValue(index + 1)} id={`contact-${index}-value`} error={contactError(index)}>
              <input
                id={`contact-${index}-value`}
                value={contact.value}
                maxLength={100}
                aria-invalid={!!contactError(index)}
                aria-describedby={contactError(index) ? `contact-${index}-value-error` : undefined}
                onChange={(e) => update(index, { value: e.target.value })}
              />
            </Field>
            {contacts.length > 1 && (
              <button type="button" className="link" onClick={() => setContacts(contacts.filter((_, i) => i !== index))}>
                {t.me.form.removeContact(index + 1)}
              </button>
            )}
          </div>
        ))}
        {contacts.length < 10 && (
          <button type="button" onClick={() => setContacts([...contacts, { name: 'TELEGRAM', value: '' }])}>
            {t.me.form.addContact}
          </button>
        )}
      </fieldset>
      <LevelPicker value={levels} onChange={setLevels} />
      <Problem error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {pending ? t.me.form.saving : submitLabel}
      </button>
    </form>
  );
}
