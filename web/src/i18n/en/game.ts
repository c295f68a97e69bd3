/** A game's page as a player meets it: joining, waiting, offers, check-in, rating. */
export const game = {};
