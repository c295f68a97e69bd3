import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const MyGamesPage = lazyPage(() => import('./MyGames'), 'MyGamesPage');
const NotificationsPage = lazyPage(() => import('./Notifications'), 'NotificationsPage');
const OnboardingPage = lazyPage(() => import('./Onboarding'), 'OnboardingPage');
const ProfilePage = lazyPage(() => import('./Profile'), 'ProfilePage');
const PreferencesPage = lazyPage(() => import('./Preferences'), 'PreferencesPage');
const CalendarPage = lazyPage(() => import('./Calendar'), 'CalendarPage');
const RecordPage = lazyPage(() => import('./Record'), 'RecordPage');
const RatingsPage = lazyPage(() => import('./Ratings'), 'RatingsPage');
const InvitationsPage = lazyPage(() => import('./Invitations'), 'InvitationsPage');

export const routes: AppRoute[] = [
  page('/onboarding', OnboardingPage, 'signed-in'),
  page('/my-games', MyGamesPage, 'signed-in'),
  page('/notifications', NotificationsPage, 'signed-in'),
  page('/profile', ProfilePage, 'signed-in'),
  page('/settings/notifications', PreferencesPage, 'signed-in'),
  page('/settings/calendar', CalendarPage, 'signed-in'),
  page('/me/record', RecordPage, 'signed-in'),
  page('/me/ratings', RatingsPage, 'signed-in'),
  page('/me/invitations', InvitationsPage, 'signed-in'),
];
