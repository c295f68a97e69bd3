/** The host's console at the venue: open game day, ask for rounds, swap, start, scores, settle, close. */
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Link } from '../../router';
import { Badge, Button, Card, Page, Problem, Section, useConfirm, Waiting } from '../../ui';
import { useBoard, useBoardWrite, type Board } from './board';
import { Courts, Results, Summary } from './Courts';
import { OpenForm } from './OpenForm';
import { ProposalPanel } from './ProposalPanel';
import './gameday.css';

const g = t.gameday;

function Players({ board, onGuestLeaving }: { board: Board; onGuestLeaving?: (guest: Board['players'][number]) => void }) {
  const nameOf = (userId: string) => board.players.find((player) => player.userId === userId)?.name ?? t.common.aPlayer;
  return (
    <Section title={g.playersHeading} id="players">
      <p className="muted">{g.checkedInCount(board.players.filter((player) => player.state !== 'LEFT').length)}</p>
      <ul className="gd-list">
        {board.players.map((player) => (
          <Card as="li" key={player.userId} className="gd-player">
            <span>{player.name ?? t.common.aPlayer}</span>
            {player.guestOf && <small className="muted">{g.guestOf(nameOf(player.guestOf))}</small>}
            <Badge tone={player.state === 'PLAYING' ? 'accent' : player.state === 'LEFT' ? 'neutral' : 'success'}>
              {player.court ? `${g.states2[player.state]} · ${g.court(player.court)}` : g.states2[player.state]}
            </Badge>
            {player.guestOf && player.state !== 'LEFT' && onGuestLeaving && (
              <Button onClick={() => onGuestLeaving(player)}>{g.guestLeaving(player.name ?? t.common.aPlayer)}</Button>
            )}
          </Card>
        ))}
      </ul>
    </Section>
  );
}

export function HostConsole({ id }: { id: string }) {
  const board = useBoard(id);
  const write = useBoardWrite(id);
  const confirm = useConfirm();
  if (!board.isSuccess) return <Waiting query={board} title={g.consoleTitle} />;
  const b = board.data;
  const session = b.session;
  const close = async () => {
    if (!(await confirm({ title: g.closeTitle, body: g.closeBody, confirm: g.close, danger: true }))) return;
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/close', { params: { path: { id } } })));
  };
  // A guest cannot sign in to say they are leaving: the host says it for them.
  const guestLeaving = async (guest: { userId: string; name: string | null }) => {
    const name = guest.name ?? t.common.aPlayer;
    if (!(await confirm({ title: g.guestLeaveTitle(name), body: g.guestLeaveBody, confirm: g.guestLeaving(name), danger: true }))) return;
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/leave', { params: { path: { id } }, body: { guestId: guest.userId } })));
  };
  return (
    <Page title={g.consoleTitle}>
      <div className="actions">
        <Link className="button" to={`/games/${id}`}>
          {g.backToGame}
        </Link>
        {session && (
          <Link className="button" to={`/games/${id}/board`}>
            {g.openBoard}
          </Link>
        )}
      </div>
      {!session && b.viewer.host && <OpenForm gameId={id} />}
      {!session && !b.viewer.host && <p>{g.notOpen}</p>}
      {session && <p>{g.session(g.formats[session.format], session.courts, g.scoreRules[session.scoreRule])}</p>}
      {session && !session.closedAt && b.viewer.host && <ProposalPanel gameId={id} board={b} />}
      {session && <Courts gameId={id} board={b} canScore={b.viewer.host} />}
      {session && <Results gameId={id} board={b} />}
      {session && <Players board={b} onGuestLeaving={b.viewer.host && !session.closedAt ? (guest) => void guestLeaving(guest) : undefined} />}
      {session?.closedAt && <p>{g.closedNote}</p>}
      <Summary board={b} />
      {session && !session.closedAt && b.viewer.host && (
        <Button variant="danger" busy={write.isPending} onClick={() => void close()}>
          {g.close}
        </Button>
      )}
      <Problem error={board.error ?? write.error} />
    </Page>
  );
}
