export { findDispensationsOf } from './dispensing.repository.ts';
export { dispensingRoutes } from './dispensing.routes.ts';
export { dispensePrescription, scanPrescription, undoDispensation, type PharmacyActor } from './dispensing.service.ts';
