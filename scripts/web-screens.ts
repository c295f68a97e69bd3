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

const anyHeading = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
};

const screen = (name: string, title: string, caption: string, path: Screen['path'] | string): Screen => ({
  name,
  title,
  caption,
  path: typeof path === 'string' ? fixed(path) : path,
  ready: anyHeading,
});

/** Alice's first series, made for the pictures when she has none. */
async function aSeries(page: Page, base: string): Promise<string> {
  const mine = await (await page.request.get(`${base}/api/v1/series?size=1`)).json();
  const id = mine.data?.content?.[0]?.id ?? mine.data?.[0]?.id;
  if (!id) throw new Error('Alice has no series');
  return `/series/${id as string}`;
}

export const SCREENS: Screen[] = [
  { ...screen('find', 'Find', 'Games grouped by day, quick chips, the filters in a sheet.', '/'), ready: heading('Find a game') },
  screen('find-map', 'Find on a map', 'The venues of the listed games as pins.', '/?view=map'),
  screen('game', 'A game', 'What a player decides on, and one main action.', async (page, base) => `/games/${await firstGame(page, base, '/api/v1/games')}`),
  screen('host', 'Host a game', 'Every option, the basics first.', '/host'),
  screen('manage', 'Manage a game', 'Confirm, approvals, roster, attendance, co-hosts, the share link.', async (page, base) => {
    return `/games/${await firstGame(page, base, '/api/v1/me/games/hosted')}/manage`;
  }),
  screen('series', 'Weekly series', 'The series you run or play in.', '/series'),
  screen('series-new', 'A new series', 'The days, the time and how far ahead dates open.', '/series/new'),
  screen('series-page', 'A series', 'Its dates, changes for one or the following, regulars and co-hosts.', aSeries),
  screen('my-games', 'My games', 'Upcoming, past, waiting, requested, offered, hosting, saved.', '/my-games'),
  screen('notifications', 'Notifications', 'Live, with older ones a tap away.', '/notifications'),
  screen('preferences', 'Notification settings', 'Per type, quiet hours, muted games.', '/settings/notifications'),
  screen('calendar', 'Calendar feed', 'Subscribe, renew or turn off the link.', '/settings/calendar'),
  screen('record', 'Your record', 'Attendance, and disputing a mark.', '/me/record'),
  screen('invitations', 'Invitations', 'To co-host a game or be a regular of a series.', '/me/invitations'),
  screen('profile', 'Profile', 'Who you are, your level, how to reach you.', '/profile'),
  screen('admin-users', 'Admin: users and roles', 'Search, grant and remove the admin role.', '/admin/users'),
  screen('admin-activities', 'Admin: activities', 'Activities and their skill ladders.', '/admin/activities'),
  screen('admin-venues', 'Admin: venues', 'Venues, and the import with problems by row.', '/admin/venues'),
  screen('admin-games', 'Admin: games', 'Cancel any game.', '/admin/games'),
  screen('admin-disputes', 'Admin: disputes', 'Uphold or dismiss a disputed mark.', '/admin/disputes'),
];
