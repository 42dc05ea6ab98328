import { messages } from '@receta/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

export interface SearchAutocompleteProps<Option> {
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** Where the answers are cached; the search text is added to it. */
  queryKey: readonly unknown[];
  /** Asks the server for the options that match `q`. */
  search: (q: string, signal: AbortSignal) => Promise<Option[]>;
  /** Shorter searches are not sent: the server refuses them (ClinicalSearchQuerySchema). */
  minLength?: number;
  /** What to offer while the search is shorter than `minLength`. */
  idleOptions?: readonly Option[];
  /** Shown when the empty search finds nothing, such as '¡No hay pacientes!'. */
  emptyText?: string;
  /** Catalogues that change once a release can keep their answers for good. */
  staleTime?: number;
  getOptionLabel: (option: Option) => string;
  getOptionKey: (option: Option) => string;
  label: string;
  required?: boolean;
  errorText?: string;
  helperText?: string;
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A choice among server-side search results, asked for as the user types (once typing pauses)
 * and only while the list is open.
 */
export function SearchAutocomplete<Option>({
  value,
  onChange,
  queryKey,
  search,
  minLength = 0,
  idleOptions = [],
  emptyText,
  staleTime,
  getOptionLabel,
  getOptionKey,
  label,
  required = false,
  errorText,
  helperText,
  name,
  onBlur,
  inputRef,
}: SearchAutocompleteProps<Option>) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const typed = input.trim();
  // Once chosen, the box shows the option's label: that is no search of the user's.
  const term = value !== null && typed === getOptionLabel(value) ? '' : typed;
  const isSearching = term.length >= minLength;
  const q = useDebouncedValue(term);
  const found = useQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: isOpen && isSearching && q.length >= minLength,
    placeholderData: keepPreviousData,
    staleTime,
  });
  const suggestions = isSearching ? found.data ?? [] : idleOptions;
  const isChosenListed = value === null || suggestions.some((option) => getOptionKey(option) === getOptionKey(value));
  // Autocomplete needs the chosen option among its options to show it.
  const options = isChosenListed ? suggestions : [value, ...suggestions];

  function noOptionsText(): string {
    if (!isSearching) return translateMessage(t, messages.search.queryTooShort);
    return term === '' && emptyText ? translateMessage(t, emptyText) : t('forms.noOptions');
  }

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
      // The server already searched, accents and case aside.
      filterOptions={(all) => all}
      getOptionLabel={getOptionLabel}
      getOptionKey={getOptionKey}
      isOptionEqualToValue={(option, chosen) => getOptionKey(option) === getOptionKey(chosen)}
      loading={isSearching && (found.isFetching || q !== term)}
      loadingText={t('forms.loadingOptions')}
      noOptionsText={noOptionsText()}
      openText={t('forms.openOptions')}
      closeText={t('forms.closeOptions')}
      clearText={t('forms.clearOption')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          error={errorText !== undefined}
          helperText={errorText ?? helperText}
        />
      )}
    />
  );
}
