import {
  ContactDataSchema, formatDisplayDate, messages, product, ProfileUpdateSchema, type DoctorProfile, type Profile,
} from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailField, DetailList } from '../../components/detail-sections.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import {
  contactFields, emptyPersonalData, PersonalDataFields, type PersonalDataValues,
} from '../../components/personal-data-fields.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { useChangeAccount, useSaveContact } from './profile-api.ts';
import { ProfileSection, ProfileSubheading } from './profile-section.tsx';

/**
 * Datos personales: the name the navbar shows, for everyone; for a doctor also the identity
 * (read-only: a moderator checked it) and the contact data, which the doctor corrects alone.
 */
export function PersonalSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('profile.personal.title')}>
      <DisplayNameForm displayName={profile.displayName} />
      <Box sx={{ mt: 3 }}>
        <DetailList>
          <DetailField label={t('profile.personal.email')} value={profile.email} />
          <DetailField label={t('profile.personal.roles')} value={profile.roleNames.join(', ')} />
        </DetailList>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('profile.personal.emailHint')}</Typography>
      </Box>
      {profile.doctor && <DoctorPersonalData doctor={profile.doctor} />}
    </ProfileSection>
  );
}

function DisplayNameForm({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  const changeAccount = useChangeAccount();
  const { control, formState, submitWith } = useServerForm({
    schema: ProfileUpdateSchema,
    defaultValues: { displayName },
    mode: 'onTouched',
  });
  const save = submitWith((values) => changeAccount.mutateAsync({ kind: 'rename', values }), { success: (answer) => answer.message });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={save}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <FormTextField
        control={control}
        name="displayName"
        label={t('profile.personal.displayName')}
        helperText={t('profile.personal.displayNameHint')}
        autoComplete="nickname"
        required
        sx={{ flex: '1 1 260px' }}
      />
      <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ mt: 1 }}>{t('profile.save')}</Button>
    </Box>
  );
}

function DoctorPersonalData({ doctor }: { doctor: DoctorProfile }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider sx={{ my: 3 }} />
      <DetailList>
        <DetailField label={t('registration.fields.name')} value={doctor.name} />
        <DetailField label={t('registration.fields.lastName')} value={doctor.lastName} />
        <DetailField label={t('registration.fields.birthDate')} value={formatDisplayDate(doctor.birthDate)} />
        <DetailField label={t('registration.fields.dni')} value={doctor.dni} />
        <DetailField label={t('registration.fields.cuit')} value={doctor.cuit} />
      </DetailList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('profile.personal.identityNote', { email: product.supportEmail })}
      </Typography>
      <Divider sx={{ my: 3 }} />
      <ProfileSubheading>{t('profile.personal.contactTitle')}</ProfileSubheading>
      <ContactForm doctor={doctor} />
    </>
  );
}

// The form holds every personal field, as the shared fields expect; the schema keeps the contact ones.
function contactFormOf(doctor: DoctorProfile): PersonalDataValues {
  return {
    ...emptyPersonalData,
    phoneNumber: doctor.phoneNumber,
    address: doctor.address,
    apartment: doctor.apartment ?? '',
    district: doctor.district,
    province: doctor.province,
  };
}

function ContactForm({ doctor }: { doctor: DoctorProfile }) {
  const { t } = useTranslation();
  const saveContact = useSaveContact();
  const { control, formState, submitWith } = useServerForm({
    schema: ContactDataSchema,
    defaultValues: contactFormOf(doctor),
    mode: 'onTouched',
  });
  const save = submitWith((contact) => saveContact.mutateAsync(contact), { success: messages.profile.saved });

  return (
    <Box component="form" noValidate onSubmit={save}>
      <PersonalDataFields control={control} only={contactFields} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('profile.save')}</Button>
      </Box>
    </Box>
  );
}
