import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
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
  { path: '/onboarding', access: 'signed-in', render: () => createElement(OnboardingPage) },
  { path: '/my-games', access: 'signed-in', render: () => createElement(MyGamesPage) },
  { path: '/notifications', access: 'signed-in', render: () => createElement(NotificationsPage) },
  { path: '/profile', access: 'signed-in', render: () => createElement(ProfilePage) },
  { path: '/settings/notifications', access: 'signed-in', render: () => createElement(PreferencesPage) },
  { path: '/settings/calendar', access: 'signed-in', render: () => createElement(CalendarPage) },
  { path: '/me/record', access: 'signed-in', render: () => createElement(RecordPage) },
  { path: '/me/ratings', access: 'signed-in', render: () => createElement(RatingsPage) },
  { path: '/me/invitations', access: 'signed-in', render: () => createElement(InvitationsPage) },
];
