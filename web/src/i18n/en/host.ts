/** Hosting and running a game: the form, approvals, roster, co-hosts, sharing. */
export const host = {};
