/**
 * Where a stream stands: the (txid, seq) of the last notification it sent. A row's seq is taken
 * when it is inserted, but rows become visible when their transaction commits, so in seq order a
 * late commit could land behind a position a stream already passed. Streams therefore walk the
 * order (txid, seq) and only read rows whose transaction is older than the oldest transaction
 * still running (the snapshot's xmin): every later commit then has a txid at or above that
 * horizon, so it sorts after everything already sent. Rows of one transaction keep seq order.
 *
 * The server-sent event id is `<txid>-<seq>`. A plain number is an id from before this scheme
 * (a seq); the repository turns it into a position.
 */
export interface Position {
  txid: number;
  seq: number;
}

export const START: Position = { txid: 0, seq: 0 };

export const EVENT_ID_PATTERN = '^[0-9]{1,15}(-[0-9]{1,15})?$';

export function eventId(position: Position): string {
  return `${position.txid}-${position.seq}`;
}

/** A position, or a legacy seq; the schema has already checked the shape. */
export function parseEventId(id: string): Position | { legacySeq: number } {
  const [first, second] = id.split('-');
  if (second === undefined) return { legacySeq: Number(first) };
  return { txid: Number(first), seq: Number(second) };
}
