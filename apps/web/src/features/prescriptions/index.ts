// What the home page, the scanner and the patient's page use of prescriptions.
export { particularInsurerSlug } from './prescription-form.ts';
export { PrescriptionContent } from './prescription-page.tsx';
export { prescriptionsKey, usePrescriptions } from './prescriptions-api.ts';
export { PatientPrescriptions } from './patient-prescriptions.tsx';
