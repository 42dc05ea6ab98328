import Box from '@mui/material/Box';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useJurisdictions, useProfessions, useSpecialties } from '../lib/lookups.ts';
import { FormAutocomplete } from './form-autocomplete.tsx';
import { FormTextField } from './form-field.tsx';

/** A doctor's professional data (spec section 3, registration step 3), as the forms hold it. */
export interface ProfessionalDataValues {
  professionCode: string;
  specialtyId: string;
  jurisdictionCode: string;
  doctorEnrollment: string;
  refepsCode: string;
}

export const emptyProfessionalData: ProfessionalDataValues = {
  professionCode: '', specialtyId: '', jurisdictionCode: '', doctorEnrollment: '', refepsCode: '',
};

/**
 * Profession, specialty and jurisdiction from the lookup lists, the enrollment number and the
 * Licencia Sanitaria Federal (REFEPS code, Res. 2214/2025 Annex II).
 */
export function ProfessionalDataFields<Values extends FieldValues & ProfessionalDataValues, Transformed = Values>({
  control,
}: {
  control: Control<Values, unknown, Transformed>;
}) {
  const { t } = useTranslation();
  // The generic form cannot prove to the compiler that these names are its paths; the bound says they are.
  const professional = control as unknown as Control<ProfessionalDataValues>;
  const specialties = useSpecialties();
  const jurisdictions = useJurisdictions();
  const professions = useProfessions();
  const professionOptions = (professions.data ?? []).map(({ code, label }) => ({ value: code, label }));
  const specialtyOptions = (specialties.data ?? []).map(({ id, name }) => ({ value: String(id), label: name }));
  const jurisdictionOptions = (jurisdictions.data ?? []).map(({ code, name }) => ({ value: code, label: name }));

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <FormAutocomplete
        control={professional}
        name="professionCode"
        label={t('registration.fields.profession')}
        options={professionOptions}
        isLoading={professions.isPending}
        required
      />
      <FormAutocomplete
        control={professional}
        name="specialtyId"
        label={t('registration.fields.specialty')}
        options={specialtyOptions}
        isLoading={specialties.isPending}
        required
      />
      <FormAutocomplete
        control={professional}
        name="jurisdictionCode"
        label={t('registration.fields.jurisdiction')}
        options={jurisdictionOptions}
        isLoading={jurisdictions.isPending}
        required
      />
      <FormTextField control={professional} name="doctorEnrollment" label={t('registration.fields.doctorEnrollment')} digitsOnly required />
      <FormTextField
        control={professional}
        name="refepsCode"
        label={t('registration.fields.refepsCode')}
        helperText={t('registration.fields.refepsCodeHint')}
        digitsOnly
        required
      />
    </Box>
  );
}
