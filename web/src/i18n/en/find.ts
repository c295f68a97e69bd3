/** Finding games: the list, chips, filters, near me, the map. */
export const find = {};
