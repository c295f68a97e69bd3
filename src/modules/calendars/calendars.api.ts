import type { RouteSpec } from '../../platform/http/route-set.ts';
import { CalendarFeed } from './calendars.schemas.ts';

/** What each calendar feed route accepts and answers (the .ics files are declared in the routes). */
export const CalendarsApi = {
  rotate: { summary: 'A new secret calendar feed URL; the previous one stops working', data: CalendarFeed, status: 201, message: 'Calendar feed created' },
  revoke: { summary: 'Revoke your calendar feed URL' },
} satisfies Record<string, RouteSpec>;
