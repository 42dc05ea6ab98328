import { InsurerListSchema, type InsurerSummary } from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchAutocomplete } from '../../components/search-autocomplete.tsx';
import { clinicalSearchMinLength, searchCatalogue, type CatalogueFieldProps } from './clinical-search.ts';

const insurersKey = ['insurers', 'search'] as const;

/** 'PAMI — Instituto Nacional de Servicios Sociales…', or the name alone when it has no acronym. */
export function insurerLabel(insurer: InsurerSummary): string {
  return insurer.acronym ? `${insurer.acronym} — ${insurer.name}` : insurer.name;
}

const searchInsurers = searchCatalogue('/api/insurers', InsurerListSchema);

/** "Particular / sin cobertura", the insurer row of patients who pay themselves. */
function useParticularInsurer() {
  const particular = useQuery({
    queryKey: [...insurersKey, 'particular'],
    queryFn: ({ signal }) => searchInsurers('particular', signal),
    staleTime: Infinity,
  });
  return (particular.data ?? []).filter((insurer) => insurer.kind === 'particular');
}

/**
 * The obras sociales, prepagas and public plans, searched from two characters. Before the user
 * types, it offers "Particular / sin cobertura", so that patients without coverage need no search.
 */
export function InsurerAutocomplete({
  value,
  onChange,
  label,
  ...field
}: CatalogueFieldProps & {
  value: InsurerSummary | null;
  onChange: (insurer: InsurerSummary | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SearchAutocomplete
      {...field}
      value={value}
      onChange={onChange}
      queryKey={insurersKey}
      search={searchInsurers}
      minLength={clinicalSearchMinLength}
      idleOptions={useParticularInsurer()}
      staleTime={Infinity}
      getOptionLabel={insurerLabel}
      getOptionKey={(insurer) => insurer.id}
      label={label ?? t('patients.fields.insurer')}
    />
  );
}
