import type { NotificationType } from './notifications.schemas.ts';

/**
 * The kinds of act one person can repeat on another about one game or series (issue #31): repeats by the same
 * actor within the window update one notification (newest state wins, no second push). Types not
 * listed (a cancellation, a reminder) always stand on their own.
 */
const KINDS: Partial<Record<NotificationType, string>> = {
  CO_HOST_INVITED: 'co-host',
  CO_HOST_ADDED: 'co-host',
  CO_HOST_REMOVED: 'co-host',
  JOIN_REQUESTED: 'join-request',
  JOIN_REQUEST_WITHDRAWN: 'join-request',
  JOIN_REQUEST_APPROVED: 'join-decision',
  JOIN_REQUEST_DECLINED: 'join-decision',
  PLAYER_JOINED: 'presence',
  PLAYER_LEFT: 'presence',
  PLAYER_REMOVED: 'removal',
  GAME_UPDATED: 'update',
  SERIES_CO_HOST_INVITED: 'co-host',
  SERIES_REGULAR_INVITED: 'regular',
  SERIES_REGULAR_REMOVED: 'regular',
};

/** The row's coalescing key: the kind of act and who did it; null when it never coalesces. */
export function coalesceKey(type: NotificationType, actorId: string | undefined): string | null {
  const kind = KINDS[type];
  return kind && actorId ? `${kind}:${actorId}` : null;
}
