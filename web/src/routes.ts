/**
 * Every page of the app in one table: its path, who may see it, and its code, loaded on first visit so the
 * first screen downloads only what it shows (the shell asks for sign-in where the audience needs it). The
 * first path that matches wins: "/series/new" stands before "/series/:id". The two pages reached at two
 * paths each are named first: a page at several paths is one component, so moving between them keeps it.
 */
import { page } from './shell/app-route';

const newOrEdit = page(['/host', '/games/:id/edit'], 'signed-in', () => import('./pages/host/HostPage'), 'HostPage');
const adminHome = page(['/admin', '/admin/users'], 'admin', () => import('./pages/admin/Users'), 'UsersPage');

export const ROUTES = [
  page('/', 'anyone', () => import('./pages/find/Find'), 'FindPage'),
  page('/games/:id', 'anyone', () => import('./pages/game/GamePage'), 'GamePage'),
  // A share link, for anyone holding it: signed in or not, the game's page follows from here.
  page('/s/:code', 'anyone', () => import('./pages/game/SharePage'), 'SharePage'),
  page('/games/:id/game-day', 'signed-in', () => import('./pages/gameday/HostConsole'), 'HostConsole'),
  page('/games/:id/board', 'signed-in', () => import('./pages/gameday/BigBoard'), 'BigBoard'),
  page('/games/:id/chat', 'signed-in', () => import('./pages/chat/ChatPage'), 'ChatPage'),
  page('/games/:id/manage', 'signed-in', () => import('./pages/host/ManagePage'), 'ManagePage'),
  page('/series', 'signed-in', () => import('./pages/series/SeriesList'), 'SeriesListPage'),
  page('/series/new', 'signed-in', () => import('./pages/series/NewSeries'), 'NewSeriesPage'),
  page('/series/:id', 'signed-in', () => import('./pages/series/SeriesPage'), 'SeriesPage'),
  page('/onboarding', 'signed-in', () => import('./pages/me/Onboarding'), 'OnboardingPage'),
  page('/my-games', 'signed-in', () => import('./pages/me/MyGames'), 'MyGamesPage'),
  page('/notifications', 'signed-in', () => import('./pages/me/Notifications'), 'NotificationsPage'),
  page('/profile', 'signed-in', () => import('./pages/me/Profile'), 'ProfilePage'),
  page('/settings/notifications', 'signed-in', () => import('./pages/me/Preferences'), 'PreferencesPage'),
  page('/settings/calendar', 'signed-in', () => import('./pages/me/Calendar'), 'CalendarPage'),
  page('/me/record', 'signed-in', () => import('./pages/me/Record'), 'RecordPage'),
  page('/me/ratings', 'signed-in', () => import('./pages/me/Ratings'), 'RatingsPage'),
  page('/me/invitations', 'signed-in', () => import('./pages/me/Invitations'), 'InvitationsPage'),
  page('/me/money', 'signed-in', () => import('./pages/money/MoneyPage'), 'MoneyPage'),
  page('/admin/activities', 'admin', () => import('./pages/admin/Activities'), 'ActivitiesPage'),
  page('/admin/activities/:id', 'admin', () => import('./pages/admin/Activity'), 'ActivityPage'),
  page('/admin/venues', 'admin', () => import('./pages/admin/Venues'), 'VenuesPage'),
  page('/admin/games', 'admin', () => import('./pages/admin/Games'), 'GamesPage'),
  page('/admin/disputes', 'admin', () => import('./pages/admin/Disputes'), 'DisputesPage'),
  page('/admin/chat-reports', 'admin', () => import('./pages/chat/ChatReports'), 'ChatReportsPage'),
  page('/admin/audit', 'admin', () => import('./pages/admin/Audit'), 'AuditPage'),
  ...newOrEdit,
  ...adminHome,
].flat();
