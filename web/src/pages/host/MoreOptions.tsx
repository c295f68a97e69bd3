/**
 * The settings most games leave at their defaults, folded into three sections so the phone form
 * stays short; a section with a problem in it opens itself.
 */
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { formatDateTime, zonedToIso } from '../../time';
import type { Choice, Controls } from './controls';

const o = t.host.options;
const JOIN_POLICIES: Choice[] = [
  ['OPEN', o.joinOpen],
  ['APPROVAL', o.joinApproval],
];
const OFF_LEVEL_POLICIES: Choice[] = [
  ['ALLOW', o.offAllow],
  ['REQUEST', o.offRequest],
  ['REFUSE', o.offRefuse],
];
const WAITLIST_MODES: Choice[] = [
  ['AUTO', o.waitlistAuto],
  ['OFFER', o.waitlistOffer],
];
const GUEST_CHOICES = ['0', '1', '2', '3'].map((count): Choice => [count, count]);

function Fold({ title, summary, open, children }: { title: string; summary: string; open: boolean; children: ReactNode }) {
  return (
    <details className="fold" open={open || undefined}>
      <summary>
        <span className="fold-title">{title}</span>
        <span className="muted fold-summary">{summary}</span>
      </summary>
      <div className="fold-body">{children}</div>
    </details>
  );
}

/** When the go / no-go falls for the times typed so far (the game page shows the service's own decisionAt). */
function decisionMoment(start: string, hours: string): string | undefined {
  if (!start || !/^\d+$/.test(hours)) return undefined;
  const at = Date.parse(zonedToIso(start)) - Number(hours) * 3_600_000;
  return Number.isNaN(at) ? undefined : formatDateTime(new Date(at).toISOString());
}

export function MoreOptions({ controls }: { controls: Controls }) {
  const { draft, set, control, choice, attrs } = controls;
  const invalid = (...names: Parameters<Controls['attrs']>[0][]) => names.some((name) => attrs(name)['aria-invalid']);
  const moment = decisionMoment(draft.start, draft.decisionHoursBefore);
  return (
    <div className="folds">
      <Fold title={o.quorumHeading} summary={o.quorumSummary} open={!!draft.minPlayers || invalid('minPlayers', 'decisionHoursBefore')}>
        {control('minPlayers', o.minPlayers, <input type="number" inputMode="numeric" min={1} max={100} {...attrs('minPlayers')} />, o.minPlayersHint)}
        {control(
          'decisionHoursBefore',
          o.decisionHours,
          <input type="number" inputMode="numeric" min={0} max={168} {...attrs('decisionHoursBefore')} />,
          o.decisionHoursHint,
        )}
        <p className="muted" aria-live="polite">
          {draft.minPlayers ? (moment ? o.decisionAt(moment) : '') : o.noQuorum}
        </p>
      </Fold>
      <Fold
        title={o.joiningHeading}
        summary={o.joiningSummary}
        open={draft.joinPolicy !== 'OPEN' || !!draft.maxRecentNoShows || invalid('maxGuestsPerPlayer', 'maxRecentNoShows')}
      >
        {choice('joinPolicy', o.joinPolicy, JOIN_POLICIES, { hint: o.joinPolicyHint })}
        {choice('offLevelPolicy', o.offLevel, OFF_LEVEL_POLICIES, { hint: o.offLevelHint })}
        {choice('maxGuestsPerPlayer', o.guests, GUEST_CHOICES, { hint: o.guestsHint })}
        {control('maxRecentNoShows', o.noShows, <input type="number" inputMode="numeric" min={1} max={100} {...attrs('maxRecentNoShows')} />, o.noShowsHint)}
      </Fold>
      <Fold title={o.waitlistHeading} summary={o.waitlistSummary} open={draft.waitlistMode !== 'AUTO' || draft.selfCheckIn}>
        {choice('waitlistMode', o.waitlistMode, WAITLIST_MODES, { hint: o.waitlistModeHint })}
        <div className="check-field">
          <input
            type="checkbox"
            id="game-selfCheckIn"
            checked={draft.selfCheckIn}
            aria-describedby="game-selfCheckIn-hint"
            onChange={(event) => set('selfCheckIn', event.target.checked)}
          />
          <label htmlFor="game-selfCheckIn">{o.selfCheckIn}</label>
          <small id="game-selfCheckIn-hint" className="muted">
            {o.selfCheckInHint}
          </small>
        </div>
      </Fold>
    </div>
  );
}
