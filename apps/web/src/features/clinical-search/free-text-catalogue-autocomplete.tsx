import Autocomplete from '@mui/material/Autocomplete';
import type { HTMLAttributes, Key, ReactNode } from 'react';
import { renderSearchInput, useServerSearch, type ServerSearch } from '../../components/search-autocomplete.tsx';
import type { CatalogueFieldProps } from './clinical-search.ts';

export interface FreeTextCatalogueProps<Option> extends Omit<CatalogueFieldProps, 'label'> {
  label: string;
  /** The text as it stands, chosen or typed. */
  inputValue: string;
  /** The user typed: the text is theirs now, no longer a catalogue entry. */
  onInputChange: (text: string) => void;
  onSelect: (option: Option) => void;
  helperText: string;
}

/**
 * A catalogue searched from the box's text that also takes what the catalogue lacks (a generic
 * name, a practice): the box shows the text, and a choice hands the entry to the caller, who
 * fills the line with it, leaving nothing selected here.
 */
export function FreeTextCatalogueAutocomplete<Option>({
  inputValue, onInputChange, onSelect, onBlur, search, labelOf, keyOf, renderOption, ...field
}: FreeTextCatalogueProps<Option> & {
  search: ServerSearch<Option>;
  labelOf: (option: Option) => string;
  keyOf: (option: Option) => string | number;
  renderOption?: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: Option) => ReactNode;
}) {
  const { isSearching, found, listProps } = useServerSearch(inputValue.trim(), search);

  return (
    <Autocomplete<Option, false, false, true>
      {...listProps}
      freeSolo
      options={isSearching ? found : []}
      value={null}
      onChange={(_event, chosen) => {
        if (chosen !== null && typeof chosen !== 'string') onSelect(chosen);
      }}
      inputValue={inputValue}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onInputChange(text);
      }}
      onBlur={onBlur}
      getOptionLabel={(option) => (typeof option === 'string' ? option : labelOf(option))}
      getOptionKey={(option) => (typeof option === 'string' ? option : keyOf(option))}
      {...renderOption ? { renderOption: (props, option) => renderOption(props, option) } : {}}
      renderInput={renderSearchInput(field)}
    />
  );
}
