import { formatDisplayDate, messages, product, RefepsCodeUpdateSchema, type DoctorProfile } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailField, DetailList } from '../../components/detail-sections.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { useSaveRefepsCode } from './profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

/**
 * Datos profesionales: the licence, read-only (a moderator checked it, and checks any change
 * again); the Licencia Sanitaria Federal, which the doctor gives themselves; and whether the
 * jurisdiction authorised them to prescribe legally restricted medicines.
 */
export function ProfessionalSection({ doctor }: { doctor: DoctorProfile }) {
  const { t } = useTranslation();
  const authorisation = doctor.restrictedAuthorisation;
  return (
    <ProfileSection title={t('profile.professional.title')}>
      {!doctor.refepsCode && <Alert severity="warning" sx={{ mb: 2 }}>{translateMessage(t, messages.profile.refepsMissing)}</Alert>}
      <DetailList>
        <DetailField label={t('registration.fields.profession')} value={doctor.profession.label} />
        <DetailField label={t('registration.fields.specialty')} value={doctor.specialty.name} />
        <DetailField label={t('registration.fields.jurisdiction')} value={doctor.jurisdiction.name} />
        <DetailField label={t('registration.fields.doctorEnrollment')} value={doctor.enrollment} />
        <DetailField
          label={t('profile.professional.pin')}
          value={doctor.hasPin ? t('profile.professional.pinSet') : t('profile.professional.pinMissing')}
        />
        <DetailField
          label={t('profile.professional.restricted')}
          value={authorisation
            ? t('profile.professional.restrictedSince', { date: formatDisplayDate(authorisation.authorisedOn) })
            : t('profile.professional.restrictedNone')}
        />
      </DetailList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('profile.professional.note', { email: product.supportEmail })}
      </Typography>
      <RefepsCodeForm doctor={doctor} />
    </ProfileSection>
  );
}

function RefepsCodeForm({ doctor }: { doctor: DoctorProfile }) {
  const { t } = useTranslation();
  const saveRefepsCode = useSaveRefepsCode();
  const { control, formState, submitWith } = useServerForm({
    schema: RefepsCodeUpdateSchema,
    defaultValues: { refepsCode: doctor.refepsCode ?? '' },
    mode: 'onTouched',
  });
  const save = submitWith((input) => saveRefepsCode.mutateAsync(input), { success: messages.profile.saved });
  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}>
      <FormTextField
        control={control}
        name="refepsCode"
        label={t('registration.fields.refepsCode')}
        helperText={t('registration.fields.refepsCodeHint')}
        digitsOnly
        required
        sx={{ flex: '1 1 260px' }}
      />
      <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ mt: 1 }}>{t('profile.save')}</Button>
    </Box>
  );
}
