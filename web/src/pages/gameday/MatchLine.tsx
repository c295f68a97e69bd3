/** One match as people read it: who plays whom, and the score with its state. */
import { t } from '../../i18n';
import { Badge } from '../../ui';
import { names, type Match } from './board';

const g = t.gameday;

export function MatchLine({ match }: { match: Match }) {
  return (
    <div className="match-line">
      <span className="match-side">{names(match.sideA, t.common.aPlayer)}</span>
      <span className="muted">{g.versus}</span>
      <span className="match-side">{names(match.sideB, t.common.aPlayer)}</span>
      {match.score && (
        <span className="match-score">
          <strong>{g.result(match.score.a, match.score.b)}</strong>{' '}
          <Badge tone={match.score.state === 'DISPUTED' ? 'danger' : match.score.state === 'ENTERED' ? 'warning' : 'success'}>
            {g.states[match.score.state]}
          </Badge>
        </span>
      )}
    </div>
  );
}
