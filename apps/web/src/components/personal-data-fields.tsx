import { provinces } from '@receta/domain';
import Box from '@mui/material/Box';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAutocomplete } from './form-autocomplete.tsx';
import { FormDateField } from './form-date-field.tsx';
import { FormTextField } from './form-field.tsx';

/** A doctor's personal data (spec section 3, registration step 1), as the forms hold it. */
export interface PersonalDataValues {
  name: string;
  lastName: string;
  /** YYYY-MM-DD, as the date input gives it. */
  birthDate: string;
  dni: string;
  cuit: string;
  phoneNumber: string;
  address: string;
  apartment: string;
  district: string;
  province: string;
}

export const emptyPersonalData: PersonalDataValues = {
  name: '', lastName: '', birthDate: '', dni: '', cuit: '', phoneNumber: '', address: '', apartment: '', district: '', province: '',
};

/** The contact data, which stays editable once the identity has been checked against the documents. */
export const contactFields = ['phoneNumber', 'address', 'apartment', 'district', 'province'] as const;
type PersonalField = keyof PersonalDataValues;

const provinceOptions = provinces.map((province) => ({ value: province.name, label: province.name }));

/**
 * The personal-data fields of the registration wizard and of the medic forms, in any form whose
 * values include `PersonalDataValues`; `only` shows a part of them.
 */
export function PersonalDataFields<Values extends FieldValues & PersonalDataValues, Transformed = Values>({
  control,
  only,
}: {
  control: Control<Values, unknown, Transformed>;
  only?: readonly PersonalField[];
}) {
  const { t } = useTranslation();
  // The generic form cannot prove to the compiler that these names are its paths; the bound says they are.
  const personal = control as unknown as Control<PersonalDataValues>;
  const shows = (field: PersonalField) => only === undefined || only.includes(field);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      {shows('name') && <FormTextField control={personal} name="name" label={t('registration.fields.name')} autoComplete="given-name" required />}
      {shows('lastName') && (
        <FormTextField control={personal} name="lastName" label={t('registration.fields.lastName')} autoComplete="family-name" required />
      )}
      {shows('birthDate') && <FormDateField control={personal} name="birthDate" label={t('registration.fields.birthDate')} required />}
      {shows('dni') && <FormTextField control={personal} name="dni" label={t('registration.fields.dni')} digitsOnly required />}
      {shows('cuit') && (
        <FormTextField
          control={personal}
          name="cuit"
          label={t('registration.fields.cuit')}
          helperText={t('registration.fields.cuitHint')}
          digitsOnly
          required
        />
      )}
      {shows('phoneNumber') && (
        <FormTextField
          control={personal}
          name="phoneNumber"
          label={t('registration.fields.phoneNumber')}
          helperText={t('registration.fields.phoneNumberHint')}
          type="tel"
          autoComplete="tel-national"
          digitsOnly
          required
        />
      )}
      {shows('address') && (
        <FormTextField control={personal} name="address" label={t('registration.fields.address')} autoComplete="street-address" required />
      )}
      {shows('apartment') && <FormTextField control={personal} name="apartment" label={t('registration.fields.apartment')} />}
      {shows('district') && (
        <FormTextField control={personal} name="district" label={t('registration.fields.district')} autoComplete="address-level2" required />
      )}
      {shows('province') && (
        <FormAutocomplete control={personal} name="province" label={t('registration.fields.province')} options={provinceOptions} required />
      )}
    </Box>
  );
}
