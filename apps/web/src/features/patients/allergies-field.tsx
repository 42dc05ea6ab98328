import { allergyKinds, MedicationListSchema, type AllergyKind, type PatientData } from '@receta/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { renderSearchInput, useServerSearch } from '../../components/search-autocomplete.tsx';
import { clinicalSearchMinLength, searchCatalogue } from '../clinical-search/index.ts';
import { AllergyList } from './allergy-list.tsx';
import type { PatientFormValues } from './patient-form.ts';

/** The vademecum's active ingredients that match what is typed, each once, as the presentations name them. */
const activeIngredientSearch = {
  queryKey: ['medications', 'active-ingredients'],
  search: async (q: string, signal: AbortSignal) => {
    const presentations = await searchCatalogue('/api/medications', MedicationListSchema)(q, signal);
    return [...new Set(presentations.flatMap((medication) => medication.genericName ?? []))];
  },
  minLength: clinicalSearchMinLength,
  staleTime: Infinity,
} as const;

/**
 * The patient's allergies and intolerances: an active ingredient picked from the vademecum,
 * which the prescription's medicines are compared with, or a substance in the doctor's words.
 */
export function AllergiesField({ control }: { control: Control<PatientFormValues, unknown, PatientData> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'allergies' });
  const [substance, setSubstance] = useState('');
  const [fromVademecum, setFromVademecum] = useState(false);
  const [kind, setKind] = useState<AllergyKind>('allergy');
  const { isSearching, found, listProps } = useServerSearch(substance.trim(), activeIngredientSearch);

  function add() {
    if (!substance.trim()) return;
    append({ kind, substance: substance.trim(), fromVademecum });
    setSubstance('');
    setFromVademecum(false);
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, gridColumn: { sm: '1 / -1' } }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{t('allergies.title')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 10rem auto' }, gap: 1.5, alignItems: 'start' }}>
        <Autocomplete<string, false, false, true>
          {...listProps}
          freeSolo
          options={isSearching ? found : []}
          inputValue={substance}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input' || reason === 'clear') {
              setSubstance(text);
              setFromVademecum(false);
            }
          }}
          onChange={(_event, chosen) => {
            if (chosen) {
              setSubstance(chosen);
              setFromVademecum(true);
            }
          }}
          value={null}
          renderInput={renderSearchInput({ label: t('allergies.substance'), helperText: t('allergies.substanceHint') })}
        />
        <TextField select label={t('allergies.kind')} value={kind} onChange={(event) => setKind(event.target.value as AllergyKind)}>
          {allergyKinds.map((option) => <MenuItem key={option} value={option}>{t(`allergies.kinds.${option}`)}</MenuItem>)}
        </TextField>
        <Button variant="outlined" onClick={add} disabled={!substance.trim()} sx={{ mt: { sm: 1 } }}>{t('allergies.add')}</Button>
      </Box>
      {fields.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <AllergyList allergies={fields} onRemove={remove} />
        </Box>
      )}
    </Box>
  );
}
