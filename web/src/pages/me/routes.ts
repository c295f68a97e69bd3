import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const MyGamesPage = lazyPage(() => import('../MyGames'), 'MyGamesPage');
const NotificationsPage = lazyPage(() => import('../Notifications'), 'NotificationsPage');
const OnboardingPage = lazyPage(() => import('../Onboarding'), 'OnboardingPage');
const ProfilePage = lazyPage(() => import('../Profile'), 'ProfilePage');

export const routes: AppRoute[] = [
  { path: '/onboarding', access: 'signed-in', render: () => createElement(OnboardingPage) },
  { path: '/my-games', access: 'signed-in', render: () => createElement(MyGamesPage) },
  { path: '/notifications', access: 'signed-in', render: () => createElement(NotificationsPage) },
  { path: '/profile', access: 'signed-in', render: () => createElement(ProfilePage) },
];
