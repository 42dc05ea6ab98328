import { DiagnosisListSchema, messages, type Diagnosis } from '@receta/domain';
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

/** 'J45.0 — Asma predominantemente alérgica'. */
export function diagnosisLabel(diagnosis: Diagnosis): string {
  return `${diagnosis.code} — ${diagnosis.description}`;
}

function useDiagnosisSearch(q: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['diagnoses', 'search', q],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/diagnoses', { query: { q, limit: 20 }, schema: DiagnosisListSchema, signal });
      return answer.payload;
    },
    enabled: isEnabled && q.length >= minimumQueryLength,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** A CIE-10 diagnosis, found by its code ('J45') or by words of its description ('asma alérgica'). */
export function DiagnosisAutocomplete({
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  required = false,
  errorText,
  name,
}: {
  value: Diagnosis | null;
  onChange: (diagnosis: Diagnosis | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
  required?: boolean;
  errorText?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const typed = input.trim();
  // Once chosen, the box shows the diagnosis's label: that is no search of the user's.
  const isSearching = typed.length >= minimumQueryLength && (value === null || typed !== diagnosisLabel(value));
  const q = useDebouncedValue(typed);
  const found = useDiagnosisSearch(q, isOpen && isSearching);
  const suggestions = isSearching ? found.data ?? [] : [];
  // The chosen diagnosis stays among the options, which Autocomplete needs to show it.
  const options = value && !suggestions.some((diagnosis) => diagnosis.code === value.code)
    ? [value, ...suggestions]
    : suggestions;

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onBlur={onBlur}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      // The server already searched codes and descriptions, accents aside.
      filterOptions={(all) => all}
      getOptionLabel={diagnosisLabel}
      getOptionKey={(diagnosis) => diagnosis.code}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
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
          label={label ?? t('prescriptions.fields.diagnosis')}
          required={required}
          error={errorText !== undefined}
          helperText={errorText ?? t('prescriptions.fields.diagnosisHint')}
        />
      )}
    />
  );
}
