import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../api/client';
import { navigate } from '../router';
import { useMe } from '../session';
import { Field, Loading, Page, Problem } from '../ui';
import { ProfileForm } from './ProfileForm';

const CONTACT_NAMES = { WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram', MESSENGER: 'Messenger' } as const;

export function ProfilePage() {
  const me = useMe();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmText, setConfirmText] = useState('');
  const save = useMutation({
    mutationFn: (body: Parameters<typeof ProfileForm>[0]['initial']) => data(api.PUT('/api/v1/me', { body })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['me'] });
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/me')),
    onSuccess: () => {
      client.clear();
      navigate('/signed-out?deleted=1', { replace: true });
    },
  });
  if (me.isPending)
    return (
      <Page title="Profile">
        <Loading />
      </Page>
    );
  if (me.isError || !me.data)
    return (
      <Page title="Profile">
        <Problem error={me.error} />
      </Page>
    );
  const profile = me.data;
  return (
    <Page title="Profile">
      {editing ? (
        <ProfileForm
          initial={{ name: profile.name ?? '', contactMethods: profile.contactMethods }}
          submitLabel="Save profile"
          pending={save.isPending}
          error={save.error}
          onSubmit={(input) => save.mutate(input)}
        />
      ) : (
        <>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{profile.name}</dd>
            <dt>Email</dt>
            <dd>{profile.email ?? '—'}</dd>
            <dt>Signed in with</dt>
            <dd>{profile.authProvider === 'NATIONAL' ? 'National ID' : 'Social account'}</dd>
            <dt>Contact</dt>
            <dd>
              <ul className="plain">
                {profile.contactMethods.map((contact) => (
                  <li key={contact.name + contact.value}>
                    {CONTACT_NAMES[contact.name]}: {contact.value}
                  </li>
                ))}
              </ul>
            </dd>
            <dt>Games</dt>
            <dd>
              {profile.totalGamesJoined} joined, {profile.totalGamesHosted} hosted
            </dd>
          </dl>
          <button type="button" onClick={() => setEditing(true)}>
            Edit profile
          </button>
        </>
      )}
      <section className="danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete account</h2>
        <p>Your hosted games are cancelled, you leave the games you joined, and your profile is removed. This cannot be undone.</p>
        <Field label='Type "DELETE" to confirm' id="confirm-delete">
          <input id="confirm-delete" value={confirmText} autoComplete="off" onChange={(e) => setConfirmText(e.target.value)} />
        </Field>
        <Problem error={remove.error} />
        <button type="button" className="danger" disabled={confirmText !== 'DELETE' || remove.isPending} onClick={() => remove.mutate()}>
          Delete my account
        </button>
      </section>
    </Page>
  );
}
