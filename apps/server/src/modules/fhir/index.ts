export { exportPrescription } from './fhir.service.ts';
export { fhirContentType, fhirRoutes } from './fhir.routes.ts';
