/** Words of the installable app without signal: saved copies, writes refused, a new version. */
export const offline = {
  savedCopy: (time: string) => `Saved copy from ${time}. You are offline, so it may be out of date.`,
  writeOffline: 'You are offline, so nothing was sent and nothing changed. Try again when you have signal.',
  writeUnanswered: 'The service did not answer, so this may not have been done. Check again when you have signal.',
  updateReady: 'A new version is ready.',
  reload: 'Reload',
};
