/** Push notifications in this browser: the offer after a join, the settings section, and what a notification says when it has no text. */
export const push = {
  offerTitle: 'Get told on this device?',
  offerBody:
    'We can tell you here when a place opens up, the game changes or is cancelled, or your request is answered, even when the app is closed. You choose which in notification settings.',
  turnOn: 'Turn on',
  notNowButton: 'Not now',
  turnedOn: 'Notifications are on for this device.',
  notNow: 'Notifications stay off. Turn them on any time in notification settings.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser settings to get them.',
  failed: 'Notifications could not be turned on. Try again from notification settings.',
  heading: 'This device',
  states: {
    'off-on-service': 'Push notifications are not available on this service.',
    unsupported: 'This browser cannot receive push notifications from the app. On an iPhone, add the app to your home screen first.',
    blocked: 'Notifications are blocked for this site. Allow them in your browser settings to get them here.',
    off: 'Push notifications are off on this device.',
    on: 'Push notifications are on for this device.',
  },
  switchLabel: 'Push notifications on this device',
  checking: 'Checking this device…',
  fallbackTitle: 'Pickup games',
};
