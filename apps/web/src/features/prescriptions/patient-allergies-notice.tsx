import type { Patient } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { AllergyList } from '../patients/index.ts';

/** The chosen patient's allergies and intolerances, in sight while the doctor picks the medicines. */
export function PatientAllergiesNotice({ patient }: { patient: Patient | null }) {
  const { t } = useTranslation();
  if (!patient || patient.allergies.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined" role="note">
      {t('allergies.notice')}
      <Box sx={{ mt: 1 }}>
        <AllergyList allergies={patient.allergies} />
      </Box>
    </Alert>
  );
}
