import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { gameKeys, gameQuery } from '../../api/queries/games';
import { myGamesKeys } from '../../api/queries/my-games';
import { t } from '../../i18n';
import { Link, navigate } from '../../router';
import { formatDateTime, formatRange } from '../../time';
import { Badge, Button, Card, Page, Problem, Section, useToast, Waiting } from '../../ui';
import { DangerButton } from './ask';
import type { Game } from './draft';
import { AttendanceSection, RatingsSection } from './ManageAttendance';
import { RequestsSection, RosterSection } from './ManageRoster';
import { CoHostsSection, ShareSection } from './ManageTeam';
import { LedgerSection } from '../money/LedgerSection';
import './host.css';

const m = t.host.manage;

/** Running a game: for its organiser and co-hosts; each section shows what the API lets the viewer do. */
export function ManagePage({ id }: { id: string }) {
  const game = useQuery(gameQuery(id));
  if (!game.isSuccess) return <Waiting query={game} title={m.manageLink} />;
  const g = game.data;
  const title = g.title ?? `${g.activity.name} at ${g.venue.name}`;
  if (!g.viewer?.isOrganizer && !g.viewer?.isCoHost)
    return (
      <Page title={m.manageLink}>
        <p className="notice">{m.notHost}</p>
        <Link to={`/games/${id}`}>{m.viewGame}</Link>
      </Page>
    );
  const upcoming = g.status === 'SCHEDULED';
  const playing = g.status === 'STARTED' || g.status === 'COMPLETED';
  return (
    <Page title={`${m.manageLink}: ${title}`}>
      <Card className="manage-item">
        <div className="manage-item-head">
          <StatusBadge game={g} />
          <span>{formatRange(g.startTime, g.endTime)}</span>
        </div>
        <div className="manage-actions">
          <Link to={`/games/${id}`}>{m.viewGame}</Link>
          {upcoming && <Link to={`/games/${id}/edit`}>{t.host.editTitle}</Link>}
        </div>
      </Card>
      {upcoming && !g.confirmed && <ConfirmSection game={g} />}
      {upcoming && <RequestsSection gameId={id} />}
      <RosterSection game={g} />
      {Number(g.price) > 0 && <LedgerSection gameId={id} />}
      {g.status !== 'CANCELLED' && <AttendanceSection gameId={id} />}
      <CoHostsSection game={g} />
      {g.viewer.isOrganizer && g.status !== 'CANCELLED' && <ShareSection game={g} />}
      {playing && <RatingsSection gameId={id} />}
      {g.viewer.isOrganizer && <DangerSection game={g} />}
    </Page>
  );
}

function StatusBadge({ game }: { game: Game }) {
  if (game.status === 'CANCELLED') return <Badge tone="danger">{m.cancelled}</Badge>;
  if (game.confirmed) return <Badge tone="success">{m.gameOn}</Badge>;
  return <Badge tone="warning">{m.notYet}</Badge>;
}

function ConfirmSection({ game }: { game: Game }) {
  const client = useQueryClient();
  const say = useToast();
  const confirm = useMutation({
    mutationFn: () => data(api.POST('/api/v1/games/{id}/confirm', { params: { path: { id: game.id } } })),
    onSuccess: async () => {
      say(m.confirmed, 'success');
      await client.invalidateQueries({ queryKey: gameKeys.detail(game.id) });
    },
  });
  return (
    <Section title={m.confirmHeading} id="confirm">
      <p>{game.decisionAt && game.minPlayers ? m.decisionExplained(formatDateTime(game.decisionAt), game.minPlayers) : m.noDecision}</p>
      <Problem error={confirm.error} />
      <Button variant="primary" busy={confirm.isPending} onClick={() => confirm.mutate()}>
        {m.confirm}
      </Button>
    </Section>
  );
}

function DangerSection({ game }: { game: Game }) {
  const client = useQueryClient();
  const say = useToast();
  const cancel = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/games/{id}', { params: { path: { id: game.id } } })),
    onSuccess: () => client.invalidateQueries(),
  });
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/games/{id}/hard', { params: { path: { id: game.id } } })),
    onSuccess: async () => {
      say(m.deleted);
      client.removeQueries({ queryKey: gameKeys.detail(game.id) });
      await client.invalidateQueries({ queryKey: myGamesKeys.all });
      navigate('/my-games');
    },
  });
  return (
    <Section title={m.dangerHeading} id="danger">
      {game.status === 'CANCELLED' && <p>{m.cancelledNote}</p>}
      <Problem error={cancel.error ?? remove.error} />
      <div className="manage-actions">
        {game.status === 'SCHEDULED' && (
          <DangerButton asks={{ title: m.cancelTitle, body: m.cancelBody, confirm: m.cancelConfirm }} busy={cancel.isPending} onYes={() => cancel.mutate()}>
            {m.cancel}
          </DangerButton>
        )}
        <DangerButton asks={{ title: m.hardTitle, body: m.hardBody, confirm: m.hardConfirm }} busy={remove.isPending} onYes={() => remove.mutate()}>
          {m.hardDelete}
        </DangerButton>
      </div>
    </Section>
  );
}
