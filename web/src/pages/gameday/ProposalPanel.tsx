/** The next round: ask for it, swap players before it starts (the answer says what it costs), start it. */
import { useState } from 'react';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Button, Card, Field, Problem, Section } from '../../ui';
import { useBoardWrite, type Board, type Proposal } from './board';
import { MatchLine } from './MatchLine';

const g = t.gameday;

function SwapForm({ gameId, proposal, onCosts }: { gameId: string; proposal: Proposal; onCosts: (costs: string[]) => void }) {
  const write = useBoardWrite(gameId);
  const playing = proposal.matches.flatMap((match) => [...match.sideA, ...match.sideB]);
  const everyone = [...playing, ...proposal.resting];
  const [out, setOut] = useState(playing[0]?.userId ?? '');
  const [into, setInto] = useState(proposal.resting[0]?.userId ?? '');
  const swap = () =>
    write.mutate(async () => {
      const path = { id: gameId, roundId: proposal.roundId };
      const answer = await data(api.POST('/api/v1/games/{id}/game-day/rounds/{roundId}/swap', { params: { path }, body: { out, in: into } }));
      onCosts(answer.costs);
    });
  const options = (list: typeof everyone) =>
    list.map((player) => (
      <option key={player.userId} value={player.userId}>
        {player.name ?? t.common.aPlayer}
      </option>
    ));
  return (
    <div className="stack">
      <h3>{g.swapHeading}</h3>
      <Field label={g.swapOut} id="swap-out">
        <select id="swap-out" value={out} onChange={(event) => setOut(event.target.value)}>
          {options(playing)}
        </select>
      </Field>
      <Field label={g.swapIn} id="swap-in">
        <select id="swap-in" value={into} onChange={(event) => setInto(event.target.value)}>
          {options(everyone.filter((player) => player.userId !== out))}
        </select>
      </Field>
      <Button busy={write.isPending} onClick={swap}>
        {g.swap}
      </Button>
      <Problem error={write.error} />
    </div>
  );
}

export function ProposalPanel({ gameId, board }: { gameId: string; board: Board }) {
  const write = useBoardWrite(gameId);
  const [costs, setCosts] = useState<string[] | undefined>();
  const proposal = board.proposal;
  const ask = () => {
    setCosts(undefined);
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/rounds', { params: { path: { id: gameId } } })));
  };
  const start = (roundId: string) =>
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/rounds/{roundId}/start', { params: { path: { id: gameId, roundId } } })));
  if (!proposal)
    return (
      <div className="actions">
        <Button variant="primary" busy={write.isPending} onClick={ask}>
          {board.session?.pace === 'COURT' ? g.nextMatch : g.nextRound}
        </Button>
        <Problem error={write.error} />
      </div>
    );
  return (
    <Section title={g.proposalHeading(proposal.number)} id="proposal">
      <ul className="gd-list">
        {proposal.matches.map((match) => (
          <Card as="li" key={match.id} className="stack">
            <strong>{g.court(match.court)}</strong>
            <MatchLine match={match} />
            <small className="muted">{match.reason}</small>
          </Card>
        ))}
      </ul>
      {proposal.resting.length > 0 && (
        <p>
          {g.resting}: {proposal.resting.map((player) => player.name ?? t.common.aPlayer).join(', ')}
        </p>
      )}
      <SwapForm key={proposal.roundId + proposal.resting.map((p) => p.userId).join()} gameId={gameId} proposal={proposal} onCosts={setCosts} />
      {costs && (
        <div role="status">
          <h3>{g.swapCosts}</h3>
          {costs.length === 0 ? (
            <p>{g.noCosts}</p>
          ) : (
            <ul>
              {costs.map((cost) => (
                <li key={cost}>{cost}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Button variant="primary" busy={write.isPending} onClick={() => start(proposal.roundId)}>
        {g.start}
      </Button>
      <Problem error={write.error} />
    </Section>
  );
}
