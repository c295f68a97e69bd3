import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { invitationsQuery, meKeys } from '../../api/queries/me';
import { t } from '../../i18n';
import { Link, navigate } from '../../router';
import { useMe } from '../../session';
import { Badge, Button, Page, Problem, Section, useConfirm, Waiting } from '../../ui';
import { ProfileForm, useActivities, type ProfileInput } from './ProfileForm';
import './me.css';

/** The settings pages listed under the profile (invitations, with its count, comes first on its own). */
const SETTINGS_LINKS: Array<[to: string, text: string]> = [
  ['/me/record', t.me.record],
  ['/me/ratings', t.skill.link],
  ['/me/money', t.money.link],
  ['/settings/notifications', t.me.preferences],
  ['/settings/calendar', t.me.calendar],
];

const CONTACT_NAMES = { WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram', MESSENGER: 'Messenger' } as const;

function Levels({ levels }: { levels: ProfileInput['skillLevels'] }) {
  const activities = useActivities();
  if (levels.length === 0) return <>{t.me.noLevels}</>;
  const named = levels.map((level) => {
    const activity = activities.data?.content.find((candidate) => candidate.id === level.activityId);
    return { key: level.activityId, activity: activity?.name ?? '…', level: activity?.skillLevels.find((item) => item.id === level.skillLevelId)?.name ?? '…' };
  });
  return (
    <ul className="plain">
      {named.map((item) => (
        <li key={item.key}>
          {item.activity}: {item.level}
        </li>
      ))}
    </ul>
  );
}

export function ProfilePage() {
  const me = useMe();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const invitations = useQuery(invitationsQuery());
  const save = useMutation({
    mutationFn: (body: ProfileInput) => data(api.PUT('/api/v1/me', { body })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meKeys.all });
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
  if (!me.data) return <Waiting query={me} title={t.me.profile} />;
  const profile = me.data;
  const askDelete = async () => {
    if (await confirm({ title: t.me.deleteAccountTitle, body: t.me.deleteText, confirm: t.me.deleteAccountConfirm, danger: true })) remove.mutate();
  };
  const waiting = invitations.data?.length ?? 0;
  return (
    <Page title={t.me.profile}>
      {editing ? (
        <ProfileForm
          initial={{ name: profile.name ?? '', contactMethods: profile.contactMethods, skillLevels: profile.skillLevels }}
          submitLabel={t.me.saveProfile}
          pending={save.isPending}
          error={save.error}
          onSubmit={(input) => save.mutate(input)}
        />
      ) : (
        <>
          <dl className="facts">
            <dt>{t.me.name}</dt>
            <dd>{profile.name}</dd>
            <dt>{t.me.email}</dt>
            <dd>{profile.email ?? '—'}</dd>
            <dt>{t.me.signedInWith}</dt>
            <dd>{profile.authProvider === 'NATIONAL' ? t.me.nationalId : t.me.social}</dd>
            <dt>{t.me.contact}</dt>
            <dd>
              <ul className="plain">
                {profile.contactMethods.map((contact) => (
                  <li key={contact.name + contact.value}>
                    {CONTACT_NAMES[contact.name]}: {contact.value}
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t.me.levels}</dt>
            <dd>
              <Levels levels={profile.skillLevels} />
            </dd>
            <dt>{t.me.games}</dt>
            <dd>{t.me.gamesTotals(profile.totalGamesJoined, profile.totalGamesHosted)}</dd>
          </dl>
          <Button onClick={() => setEditing(true)}>{t.me.edit}</Button>
        </>
      )}
      <Section title={t.me.settings}>
        <ul className="card-list me-links">
          <li>
            <Link to="/me/invitations">{t.me.invitations}</Link> {waiting > 0 && <Badge tone="accent">{t.me.invitationsLink(waiting)}</Badge>}
          </li>
          {SETTINGS_LINKS.map(([to, text]) => (
            <li key={to}>
              <Link to={to}>{text}</Link>
            </li>
          ))}
        </ul>
      </Section>
      <section className="danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">{t.me.deleteHeading}</h2>
        <p>{t.me.deleteText}</p>
        <Problem error={remove.error} />
        <Button variant="danger" busy={remove.isPending} onClick={() => void askDelete()}>
          {t.me.deleteAccount}
        </Button>
      </section>
    </Page>
  );
}
