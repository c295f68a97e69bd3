/** Words shared by every screen. */
export const common = {
  appName: 'Pickup games',
  /** Who a player is when they have no name to show. */
  aPlayer: 'A player',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Saved',
  retry: 'Try again',
  loading: 'Loading',
  somethingWrong: 'Something went wrong',
  somethingWrongSentence: 'Something went wrong.',
  requestFailed: (status: number) => `The request failed (${status}).`,
  unreachable: 'The service could not be reached.',
  serviceDown: 'The service cannot be reached right now. This page will catch up once it answers.',
  skipToContent: 'Skip to content',
  free: 'Free',
  notFound: 'Page not found',
  notFoundBody: 'There is nothing at this address.',
  findAGame: 'Find a game',
  notAvailable: 'Not available',
  adminOnly: 'This page is for administrators.',
  pageFailed: 'This page stopped working. Nothing you saved is lost.',
  appUpdated: 'The app has been updated since this tab was opened.',
  reload: 'Reload',
};

/** A player's name in a sentence, or "A player" for one with no name to show. */
export const named = (who: string | null) => who ?? common.aPlayer;
