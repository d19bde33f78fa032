// What other modules may use of the For-you module: the job and schedule names (housekeeping and tests list them).
export { FORYOU_BACKFILL_SCHEDULE, FORYOU_DAILY_SCHEDULE, FORYOU_QUALITY_JOB } from './foryou.service.js';
