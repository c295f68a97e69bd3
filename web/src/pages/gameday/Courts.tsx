/** The courts now, the results and the summary: the host's view enters and settles scores from here. */
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Card, EmptyState, Problem, Section } from '../../ui';
import { names, useBoardWrite, type Board } from './board';
import { MatchLine } from './MatchLine';
import { ScoreForm } from './ScoreForm';

const g = t.gameday;

export function Courts({ gameId, board, canScore }: { gameId: string; board: Board; canScore: boolean }) {
  const write = useBoardWrite(gameId);
  const enter = (matchId: string, a: number, b: number) =>
    write.mutate(() => data(api.PUT('/api/v1/games/{id}/game-day/matches/{matchId}/score', { params: { path: { id: gameId, matchId } }, body: { a, b } })));
  return (
    <Section title={g.courtsHeading} id="courts">
      <ul className="gd-list">
        {board.courts.map(({ court, match }) => (
          <Card as="li" key={court} className="stack">
            <strong>{g.court(court)}</strong>
            {match ? <MatchLine match={match} /> : <span className="muted">{g.freeCourt}</span>}
            {match && canScore && <ScoreForm court={court} busy={write.isPending} label={g.enterScore} onScore={(a, b) => enter(match.id, a, b)} />}
          </Card>
        ))}
      </ul>
      <Problem error={write.error} />
    </Section>
  );
}

export function Results({ gameId, board }: { gameId: string; board: Board }) {
  const write = useBoardWrite(gameId);
  const settle = (matchId: string, a: number, b: number) =>
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day/matches/{matchId}/settle', { params: { path: { id: gameId, matchId } }, body: { a, b } })));
  return (
    <Section title={g.resultsHeading} id="results">
      {board.results.length === 0 && <EmptyState title={g.noResults} />}
      <ul className="gd-list">
        {board.results.map((match) => (
          <Card as="li" key={match.id} className="stack">
            <strong>{g.court(match.court)}</strong>
            <MatchLine match={match} />
            {board.viewer.host && match.score?.state === 'DISPUTED' && (
              <ScoreForm court={match.court} busy={write.isPending} label={g.settle} onScore={(a, b) => settle(match.id, a, b)} />
            )}
          </Card>
        ))}
      </ul>
      <Problem error={write.error} />
    </Section>
  );
}

export function Summary({ board }: { board: Board }) {
  if (!board.summary) return null;
  return (
    <Section title={g.summaryHeading} id="summary">
      <ul className="gd-list">
        {board.summary.map((line) => (
          <Card as="li" key={line.userId} className="stack">
            <strong>{line.name ?? t.common.aPlayer}</strong>
            <span>{g.summaryLine(line.games, line.wins)}</span>
            {line.partners.length > 0 && <small className="muted">{g.partners(names(line.partners, t.common.aPlayer))}</small>}
          </Card>
        ))}
      </ul>
    </Section>
  );
}
