import type { TestUser } from '../../test/helpers/users.ts';
import type { Principal, Scope } from './oracle.ts';
import type { World } from './world.ts';

/** What a route's case is: the request one principal sends for one cell of the matrix, and what passes. */
export interface CellResponse {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: string;
}

/** One request, valid for A, for one cell. */
export interface Prepared {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** For an event stream sent over `http`: read its body for up to `readMs`, or until `until` appears. */
  stream?: { readMs: number; until?: string };
  /** Sends as this user instead of the principal's shared one (a request that uses up its caller). */
  caller?: TestUser;
  /** A's state: a principal who may not act for A must leave it exactly as it was. */
  snapshot?: () => Promise<unknown>;
  /**
   * The id of A's resource in the request: a 404 for it must not differ from the 404 for an id
   * that does not exist (same code, same detail), so nobody learns that it exists.
   */
  resourceId?: string;
  /** Further checks of a response with the expected status (not run for HEAD). */
  check?: (response: CellResponse, principal: Principal) => Promise<void> | void;
}

export interface RouteCase {
  /** What the request is about, e.g. "A's private game". */
  label: string;
  scope: Scope;
  /** The status A (or whoever passes) gets. */
  success: number;
  /** `http`: sent over a real connection (a stream that never ends cannot be injected); GET only. */
  transport?: 'http';
  prepare(world: World, principal: Principal): Promise<Prepared>;
}
