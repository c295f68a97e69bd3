/** Skill's pure rules: how a result moves ratings (openskill's Weng–Lin model) and how a rating reads on a ladder. */
import { rate, rating } from 'openskill';

export interface Estimate {
  mu: number;
  sigma: number;
}

/** openskill's starting estimate: what a player with no rated result is taken to be. */
export const START: Estimate = rating();

/** Fewer rated games than this and the estimate is too loose to suggest a level from. */
export const SUGGEST_AFTER_GAMES = 3;

/** The mu range mapped onto a ladder: two starting sigmas either side of the starting mu. */
const LOW = START.mu - 2 * START.sigma;
const HIGH = START.mu + 2 * START.sigma;

/** Both sides' new estimates after a match; `winner` null is a draw. */
export function afterMatch(sideA: Estimate[], sideB: Estimate[], winner: 'A' | 'B' | null): [Estimate[], Estimate[]] {
  const rank = winner === 'A' ? [1, 2] : winner === 'B' ? [2, 1] : [1, 1];
  const [a, b] = rate([sideA, sideB], { rank });
  return [a!.map(plain), b!.map(plain)];
}

const plain = ({ mu, sigma }: Estimate): Estimate => ({ mu, sigma });

/**
 * The ladder level (ordered lowest first) whose equal share of the mu range holds the estimate; null
 * while the player has fewer than SUGGEST_AFTER_GAMES rated games or the ladder is empty.
 */
export function suggestedIndex(estimate: Estimate, games: number, ladderSize: number): number | null {
  if (games < SUGGEST_AFTER_GAMES || ladderSize === 0) return null;
  const share = (estimate.mu - LOW) / (HIGH - LOW);
  return Math.min(ladderSize - 1, Math.max(0, Math.floor(share * ladderSize)));
}
