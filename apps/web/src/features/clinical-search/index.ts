// The searches that patient and prescription forms are built from.
export { DiagnosisAutocomplete } from './diagnosis-autocomplete.tsx';
export { InsurerAutocomplete, insurerLabel } from './insurer-autocomplete.tsx';
export { MedicationAutocomplete } from './medication-autocomplete.tsx';
export { PracticeAutocomplete } from './practice-autocomplete.tsx';
export { clinicalSearchMinLength, searchCatalogue } from './clinical-search.ts';
