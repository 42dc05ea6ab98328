import { MedicationListSchema, type Medication } from '@receta/domain';
import Autocomplete from '@mui/material/Autocomplete';
import { useTranslation } from 'react-i18next';
import { renderSearchInput, useServerSearch } from '../../components/search-autocomplete.tsx';
import { clinicalSearchMinLength, searchCatalogue, type CatalogueFieldProps } from './clinical-search.ts';

/** 'Salbutamol 100 mcg — Ventolin — aerosol x 200 dosis — GlaxoSmithKline'. */
export function medicationLabel(medication: Medication): string {
  const generic = [medication.genericName, medication.strength].filter(Boolean).join(' ');
  return [generic, medication.brandName, medication.presentation, medication.laboratory].filter(Boolean).join(' — ');
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
export function MedicationAutocomplete({
  inputValue,
  onInputChange,
  onSelect,
  onBlur,
  label,
  ...field
}: CatalogueFieldProps & {
  /** The generic name as it stands, chosen or typed. */
  inputValue: string;
  /** The user typed: the name is theirs now, no longer a vademecum presentation. */
  onInputChange: (text: string) => void;
  onSelect: (medication: Medication) => void;
}) {
  const { t } = useTranslation();
  const { isSearching, found, listProps } = useServerSearch(inputValue.trim(), medicationSearch);

  return (
    <Autocomplete<Medication, false, false, true>
      {...listProps}
      freeSolo
      options={isSearching ? found : []}
      // The box shows the generic name; a choice fills the item and leaves nothing selected here.
      value={null}
      onChange={(_event, chosen) => {
        if (chosen !== null && typeof chosen !== 'string') onSelect(chosen);
      }}
      inputValue={inputValue}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onInputChange(text);
      }}
      onBlur={onBlur}
      getOptionLabel={(option) => (typeof option === 'string' ? option : medicationLabel(option))}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      renderInput={renderSearchInput({
        ...field,
        label: label ?? t('prescriptions.fields.medication'),
        helperText: t('prescriptions.fields.medicationHint'),
      })}
    />
  );
}
