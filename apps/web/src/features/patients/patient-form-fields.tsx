import { identityDocumentTypes, patientSexes, type PatientData } from '@receta/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../components/form-checkbox.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { FormSelectField } from '../../components/form-select-field.tsx';
import { InsurerAutocomplete } from '../clinical-search/index.ts';
import { AllergiesField } from './allergies-field.tsx';
import { needsAffiliateNumber, type PatientFormValues } from './patient-form.ts';

type PatientControl = Control<PatientFormValues, unknown, PatientData>;

/**
 * Every field of a patient (spec section 3): the DNI's data, the coverage, and the contact.
 * Browsers must not fill them in: the data is the patient's, not the doctor's own.
 */
export function PatientFormFields({ control }: { control: PatientControl }) {
  const { t } = useTranslation();
  const insurer = useWatch({ control, name: 'insurer' });
  const foreigner = useWatch({ control, name: 'foreigner' });
  const full = { gridColumn: { sm: '1 / -1' } };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <FormTextField control={control} name="name" label={t('patients.fields.name')} autoComplete="off" required />
      <FormTextField control={control} name="lastName" label={t('patients.fields.lastName')} autoComplete="off" required />
      <Box sx={full}>
        <FormCheckbox control={control} name="foreigner" label={t('patients.fields.foreigner')} />
      </Box>
      <FormTextField control={control} name="dni" label={t('patients.fields.dni')} digitsOnly required />
      {foreigner
        ? (
            <>
              <FormSelectField control={control} name="identityDocument.type" label={t('patients.fields.identityDocumentType')} required>
                {identityDocumentTypes.map((type) => <MenuItem key={type} value={type}>{t(`labels.identityDocumentTypes.${type}`)}</MenuItem>)}
              </FormSelectField>
              <FormTextField
                control={control}
                name="identityDocument.number"
                label={t('patients.fields.identityDocumentNumber')}
                helperText={t('patients.fields.identityDocumentHint')}
                autoComplete="off"
                required
              />
            </>
          )
        : (
            <FormTextField control={control} name="cuil" label={t('patients.fields.cuil')} helperText={t('patients.fields.cuilHint')} digitsOnly required />
          )}
      <FormSelectField control={control} name="sex" label={t('patients.fields.sex')} required>
        {patientSexes.map((sex) => <MenuItem key={sex} value={sex}>{t(`labels.patientSexes.${sex}`)}</MenuItem>)}
      </FormSelectField>
      <FormDateField control={control} name="dateOfBirth" label={t('patients.fields.dateOfBirth')} required />
      <InsurerField control={control} />
      <FormTextField
        control={control}
        name="affiliateNumber"
        label={t('patients.fields.affiliateNumber')}
        autoComplete="off"
        required={needsAffiliateNumber(insurer)}
      />
      <FormTextField control={control} name="email" type="email" label={t('patients.fields.email')} helperText={t('patients.fields.emailHint')} autoComplete="off" />
      <FormTextField control={control} name="phone" type="tel" label={t('patients.fields.phone')} helperText={t('patients.fields.phoneHint')} autoComplete="off" digitsOnly />
      <FormTextField control={control} name="address" label={t('patients.fields.address')} autoComplete="off" sx={full} />
      <AllergiesField control={control} />
    </Box>
  );
}

function InsurerField({ control }: { control: PatientControl }) {
  const { t } = useTranslation();
  // Whether the affiliate number is missing depends on the insurer, so a new choice checks it again.
  const { field, fieldState } = useController({ control, name: 'insurer', rules: { deps: ['affiliateNumber'] } });
  return (
    <InsurerAutocomplete
      name={field.name}
      value={field.value}
      onChange={(insurer) => {
        field.onChange(insurer);
        field.onBlur();
      }}
      errorText={fieldErrorText(t, { fieldState, required: false, value: field.value })}
    />
  );
}
