/**
 * The screens `npm run web:screenshots` photographs, in the order docs/app.md shows them. `path` finds
 * the address (some need an id from the API, asked as the signed-in Alice); `ready` waits for what the
 * screen is about, so no picture shows a loading state.
 */
import type { Page } from 'playwright-core';

export interface Screen {
  name: string;
  title: string;
  caption: string;
  path(page: Page, base: string): Promise<string>;
  ready(page: Page): Promise<void>;
}

const fixed = (address: string) => () => Promise.resolve(address);
const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
};

/** The first game of a listing the signed-in person can read, e.g. '/api/v1/me/games/hosted'. */
async function firstGame(page: Page, base: string, listing: string): Promise<string> {
  const answer = await (await page.request.get(`${base}${listing}${listing.includes('?') ? '&' : '?'}size=1`)).json();
  const id = answer.data?.content?.[0]?.id;
  if (!id) throw new Error(`no game in ${listing}`);
  return id as string;
}

export const SCREENS: Screen[] = [
  { name: 'find', title: 'Find', caption: 'Games near you, grouped by day.', path: fixed('/'), ready: heading('Find a game') },
  {
    name: 'game',
    title: 'A game',
    caption: 'What a player decides on, and one main action.',
    path: async (page, base) => `/games/${await firstGame(page, base, '/api/v1/games')}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  { name: 'host', title: 'Host a game', caption: 'Every option, the basics first.', path: fixed('/host'), ready: heading('Host a game') },
  { name: 'my-games', title: 'My games', caption: 'Upcoming, past, waiting, requested and offered.', path: fixed('/my-games'), ready: heading('My games') },
  {
    name: 'notifications',
    title: 'Notifications',
    caption: 'Live, with older ones a tap away.',
    path: fixed('/notifications'),
    ready: heading('Notifications'),
  },
  { name: 'profile', title: 'Profile', caption: 'Who you are and how to reach you.', path: fixed('/profile'), ready: heading('Profile') },
  { name: 'admin', title: 'Administration', caption: 'Users and roles, activities, venues.', path: fixed('/admin'), ready: heading('Administration') },
];
