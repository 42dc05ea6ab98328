import { provinces } from '@receta/domain';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAutocomplete } from '../../components/form-autocomplete.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import type { RegistrationForm } from './registration-form.ts';

const provinceOptions = provinces.map((province) => ({ value: province.name, label: province.name }));

/** Step 1: personal data (spec section 3). */
export function PersonalDataStep({ control }: { control: Control<RegistrationForm> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <FormTextField control={control} name="name" label={t('registration.fields.name')} autoComplete="given-name" required />
      <FormTextField control={control} name="lastName" label={t('registration.fields.lastName')} autoComplete="family-name" required />
      <FormDateField control={control} name="birthDate" label={t('registration.fields.birthDate')} required />
      <FormTextField control={control} name="dni" label={t('registration.fields.dni')} digitsOnly required />
      <FormTextField
        control={control}
        name="cuit"
        label={t('registration.fields.cuit')}
        helperText={t('registration.fields.cuitHint')}
        digitsOnly
        required
      />
      <FormTextField
        control={control}
        name="phoneNumber"
        label={t('registration.fields.phoneNumber')}
        helperText={t('registration.fields.phoneNumberHint')}
        type="tel"
        autoComplete="tel-national"
        digitsOnly
        required
      />
      <FormTextField control={control} name="address" label={t('registration.fields.address')} autoComplete="street-address" required />
      <FormTextField control={control} name="apartment" label={t('registration.fields.apartment')} />
      <FormTextField control={control} name="district" label={t('registration.fields.district')} autoComplete="address-level2" required />
      <FormAutocomplete control={control} name="province" label={t('registration.fields.province')} options={provinceOptions} required />
    </Box>
  );
}
