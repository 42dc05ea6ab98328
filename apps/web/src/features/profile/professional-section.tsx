import { product, type DoctorProfile } from '@receta/domain';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailField, DetailList } from '../../components/detail-sections.tsx';
import { ProfileSection } from './profile-section.tsx';

/** Datos profesionales, read-only: the licence was checked by a moderator, who checks any change again. */
export function ProfessionalSection({ doctor }: { doctor: DoctorProfile }) {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('profile.professional.title')}>
      <DetailList>
        <DetailField label={t('registration.fields.profession')} value={doctor.profession.label} />
        <DetailField label={t('registration.fields.specialty')} value={doctor.specialty.name} />
        <DetailField label={t('registration.fields.jurisdiction')} value={doctor.jurisdiction.name} />
        <DetailField label={t('registration.fields.doctorEnrollment')} value={doctor.enrollment} />
        <DetailField
          label={t('profile.professional.pin')}
          value={doctor.hasPin ? t('profile.professional.pinSet') : t('profile.professional.pinMissing')}
        />
      </DetailList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('profile.professional.note', { email: product.supportEmail })}
      </Typography>
    </ProfileSection>
  );
}
