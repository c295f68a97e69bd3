import { t } from '../../i18n';
import { formatDateTime } from '../../time';
import type { Game } from './types';

/** Which place the viewer holds: it decides whether the rule is told as what joining commits to, or what leaving allows. */
export type Holding = 'place' | 'waitlist' | 'none' | 'anonymous';

function words(game: Game, holding: Holding): string | undefined {
  const leave = game.viewerPlace?.leave;
  if (holding === 'anonymous') return game.status === 'SCHEDULED' ? t.game.beforeAnonymous : undefined;
  if (holding === 'waitlist') return t.game.leaveAnyTime;
  if (!leave) return undefined;
  const until = leave.closesAt ? formatDateTime(leave.closesAt) : '';
  const decision = formatDateTime(game.decisionAt ?? leave.closesAt ?? game.startTime);
  if (holding === 'place') {
    if (leave.reason === 'CANCELLED') return t.game.leaveCancelled;
    if (leave.reason === 'UNDECIDED') return t.game.leaveUndecided(decision);
    if (leave.reason === 'FREED') return t.game.leaveFreed(until);
    return leave.reason === 'OPEN' ? t.game.leaveOpen(until) : t.game.leaveClosed;
  }
  if (leave.reason === 'UNDECIDED') return t.game.beforeUndecided(decision);
  if (leave.reason === 'OPEN' || leave.reason === 'FREED') return t.game.beforeOpen(until);
  return leave.reason === 'CLOSED' ? t.game.beforeClosed : undefined;
}

/** The 24-hour rule in the service's words, before it bites: for a visitor what joining commits them to, for a player what leaving allows. */
export function LeaveNotice({ game, holding }: { game: Game; holding: Holding }) {
  const text = words(game, holding);
  if (!text) return null;
  const closed = holding === 'place' && game.viewerPlace?.leave?.allowed === false;
  return (
    <p id="leave-rule" className={closed ? 'notice warning' : holding === 'place' || holding === 'waitlist' ? 'notice' : 'muted'}>
      {text}
    </p>
  );
}
