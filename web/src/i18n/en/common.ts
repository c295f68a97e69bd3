/** Words shared by every screen. */
export const common = {
  appName: 'Pickup games',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Saved',
  retry: 'Try again',
  loading: 'Loading',
  somethingWrong: 'Something went wrong',
  unreachable: 'The service could not be reached.',
  skipToContent: 'Skip to content',
  free: 'Free',
  notFound: 'Page not found',
  notFoundBody: 'There is nothing at this address.',
  findAGame: 'Find a game',
  notAvailable: 'Not available',
  adminOnly: 'This page is for administrators.',
};
