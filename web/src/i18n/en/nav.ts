/** The app's shell: the top bar, the tab bar on phones, signing in and out. */
export const nav = {
  main: 'Main',
  find: 'Find',
  myGames: 'My games',
  host: 'Host',
  notifications: 'Notifications',
  notificationsUnread: (count: number) => `Notifications, ${count} unread`,
  profile: 'Profile',
  admin: 'Admin',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signInToPlay: 'Sign in to join and host games.',
  signedOut: 'You are signed out',
  signedOutBody: 'See you on the court.',
  deleted: 'Your account is deleted',
  deletedBody: 'Your account and profile have been removed.',
};
