export { patientAccessRoutes } from './patient-access.routes.ts';
export { deliverToPatient, notifyPatientOfCancellation } from './patient-delivery.ts';
export { endOfDayInArgentina } from './patient-links.ts';
export { scheduledJobsWorker } from './scheduled-jobs.ts';
