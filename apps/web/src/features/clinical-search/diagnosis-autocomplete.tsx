import { DiagnosisListSchema, type Diagnosis } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { SearchAutocomplete } from '../../components/search-autocomplete.tsx';
import { clinicalSearchMinLength, searchCatalogue, type CatalogueFieldProps } from './clinical-search.ts';

/** 'J45.0 — Asma predominantemente alérgica'. */
export function diagnosisLabel(diagnosis: Diagnosis): string {
  return `${diagnosis.code} — ${diagnosis.description}`;
}

const searchDiagnoses = searchCatalogue('/api/diagnoses', DiagnosisListSchema);

/** A CIE-10 diagnosis, found by its code ('J45') or by words of its description ('asma alérgica'). */
export function DiagnosisAutocomplete({
  value,
  onChange,
  label,
  ...field
}: CatalogueFieldProps & {
  value: Diagnosis | null;
  onChange: (diagnosis: Diagnosis | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SearchAutocomplete
      {...field}
      value={value}
      onChange={onChange}
      queryKey={['diagnoses', 'search']}
      search={searchDiagnoses}
      minLength={clinicalSearchMinLength}
      staleTime={Infinity}
      getOptionLabel={diagnosisLabel}
      getOptionKey={(diagnosis) => diagnosis.code}
      label={label ?? t('prescriptions.fields.diagnosis')}
      helperText={t('prescriptions.fields.diagnosisHint')}
    />
  );
}
