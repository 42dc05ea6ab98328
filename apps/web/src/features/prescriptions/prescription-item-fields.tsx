import { limits, type Medication } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../components/form-checkbox.tsx';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { SubtypeChip } from '../../components/item-references.tsx';
import { MedicationAutocomplete } from '../clinical-search/index.ts';
import { ItemFieldset } from './item-fieldset.tsx';
import { SaveLineAsFavourite } from './items-favourites.tsx';
import { itemFieldsOf, type PrescriptionFormOutput, type PrescriptionFormValues } from './prescription-form.ts';

/** One medicine of a prescription of medicines: what it is, how much, how to take it, and the notes. */
export function PrescriptionItemFields({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = useFormContext<PrescriptionFormValues, unknown, PrescriptionFormOutput>();
  const { control, setValue, getValues, clearErrors } = form;
  const prefix = `items.${index}` as const;
  const { field, fieldState } = useController({ control, name: `${prefix}.genericName` });
  const errorText = fieldErrorText(t, { fieldState, required: true, value: field.value });
  const subtype = useWatch({ control, name: `${prefix}.subtype` });
  const position = index + 1;

  function choose(medication: Medication) {
    const filled = itemFieldsOf(medication);
    const options = { shouldDirty: true, shouldValidate: fieldState.isTouched };
    setValue(prefix, { ...getValues(prefix), ...filled }, options);
    // What the vademecum filled in is there now, whatever a field said was missing before.
    const filledNames = (Object.keys(filled) as (keyof typeof filled)[])
      .filter((name) => filled[name] !== '' && filled[name] !== null)
      .map((name) => `${prefix}.${name}` as const);
    clearErrors(filledNames);
  }

  return (
    <ItemFieldset
      title={t('prescriptions.form.item', { position })}
      actions={<SaveLineAsFavourite index={index} />}
      removeLabel={t('prescriptions.form.removeItem', { position })}
      onRemove={onRemove}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, gap: 2, clear: 'both' }}>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <MedicationAutocomplete
            name={field.name}
            inputRef={field.ref}
            inputValue={field.value}
            onInputChange={(text) => {
              field.onChange(text);
              setValue(`${prefix}.medicationId`, null);
              setValue(`${prefix}.subtype`, 'prescription');
            }}
            onSelect={choose}
            onBlur={field.onBlur}
            required
            errorText={errorText}
          />
          {field.value.trim() && (
            <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <SubtypeChip subtype={subtype} />
              {subtype === 'restricted' && (
                <Alert severity="warning" sx={{ py: 0, flex: '1 1 240px' }}>{t('prescriptions.form.restrictedWarning')}</Alert>
              )}
            </Box>
          )}
        </Box>
        <FormTextField control={control} name={`${prefix}.brandName`} label={t('prescriptions.fields.brandName')} />
        <FormTextField control={control} name={`${prefix}.strength`} label={t('prescriptions.fields.strength')} />
        <FormTextField control={control} name={`${prefix}.pharmaceuticalForm`} label={t('prescriptions.fields.pharmaceuticalForm')} />
        <FormTextField control={control} name={`${prefix}.presentation`} label={t('prescriptions.fields.presentation')} required />
        <FormTextField control={control} name={`${prefix}.quantity`} label={t('prescriptions.fields.quantity')} required digitsOnly />
        <FormTextField
          control={control}
          name={`${prefix}.dosage`}
          label={t('prescriptions.fields.dosage')}
          helperText={t('prescriptions.fields.dosageHint')}
          required
          sx={{ gridColumn: { md: 'span 3' } }}
        />
        <FormTextField
          control={control}
          name={`${prefix}.patientInstructions`}
          label={t('prescriptions.fields.patientInstructions')}
          multiline
          minRows={2}
          maxRows={limits.multilineMaxRows}
          sx={{ gridColumn: { md: 'span 2' } }}
        />
        <FormTextField
          control={control}
          name={`${prefix}.pharmacyNote`}
          label={t('prescriptions.fields.pharmacyNote')}
          multiline
          minRows={2}
          maxRows={limits.multilineMaxRows}
          sx={{ gridColumn: { md: 'span 2' } }}
        />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <FormCheckbox control={control} name={`${prefix}.noSubstitution`} label={t('prescriptions.fields.noSubstitution')} />
        </Box>
      </Box>
    </ItemFieldset>
  );
}
