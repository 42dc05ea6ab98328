export { patientAccessRoutes } from './patient-access.routes.ts';
export { deliverToPatient } from './patient-delivery.ts';
export { endOfDayInArgentina } from './patient-links.ts';
export { scheduledJobsWorker } from './scheduled-jobs.ts';
