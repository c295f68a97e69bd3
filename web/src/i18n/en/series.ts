/** Weekly series: creating, dates, changes for one or the following, regulars. */
export const series = {};
