import { PracticeListSchema, type Practice } from '@receta/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { clinicalSearchMinLength, searchCatalogue } from './clinical-search.ts';
import { FreeTextCatalogueAutocomplete, type FreeTextCatalogueProps } from './free-text-catalogue-autocomplete.tsx';

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
  label, helperText, ...props
}: Omit<FreeTextCatalogueProps<Practice>, 'helperText' | 'label'> & { label?: string } & { helperText?: string }) {
  const { t } = useTranslation();
  return (
    <FreeTextCatalogueAutocomplete
      {...props}
      search={practiceSearch}
      labelOf={(practice) => practice.name}
      keyOf={(practice) => practice.code}
      renderOption={({ key, ...optionProps }, practice) => (
        <Box component="li" key={key} {...optionProps}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{practice.name}</Typography>
            <Typography variant="body2" color="text.secondary">{`${practice.code} · ${practice.category}`}</Typography>
          </Box>
        </Box>
      )}
      label={label ?? t('prescriptions.fields.practice')}
      helperText={helperText ?? t('prescriptions.fields.practiceHint')}
    />
  );
}
