import { limits, type Practice } from '@receta/domain';
import Box from '@mui/material/Box';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { PracticeAutocomplete } from '../clinical-search/index.ts';
import { ItemFieldset } from './item-fieldset.tsx';
import type { PrescriptionFormOutput, PrescriptionFormValues } from './prescription-form.ts';

function useItemForm() {
  return useFormContext<PrescriptionFormValues, unknown, PrescriptionFormOutput>();
}

/**
 * One line of a prescription of devices (its name, how many, the indications) or of studies and
 * practices (from the catalogue or written by hand, how many or how many sessions, the indications).
 */
export function DeviceOrPracticeItemFields({ kind, index, onRemove }: {
  kind: 'device' | 'practice';
  index: number;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const { control } = useItemForm();
  const prefix = `items.${index}` as const;
  const position = index + 1;
  return (
    <ItemFieldset
      title={t('prescriptions.form.item', { position, context: kind })}
      removeLabel={t('prescriptions.form.removeItem', { position, context: kind })}
      onRemove={onRemove}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 1fr' }, gap: 2, clear: 'both' }}>
        {kind === 'practice'
          ? <PracticeNameField index={index} />
          : <FormTextField control={control} name={`${prefix}.genericName`} label={t('prescriptions.fields.device')} required />}
        <FormTextField
          control={control}
          name={`${prefix}.quantity`}
          label={t(kind === 'practice' ? 'prescriptions.fields.sessions' : 'prescriptions.fields.quantity')}
          required
          digitsOnly
        />
        <FormTextField
          control={control}
          name={`${prefix}.dosage`}
          label={t('prescriptions.fields.indications')}
          multiline
          minRows={2}
          maxRows={limits.multilineMaxRows}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
      </Box>
    </ItemFieldset>
  );
}

/** The practice's name: one chosen from the catalogue keeps its code; one typed by hand has none. */
function PracticeNameField({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, setValue } = useItemForm();
  const prefix = `items.${index}` as const;
  const { field, fieldState } = useController({ control, name: `${prefix}.genericName` });
  const practiceCode = useWatch({ control, name: `${prefix}.practiceCode` });

  function choose(practice: Practice) {
    field.onChange(practice.name);
    setValue(`${prefix}.practiceCode`, practice.code, { shouldDirty: true });
  }

  return (
    <PracticeAutocomplete
      name={field.name}
      inputRef={field.ref}
      inputValue={field.value}
      onInputChange={(text) => {
        field.onChange(text);
        setValue(`${prefix}.practiceCode`, null, { shouldDirty: true });
      }}
      onSelect={choose}
      onBlur={field.onBlur}
      required
      errorText={fieldErrorText(t, { fieldState, required: true, value: field.value })}
      helperText={practiceCode ? t('prescriptions.fields.practiceChosen', { code: practiceCode }) : undefined}
    />
  );
}
