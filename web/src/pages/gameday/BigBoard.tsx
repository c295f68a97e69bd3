/** The big screen at the venue: large type, courts first, then who is next and who rests and for how long. */
import { t } from '../../i18n';
import { Page, Waiting } from '../../ui';
import { minutesSince, names, useBoard } from './board';
import './gameday.css';

const g = t.gameday;

export function BigBoard({ id }: { id: string }) {
  const board = useBoard(id);
  if (!board.isSuccess) return <Waiting query={board} title={g.boardTitle} />;
  const b = board.data;
  const now = Date.now();
  const next = b.proposal?.matches ?? [];
  const resting = b.players.filter((player) => player.state === 'RESTING');
  return (
    <Page title={g.boardTitle}>
      <div className="big-board">
        {!b.session && <p className="big-note">{g.notOpen}</p>}
        <ul className="big-courts" aria-label={g.courtsHeading}>
          {b.courts.map(({ court, match }) => (
            <li key={court} className="big-court">
              <h2>{g.court(court)}</h2>
              {match ? (
                <p className="big-match">
                  <span>{names(match.sideA, t.common.aPlayer)}</span>
                  <span className="big-vs">{g.versus}</span>
                  <span>{names(match.sideB, t.common.aPlayer)}</span>
                </p>
              ) : (
                <p className="big-free">{g.freeCourt}</p>
              )}
            </li>
          ))}
        </ul>
        {next.length > 0 && (
          <section className="big-next" aria-labelledby="big-next-heading">
            <h2 id="big-next-heading">{g.nextUp}</h2>
            <ul>
              {next.map((match) => (
                <li key={match.id}>
                  <strong>{g.court(match.court)}</strong> {names(match.sideA, t.common.aPlayer)} {g.versus} {names(match.sideB, t.common.aPlayer)}
                </li>
              ))}
            </ul>
          </section>
        )}
        {b.session && (
          <section className="big-resting" aria-labelledby="big-resting-heading">
            <h2 id="big-resting-heading">{g.resting}</h2>
            {resting.length === 0 ? (
              <p>{g.nobodyResting}</p>
            ) : (
              <ul>
                {resting.map((player) => (
                  <li key={player.userId}>{g.restingFor(player.name, minutesSince(player.restingSince, now))}</li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </Page>
  );
}
