export { patientsRoutes } from './patients.routes.ts';
export { editPatient, listPatients, type PatientOfWorkspace, showPatient } from './patients.service.ts';
