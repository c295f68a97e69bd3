/** Administration: users and roles, activities, venues, games, disputes. */
export const admin = {};
