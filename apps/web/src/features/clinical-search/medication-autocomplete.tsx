import { MedicationListSchema, medicineText, type Medication } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { clinicalSearchMinLength, searchCatalogue } from './clinical-search.ts';
import { FreeTextCatalogueAutocomplete, type FreeTextCatalogueProps } from './free-text-catalogue-autocomplete.tsx';

/** 'Salbutamol 100 mcg — Ventolin — aerosol x 200 dosis — GlaxoSmithKline'. */
export function medicationLabel(medication: Medication): string {
  const generic = [medication.genericName, medication.strength && medicineText(medication.strength)].filter(Boolean).join(' ');
  return [generic, medication.brandName, medicineText(medication.presentation), medication.laboratory].filter(Boolean).join(' — ');
}

const medicationSearch = {
  queryKey: ['medications', 'search'],
  search: searchCatalogue('/api/medications', MedicationListSchema),
  minLength: clinicalSearchMinLength,
  staleTime: Infinity,
} as const;

/**
 * The medicine of a prescription item, searched in the vademecum from two characters. The box
 * holds the generic name: choosing a presentation fills it (and the caller fills the rest),
 * and a generic name the vademecum lacks may be written by hand (Ley 25.649 prescribes by
 * generic name, not by product).
 */
export function MedicationAutocomplete({ label, ...props }: Omit<FreeTextCatalogueProps<Medication>, 'helperText' | 'label'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <FreeTextCatalogueAutocomplete
      {...props}
      search={medicationSearch}
      labelOf={medicationLabel}
      keyOf={(medication) => medication.id}
      label={label ?? t('prescriptions.fields.medication')}
      helperText={t('prescriptions.fields.medicationHint')}
    />
  );
}
