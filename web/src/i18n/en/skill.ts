/** Skill ratings learnt from game day: the player's ratings page and the board's rating line. */
import { plural } from '../format';

export const skill = {
  title: 'Skill ratings',
  link: 'Skill ratings',
  yours: 'By activity',
  intro: 'Learnt from your confirmed game day results. Your declared level never changes by itself: change it on your profile if you agree with a suggestion.',
  hide: 'Hide my rating and suggested level from other players',
  hidden: 'Your rating is hidden from other players',
  shown: 'Other players can see your rating',
  none: 'No rated games yet',
  noneBody: 'Play at a game day: once a result is confirmed, your rating appears here.',
  kind: { DOUBLES: 'Doubles', SINGLES: 'Singles' } as Record<string, string>,
  heading: (activity: string | null, kind: string) => `${activity ?? 'Removed activity'} · ${kind}`,
  estimate: 'Rating',
  value: (mu: number, sigma: number) => `${mu.toFixed(1)} ± ${sigma.toFixed(1)}`,
  games: (games: number) => plural(games, { one: '# rated game', other: '# rated games' }),
  declared: 'Your level',
  suggested: 'Suggested level',
  noDeclared: 'Not set',
  noSuggestion: 'After 3 rated games',
  history: 'Recent changes',
  result: (won: boolean | null) => (won === null ? 'Draw' : won ? 'Won' : 'Lost'),
  change: (before: number, after: number) => `${before.toFixed(1)} → ${after.toFixed(1)}`,
};
