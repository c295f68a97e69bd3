/** The signed-in person: my games, notifications, preferences, calendar, record, invitations, profile. */
export const me = {};
