export { AttendanceService, recentNoShows } from './attendance.service.ts';
export { RatingAverages, RatingsService } from './attendance.ratings.ts';
export { OwnMarks } from './attendance.own-marks.ts';
export { CheckedIn } from './attendance.checked-in.ts';
export { DisputesService } from './attendance.disputes.ts';
export type { AttendanceEvents, AttendanceGames } from './attendance.ports.ts';
export { attendanceRoutes } from './attendance.routes.ts';
export { ATTENDANCE_ERRORS } from './attendance.errors.ts';
