/**
 * Every page of the app in one table: its path and its code, loaded on first visit so the first screen
 * downloads only what it shows; grouped by who may see it (the shell asks for sign-in). The first path
 * that matches wins: "/series/new" stands before "/series/:id".
 */
import { forAnyone, forSignedIn, forAdmins, page } from './shell/app-route';

export const ROUTES = [
  ...forAnyone([
    page('/', () => import('./pages/find/Find'), 'FindPage'),
    page('/games/:id', () => import('./pages/game/GamePage'), 'GamePage'),
    // A share link, for anyone holding it: signed in or not, the game's page follows from here.
    page('/s/:code', () => import('./pages/game/SharePage'), 'SharePage'),
  ]),
  ...forSignedIn([
    page('/games/:id/game-day', () => import('./pages/gameday/HostConsole'), 'HostConsole'),
    page('/games/:id/board', () => import('./pages/gameday/BigBoard'), 'BigBoard'),
    page('/games/:id/chat', () => import('./pages/chat/ChatPage'), 'ChatPage'),
    page(['/host', '/games/:id/edit'], () => import('./pages/host/HostPage'), 'HostPage'),
    page('/games/:id/manage', () => import('./pages/host/ManagePage'), 'ManagePage'),
    page('/series', () => import('./pages/series/SeriesList'), 'SeriesListPage'),
    page('/series/new', () => import('./pages/series/NewSeries'), 'NewSeriesPage'),
    page('/series/:id', () => import('./pages/series/SeriesPage'), 'SeriesPage'),
    page('/onboarding', () => import('./pages/me/Onboarding'), 'OnboardingPage'),
    page('/my-games', () => import('./pages/me/MyGames'), 'MyGamesPage'),
    page('/notifications', () => import('./pages/me/Notifications'), 'NotificationsPage'),
    page('/profile', () => import('./pages/me/Profile'), 'ProfilePage'),
    page('/settings/notifications', () => import('./pages/me/Preferences'), 'PreferencesPage'),
    page('/settings/calendar', () => import('./pages/me/Calendar'), 'CalendarPage'),
    page('/me/record', () => import('./pages/me/Record'), 'RecordPage'),
    page('/me/ratings', () => import('./pages/me/Ratings'), 'RatingsPage'),
    page('/me/invitations', () => import('./pages/me/Invitations'), 'InvitationsPage'),
    page('/me/money', () => import('./pages/money/MoneyPage'), 'MoneyPage'),
  ]),
  ...forAdmins([
    page(['/admin', '/admin/users'], () => import('./pages/admin/Users'), 'UsersPage'),
    page('/admin/activities', () => import('./pages/admin/Activities'), 'ActivitiesPage'),
    page('/admin/activities/:id', () => import('./pages/admin/Activity'), 'ActivityPage'),
    page('/admin/venues', () => import('./pages/admin/Venues'), 'VenuesPage'),
    page('/admin/games', () => import('./pages/admin/Games'), 'GamesPage'),
    page('/admin/disputes', () => import('./pages/admin/Disputes'), 'DisputesPage'),
    page('/admin/chat-reports', () => import('./pages/chat/ChatReports'), 'ChatReportsPage'),
    page('/admin/audit', () => import('./pages/admin/Audit'), 'AuditPage'),
  ]),
];
