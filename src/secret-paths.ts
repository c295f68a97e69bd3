import { SHARE_CODE_PATHS } from './modules/share-links/share-code.ts';
import { CALENDAR_TOKEN_PATHS } from './modules/calendars/calendar-token.ts';

/**
 * The URL paths whose next segment opens something (a share code, a calendar feed token), masked
 * in logs and traces. Read from the two small files that define them, not the modules' index: the
 * process entry needs them before tracing starts, so before fastify and the drivers are loaded.
 */
export const SECRET_URL_PATHS = [...SHARE_CODE_PATHS, ...CALENDAR_TOKEN_PATHS];
