import { messages } from '@receta/domain';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useAutocompleteTexts } from './autocomplete-texts.ts';

export interface ServerSearch<Option> {
  /** Where the answers are cached; the search text is added to it. */
  queryKey: readonly unknown[];
  /** Asks the server for the options that match `q`. */
  search: (q: string, signal: AbortSignal) => Promise<Option[]>;
  /** Shorter searches are not sent: the server refuses them (ClinicalSearchQuerySchema). */
  minLength?: number;
  /** Shown when the empty search finds nothing, such as '¡No hay pacientes!'. */
  emptyText?: string;
  /** Catalogues that change once a release can keep their answers for good. */
  staleTime?: number;
}

interface SearchInputProps {
  label: string;
  required?: boolean;
  errorText?: string;
  helperText?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export interface SearchAutocompleteProps<Option> extends ServerSearch<Option>, SearchInputProps {
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** What to offer while the search is shorter than `minLength`. */
  idleOptions?: readonly Option[];
  getOptionLabel: (option: Option) => string;
  getOptionKey: (option: Option) => string;
  onBlur?: () => void;
}

/**
 * A choice among server-side search results, asked for as the user types (once typing pauses)
 * and only while the list is open.
 */
export function SearchAutocomplete<Option>({
  value,
  onChange,
  idleOptions = [],
  getOptionLabel,
  getOptionKey,
  onBlur,
  ...props
}: SearchAutocompleteProps<Option>) {
  const [input, setInput] = useState('');
  const typed = input.trim();
  // Once chosen, the box shows the option's label: that is no search of the user's.
  const term = value !== null && typed === getOptionLabel(value) ? '' : typed;
  const { isSearching, found, listProps } = useServerSearch(term, props);
  const suggestions = isSearching ? found : idleOptions;
  const isChosenListed = value === null || suggestions.some((option) => getOptionKey(option) === getOptionKey(value));
  // Autocomplete needs the chosen option among its options to show it.
  const options = isChosenListed ? suggestions : [value, ...suggestions];

  return (
    <Autocomplete
      {...listProps}
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onBlur={onBlur}
      getOptionLabel={getOptionLabel}
      getOptionKey={getOptionKey}
      isOptionEqualToValue={(option, chosen) => getOptionKey(option) === getOptionKey(chosen)}
      renderInput={renderSearchInput(props)}
    />
  );
}

/**
 * The server search behind an Autocomplete, for `term` as the user typed it: the options found
 * and the props that open the list, show the search's progress and keep the server's order.
 * For a box that `SearchAutocomplete` does not fit, such as one that also takes free text.
 */
export function useServerSearch<Option>(
  term: string,
  { queryKey, search, minLength = 0, emptyText, staleTime }: ServerSearch<Option>,
) {
  const { t } = useTranslation();
  const texts = useAutocompleteTexts();
  const [isOpen, setIsOpen] = useState(false);
  const isSearching = term.length >= minLength;
  const q = useDebouncedValue(term);
  const found = useQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: isOpen && isSearching && q.length >= minLength,
    placeholderData: keepPreviousData,
    staleTime,
  });

  function noOptionsText(): string {
    if (!isSearching) return translateMessage(t, messages.search.queryTooShort);
    return term === '' && emptyText ? translateMessage(t, emptyText) : texts.noOptionsText;
  }

  return {
    isSearching,
    found: found.data ?? [],
    listProps: {
      ...texts,
      open: isOpen,
      onOpen: () => setIsOpen(true),
      onClose: () => setIsOpen(false),
      // The server already searched, accents and case aside.
      filterOptions: (all: Option[]) => all,
      loading: isSearching && (found.isFetching || q !== term),
      noOptionsText: noOptionsText(),
    },
  };
}

/** The text box of a search Autocomplete; an error replaces the helper text. */
export function renderSearchInput({
  label, required = false, errorText, helperText, name, inputRef,
}: SearchInputProps) {
  return (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      name={name}
      inputRef={inputRef}
      label={label}
      required={required}
      error={errorText !== undefined}
      helperText={errorText ?? helperText}
    />
  );
}
