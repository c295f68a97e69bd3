import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { t } from '../../i18n';
import { Badge, Button, Card, EmptyState, Field, fieldError, FormSheet, Problem, Section, useConfirm, useToast } from '../../ui';
import { useMembers, useOccurrences, usePlayersOf, type Member, type MemberKind, type Series } from './queries';
import { seriesKeys } from '../../api/queries/series';

/** Regulars or co-hosts: who they are, who is invited (PENDING), and for those who manage them, invite and remove. */
export function Members({ series, kind }: { series: Series; kind: MemberKind }) {
  const members = useMembers(series.id, kind);
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const [inviting, setInviting] = useState(false);
  const regulars = kind === 'regulars';
  const manages = series.status === 'ACTIVE' && (series.viewer.isOrganizer || (regulars && series.viewer.isCoHost));
  const remove = useMutation({
    mutationFn: (userId: string) =>
      done(
        regulars
          ? api.DELETE('/api/v1/series/{id}/regulars/{userId}', { params: { path: { id: series.id, userId } } })
          : api.DELETE('/api/v1/series/{id}/co-hosts/{userId}', { params: { path: { id: series.id, userId } } }),
      ),
    onSuccess: () => say(t.series.removed, 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: seriesKeys.all }),
  });
  const ask = async (member: Member) => {
    const name = member.name ?? t.common.aPlayer;
    const pending = member.state === 'PENDING';
    const asked = regulars
      ? { title: t.series.removeRegularTitle(name), body: pending ? t.series.withdrawBody : t.series.removeRegularBody }
      : { title: t.series.removeCoHostTitle(name), body: pending ? t.series.withdrawBody : t.series.removeCoHostBody };
    if (await confirm({ ...asked, confirm: t.series.removeConfirm, danger: true })) remove.mutate(member.userId);
  };
  const list = members.data ?? [];
  return (
    <Section
      title={regulars ? t.series.regulars : t.series.coHosts}
      id={`series-${kind}`}
      action={manages && <Button onClick={() => setInviting(true)}>{regulars ? t.series.inviteRegular : t.series.inviteCoHost}</Button>}
    >
      {!regulars && <p className="muted">{t.series.coHostsHint}</p>}
      <Problem error={members.error ?? remove.error} />
      {members.data && list.length === 0 && <EmptyState title={regulars ? t.series.noRegulars : t.series.noCoHosts} />}
      <ul className="series-members">
        {list.map((member) => (
          <Card as="li" key={member.userId} className="series-member">
            <span className="series-badges">
              {member.name ?? t.common.aPlayer}
              {member.state === 'PENDING' && <Badge tone="warning">{t.series.invited}</Badge>}
            </span>
            {manages && (
              <Button variant="ghost" onClick={() => void ask(member)}>
                {t.series.remove(member.name ?? t.common.aPlayer)}
              </Button>
            )}
          </Card>
        ))}
      </ul>
      {inviting && <InviteSheet series={series} kind={kind} members={list} onClose={() => setInviting(false)} />}
    </Section>
  );
}

/** Whom to invite: someone who played in the series' open dates, or anyone by their player ID. */
function InviteSheet({ series, kind, members, onClose }: { series: Series; kind: MemberKind; members: Member[]; onClose: () => void }) {
  const occurrences = useOccurrences(series.id);
  const players = usePlayersOf((occurrences.data?.content ?? []).flatMap((date) => (date.gameId ? [date.gameId] : [])));
  const taken = new Set([series.organizerId, ...members.map((member) => member.userId)]);
  const candidates = [...players].filter(([userId]) => !taken.has(userId));
  const [picked, setPicked] = useState('');
  const [typed, setTyped] = useState('');
  const client = useQueryClient();
  const say = useToast();
  const invite = useMutation({
    mutationFn: (userId: string) => {
      const call = { params: { path: { id: series.id } }, body: { userId } };
      return data(kind === 'regulars' ? api.POST('/api/v1/series/{id}/regulars', call) : api.POST('/api/v1/series/{id}/co-hosts', call));
    },
    onSuccess: async (member) => {
      say(t.series.invitedToast(member.name ?? t.common.aPlayer), 'success');
      await client.invalidateQueries({ queryKey: seriesKeys.detail(series.id) });
      onClose();
    },
  });
  const submit = () => {
    const userId = typed.trim() || picked;
    if (!userId) return t.series.needPerson;
    invite.mutate(userId);
  };
  const idError = fieldError(invite.error, 'userId');
  return (
    <FormSheet
      title={kind === 'regulars' ? t.series.inviteRegular : t.series.inviteCoHost}
      submitText={t.series.sendInvite}
      sending={invite}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">{t.series.inviteHint}</p>
      <Field label={t.series.candidates} id="invite-candidate" hint={t.series.candidateHint}>
        <select id="invite-candidate" value={picked} onChange={(event) => setPicked(event.target.value)} aria-describedby="invite-candidate-hint">
          <option value="">{t.series.choose}</option>
          {candidates.map(([userId, name]) => (
            <option key={userId} value={userId}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t.series.orUserId} id="invite-user" hint={t.series.userIdHint} error={idError}>
        <input
          id="invite-user"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={!!idError}
          aria-describedby={idError ? 'invite-user-error' : 'invite-user-hint'}
        />
      </Field>
    </FormSheet>
  );
}
