/** The prefix of feed URLs, whose next segment is a secret (masked in request logs and traces). */
export const CALENDAR_TOKEN_PATHS = [{ prefix: '/api/v1/calendar/', segment: /^.+$/ }];
