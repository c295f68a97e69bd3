import { leaveRule, nextLeaveTurn, useNowUntil, type LeaveRule } from '../leave';
import { formatDateTime } from '../time';

interface Game {
  status: string;
  startTime: string;
  minPlayers: number | null;
  confirmed: boolean;
  decisionAt: string | null;
  leaveFreeUntil: string | null;
}

/** The leave rule for this game, as it stands now; the page re-renders the moment leaving closes. */
export function useLeaveRule(game: Game | undefined): (waitlisted: boolean) => LeaveRule {
  // Worked out afresh on each render: once one moment passes, the page re-renders and waits for the next.
  const now = useNowUntil(game && nextLeaveTurn(game, Date.now()));
  return (waitlisted) => (game ? leaveRule(game, waitlisted, now) : { kind: 'waitlist' });
}

function before(rule: LeaveRule, decisionAt: string): string | undefined {
  switch (rule.kind) {
    case 'undecided':
      return `This game is on only if enough players join; it is decided at ${formatDateTime(decisionAt)}. Until then you can leave at any time, after that not within 24 hours of the start.`;
    case 'closed':
      return 'This game starts within 24 hours: once you have a place you cannot leave it. A waitlist place can be given up at any time.';
    case 'open':
      return `Once you have a place you can leave until ${formatDateTime(rule.closesAt)}, 24 hours before the start. A waitlist place can be given up at any time.`;
    default:
      return undefined;
  }
}

function after(rule: LeaveRule, decisionAt: string): string {
  switch (rule.kind) {
    case 'waitlist':
      return 'You can leave the waitlist at any time.';
    case 'cancelled':
      return 'This game is cancelled; you can leave it.';
    case 'undecided':
      return `You can leave at any time until the go / no-go decision at ${formatDateTime(decisionAt)}. Once the game is on, players cannot leave within 24 hours of the start (from ${formatDateTime(rule.closesAt)}).`;
    case 'open':
      return `You can leave until ${formatDateTime(rule.closesAt)}, 24 hours before the start; after that your place is fixed.`;
    case 'closed':
      return 'Leaving is closed: players cannot leave within 24 hours of the start. Tell the host if you cannot come.';
    case 'freed':
      return `The organiser changed the time, venue or price: you can leave until ${formatDateTime(rule.freeUntil)}, even though the game starts within 24 hours.`;
  }
}

/** The 24-hour rule in words, before it bites: for a visitor what joining commits them to, for a player what leaving allows. */
export function LeaveNotice({ game, rule, joined }: { game: Game; rule: LeaveRule; joined: boolean }) {
  const text = joined ? after(rule, game.decisionAt ?? game.startTime) : before(rule, game.decisionAt ?? game.startTime);
  if (!text) return null;
  return (
    <p id="leave-rule" className={joined && rule.kind === 'closed' ? 'notice warning' : joined ? 'notice' : 'muted'}>
      {text}
    </p>
  );
}
