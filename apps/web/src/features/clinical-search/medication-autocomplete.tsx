import { MedicationListSchema, messages, type Medication } from '@receta/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { api } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** The server refuses shorter searches (ClinicalSearchQuerySchema): they would match everything. */
const minimumQueryLength = 2;

/** 'Salbutamol 100 mcg — Ventolin — aerosol x 200 dosis — GlaxoSmithKline'. */
export function medicationLabel(medication: Medication): string {
  const generic = [medication.genericName, medication.strength].filter(Boolean).join(' ');
  return [generic, medication.brandName, medication.presentation, medication.laboratory].filter(Boolean).join(' — ');
}

function useMedicationSearch(q: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['medications', 'search', q],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/medications', { query: { q, limit: 20 }, schema: MedicationListSchema, signal });
      return answer.payload;
    },
    enabled: isEnabled && q.length >= minimumQueryLength,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

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
  inputRef,
  label,
  required = false,
  errorText,
  name,
}: {
  /** The generic name as it stands, chosen or typed. */
  inputValue: string;
  /** The user typed: the name is theirs now, no longer a vademecum presentation. */
  onInputChange: (text: string) => void;
  onSelect: (medication: Medication) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
  required?: boolean;
  errorText?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const typed = inputValue.trim();
  const q = useDebouncedValue(typed);
  const found = useMedicationSearch(q, isOpen);
  const isSearching = typed.length >= minimumQueryLength;

  return (
    <Autocomplete<Medication, false, false, true>
      freeSolo
      options={isSearching ? found.data ?? [] : []}
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
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      // The server already searched by generic name, brand and laboratory.
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : medicationLabel(option))}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      loading={isSearching && (found.isFetching || q !== typed)}
      loadingText={t('forms.loadingOptions')}
      noOptionsText={isSearching ? t('forms.noOptions') : translateMessage(t, messages.search.queryTooShort)}
      openText={t('forms.openOptions')}
      closeText={t('forms.closeOptions')}
      clearText={t('forms.clearOption')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label ?? t('prescriptions.fields.medication')}
          required={required}
          error={errorText !== undefined}
          helperText={errorText ?? t('prescriptions.fields.medicationHint')}
        />
      )}
    />
  );
}
