export { loadSampleGames } from './sample-games.ts';
export type { SampleGamesDeps, SampleGamesResult } from './sample-games.ts';
export { SAMPLE_ORGANISERS, SAMPLE_PLAYERS } from './sample-people.ts';
export { SAMPLE_LOCK, startSampleGames } from './start.ts';
