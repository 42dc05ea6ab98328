import { formatDisplayDate } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { particularInsurerSlug, usePrescriptions } from '../prescriptions/index.ts';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import { HomeSection } from './home-section.tsx';

const shownPrescriptions = 5;

/** A doctor's start: a new prescription one click away, and the latest ones they wrote. */
export function DoctorStart() {
  const { t } = useTranslation();
  const recent = usePrescriptions({ mine: 'true', pageSize: shownPrescriptions, sort: 'createdAt', order: 'desc' });

  return (
    <HomeSection
      title={t('home.doctor.title')}
      action={(
        <Button component={RouterLink} to={paths.newPrescription.getHref(particularInsurerSlug)} variant="contained" startIcon={<Add />}>
          {t('home.doctor.newPrescription')}
        </Button>
      )}
    >
      {recent.isPending && <Skeleton variant="rectangular" height={120} aria-label={t('home.loading')} />}
      {recent.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(recent.error))}</Alert>}
      {recent.isSuccess && (recent.data.items.length === 0
        ? <Typography color="text.secondary">{t('home.doctor.empty')}</Typography>
        : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
              {recent.data.items.map((prescription) => (
                <Box
                  component="li"
                  key={prescription.id}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Link component={RouterLink} to={paths.prescription.getHref(prescription.id)}>
                      {t('home.doctor.prescription', {
                        number: prescription.number,
                        patient: `${prescription.patient.name} ${prescription.patient.lastName}`,
                      })}
                    </Link>
                    <Typography variant="body2" color="text.secondary">{formatDisplayDate(prescription.issuedOn)}</Typography>
                  </Box>
                  <PrescriptionStateChip state={prescription.displayState} />
                </Box>
              ))}
            </Box>
          ))}
      <Link component={RouterLink} to={paths.myPrescriptions.getHref()} sx={{ display: 'inline-block', mt: 2 }}>
        {t('home.doctor.all')}
      </Link>
    </HomeSection>
  );
}
