export { proposeRound, swapCost, DEFAULT_WINNER_STAYS_CAP } from './rotation.ts';
export type * from './rotation.types.ts';
