import { TEST_USERS, subjectFor } from '../auth/index.ts';

export interface SamplePerson {
  username: string;
  name: string;
}

/**
 * The local providers' test users: the first three organise, the rest play. Each is a national
 * account with the subject the local national provider derives, so signing in locally as `alice`
 * (or `npm run dev:token -- alice`) is the sample organiser Alice Tan.
 */
export const SAMPLE_ORGANISERS: readonly SamplePerson[] = TEST_USERS.slice(0, 3);
export const SAMPLE_PLAYERS: readonly SamplePerson[] = TEST_USERS.slice(3);

export const sampleSubject = (username: string) => subjectFor('national', username);
