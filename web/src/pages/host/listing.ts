/** What a game and a series are both offered by: the activity, the venue, the level range and the price, with their checks. */

export interface Listing {
  activityId: string;
  venueId: string;
  skillLevelFromId: string;
  skillLevelToId: string;
}

export const EMPTY_LISTING: Listing = { activityId: '', venueId: '', skillLevelFromId: '', skillLevelToId: '' };

type Problems<K extends string> = Partial<Record<K, string>>;

/** A listing's problems, worded by the form that asks (the service checks them again). */
export function listingProblems(
  draft: Listing,
  levels: { id: string; sortOrder: number }[],
  words: { activity: string; venue: string; levels: string; levelOrder: string },
): Problems<keyof Listing> {
  const problems: Problems<keyof Listing> = {};
  if (!draft.activityId) problems.activityId = words.activity;
  if (!draft.venueId) problems.venueId = words.venue;
  const from = levels.find((level) => level.id === draft.skillLevelFromId);
  const to = levels.find((level) => level.id === draft.skillLevelToId);
  if (!from || !to) problems.skillLevelToId = words.levels;
  else if (from.sortOrder > to.sortOrder) problems.skillLevelToId = words.levelOrder;
  return problems;
}

/** A price as the API takes it (a decimal with at most two places) and an ISO 4217 currency. */
export function priceProblems(draft: { price: string; currency: string }, words: { price: string; currency: string }): Problems<'price' | 'currency'> {
  const problems: Problems<'price' | 'currency'> = {};
  if (!/^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/.test(draft.price)) problems.price = words.price;
  if (!/^[A-Z]{3}$/.test(draft.currency)) problems.currency = words.currency;
  return problems;
}
