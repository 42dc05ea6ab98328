import { PracticeListSchema, type Practice } from '@receta/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { renderSearchInput, useServerSearch } from '../../components/search-autocomplete.tsx';
import { clinicalSearchMinLength, searchCatalogue, type CatalogueFieldProps } from './clinical-search.ts';

const practiceSearch = {
  queryKey: ['practices', 'search'],
  search: searchCatalogue('/api/practices', PracticeListSchema),
  minLength: clinicalSearchMinLength,
  staleTime: Infinity,
} as const;

/**
 * The study, practice or procedure of a prescription line, searched in the catalogue from two
 * characters. The box holds its name: choosing one from the catalogue fills it (and the caller
 * keeps its code), and one the catalogue lacks may be written by hand.
 */
export function PracticeAutocomplete({
  inputValue,
  onInputChange,
  onSelect,
  onBlur,
  label,
  helperText,
  ...field
}: CatalogueFieldProps & {
  /** The name as it stands, chosen or typed. */
  inputValue: string;
  /** The user typed: the name is theirs now, no longer a catalogue practice. */
  onInputChange: (text: string) => void;
  onSelect: (practice: Practice) => void;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const { isSearching, found, listProps } = useServerSearch(inputValue.trim(), practiceSearch);

  return (
    <Autocomplete<Practice, false, false, true>
      {...listProps}
      freeSolo
      options={isSearching ? found : []}
      // The box shows the name; a choice fills the line and leaves nothing selected here.
      value={null}
      onChange={(_event, chosen) => {
        if (chosen !== null && typeof chosen !== 'string') onSelect(chosen);
      }}
      inputValue={inputValue}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onInputChange(text);
      }}
      onBlur={onBlur}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.code)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{option.name}</Typography>
            <Typography variant="body2" color="text.secondary">{`${option.code} · ${option.category}`}</Typography>
          </Box>
        </Box>
      )}
      renderInput={renderSearchInput({
        ...field,
        label: label ?? t('prescriptions.fields.practice'),
        helperText: helperText ?? t('prescriptions.fields.practiceHint'),
      })}
    />
  );
}
