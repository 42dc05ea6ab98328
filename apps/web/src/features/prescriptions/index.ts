// What the home page and the scanner use of prescriptions.
export { particularInsurerSlug } from './prescription-form.ts';
export { PrescriptionContent } from './prescription-page.tsx';
export { prescriptionsKey, usePrescriptions } from './prescriptions-api.ts';
