// What the prescription form uses of patients: choosing one, adding one, reading one.
export { PatientAutocomplete } from './patient-autocomplete.tsx';
export { PatientFormDialog } from './patient-form-dialog.tsx';
export { usePatient } from './patients-api.ts';
export { AllergyList } from './allergy-list.tsx';
