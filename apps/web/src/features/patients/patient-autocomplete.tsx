import { messages, type Patient } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { SearchAutocomplete } from '../../components/search-autocomplete.tsx';
import { patientsKey, searchPatients } from './patients-api.ts';

/** 'Pérez, Ana — DNI 30123456': the name and the document a doctor checks the patient by. */
export function patientLabel(patient: Pick<Patient, 'name' | 'lastName' | 'dni'>): string {
  return `${patient.lastName}, ${patient.name} — DNI ${patient.dni}`;
}

/**
 * One of the workspace's patients, found by last name, name or DNI as the user types; before
 * that, the first ones in alphabetical order.
 */
export function PatientAutocomplete({
  value,
  onChange,
  label,
  required = false,
  errorText,
}: {
  value: Patient | null;
  onChange: (patient: Patient | null) => void;
  label?: string;
  required?: boolean;
  errorText?: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchAutocomplete
      value={value}
      onChange={onChange}
      queryKey={[...patientsKey, 'search']}
      search={searchPatients}
      emptyText={messages.patients.empty}
      getOptionLabel={patientLabel}
      getOptionKey={(patient) => patient.id}
      label={label ?? t('patients.fields.patient')}
      required={required}
      errorText={errorText}
    />
  );
}
