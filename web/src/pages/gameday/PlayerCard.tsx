/** On the game's page, for a player with a place: where they play next, their score to enter or answer, "I'm leaving". */
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Button, Card, Problem, useConfirm } from '../../ui';
import { useBoard, useBoardWrite, type Board, type Match } from './board';
import { MatchLine } from './MatchLine';
import { ScoreForm } from './ScoreForm';

const g = t.gameday;

/** The ids a player stands for on court: their own and their guests' (guests cannot sign in). */
const partyOf = (board: Board, id: string) => [id, ...board.players.filter((player) => player.guestOf === id).map((player) => player.userId)];

const onSide = (side: Match['sideA'], ids: string[]) => side.some((player) => ids.includes(player.userId));
const plays = (match: Match, ids: string[]) => onSide(match.sideA, ids) || onSide(match.sideB, ids);

function Where({ board }: { board: Board }) {
  const me = board.players.find((player) => player.userId === board.viewer.userId);
  if (board.viewer.left) return <p>{g.leftNote}</p>;
  if (!board.viewer.checkedIn) return <p>{g.checkInFirst}</p>;
  if (me?.state === 'PLAYING' && me.court) return <p className="gd-where">{g.onCourtNow(me.court)}</p>;
  if (me?.state === 'NEXT' && me.court) return <p className="gd-where">{g.onCourtNext(me.court)}</p>;
  return <p>{g.waiting}</p>;
}

/** `around`: the game starts within 30 minutes or started less than 12 hours ago; only then is the board asked for. */
export function PlayerCard({ gameId, around }: { gameId: string; around: boolean }) {
  const board = useBoard(gameId, around);
  const write = useBoardWrite(gameId);
  const confirm = useConfirm();
  const b = board.data;
  if (!b?.session) return null;
  const userId = b.viewer.userId;
  const ids = partyOf(b, userId);
  const mine = b.courts.flatMap(({ match }) => (match && plays(match, ids) ? [match] : []));
  // Who may answer a score is the service's rule: it says so per match.
  const toAnswer = b.results.filter((match) => match.viewer.mayAnswer);
  // Their own scores still open (waiting for the other side, or disputed): they see where it stands.
  const open = b.results.filter(
    (match) => plays(match, ids) && !match.viewer.mayAnswer && (match.score?.state === 'ENTERED' || match.score?.state === 'DISPUTED'),
  );
  const guests = b.players.filter((player) => player.guestOf === userId && player.state !== 'LEFT');
  const path = (matchId: string) => ({ params: { path: { id: gameId, matchId } } });
  const enter = (matchId: string, a: number, s: number) =>
    write.mutate(() => data(api.PUT('/api/v1/games/{id}/game-day/matches/{matchId}/score', { ...path(matchId), body: { a, b: s } })));
  const answer = (matchId: string, how: 'confirm' | 'dispute') =>
    write.mutate(() =>
      data(
        how === 'confirm'
          ? api.POST('/api/v1/games/{id}/game-day/matches/{matchId}/confirm', path(matchId))
          : api.POST('/api/v1/games/{id}/game-day/matches/{matchId}/dispute', path(matchId)),
      ),
    );
  const leave = async () => {
    if (!(await confirm({ title: g.leaveTitle, body: g.leaveBody, confirm: g.leaving, danger: true }))) return;
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/leave', { params: { path: { id: gameId } }, body: {} })));
  };
  const guestLeaves = async (guest: { userId: string; name: string | null }) => {
    const name = guest.name ?? t.common.aPlayer;
    if (!(await confirm({ title: g.guestLeaveTitle(name), body: g.guestLeaveBody, confirm: g.guestLeaving(name), danger: true }))) return;
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/leave', { params: { path: { id: gameId } }, body: { guestId: guest.userId } })));
  };
  const line = b.summary?.find((entry) => entry.userId === userId);
  return (
    <Card className="stack gd-card">
      <h2>{g.yourDay}</h2>
      {b.session.closedAt ? <p>{line ? g.youPlayed(line.games, line.wins) : g.closedNote}</p> : <Where board={b} />}
      {mine.map((match) => (
        <div key={match.id} className="stack">
          <MatchLine match={match} />
          <ScoreForm court={match.court} busy={write.isPending} label={g.enterScore} onScore={(a, s) => enter(match.id, a, s)} />
        </div>
      ))}
      {toAnswer.map((match) => (
        <div key={match.id} className="stack">
          <MatchLine match={match} />
          <div className="actions">
            <Button variant="primary" busy={write.isPending} onClick={() => answer(match.id, 'confirm')}>
              {g.confirm}
            </Button>
            <Button busy={write.isPending} onClick={() => answer(match.id, 'dispute')}>
              {g.dispute}
            </Button>
          </div>
        </div>
      ))}
      {open.map((match) => (
        <MatchLine key={match.id} match={match} />
      ))}
      {!b.session.closedAt && b.viewer.checkedIn && !b.viewer.left && (
        <Button variant="danger" busy={write.isPending} onClick={() => void leave()}>
          {g.leaving}
        </Button>
      )}
      {!b.session.closedAt && guests.length > 0 && (
        <div className="stack">
          <h3>{g.yourGuests}</h3>
          <div className="actions">
            {guests.map((guest) => (
              <Button key={guest.userId} busy={write.isPending} onClick={() => void guestLeaves(guest)}>
                {g.guestLeaving(guest.name ?? t.common.aPlayer)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <Problem error={write.error} />
    </Card>
  );
}
