import type { Patient } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PatientFormDialog } from '../patients/index.ts';

/**
 * A patient saved before the CUIL was required has neither CUIL nor foreign document, which a
 * prescription cannot be signed without (Res. 2214/2025 Annex II): the doctor completes the
 * patient here, without leaving the prescription.
 */
export function PatientIdentityNotice({ patient, onCompleted }: {
  patient: Patient | null;
  onCompleted: (patient: Patient) => void;
}) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  if (!patient || patient.cuil || patient.identityDocument) return null;
  return (
    <>
      <Alert
        severity="warning"
        action={(
          <Button color="inherit" size="small" onClick={() => setIsEditing(true)}>
            {t('patients.completeIdentity')}
          </Button>
        )}
      >
        {t('patients.identityMissing', { patient: `${patient.name} ${patient.lastName}` })}
      </Alert>
      <PatientFormDialog
        open={isEditing}
        patient={patient}
        onClose={() => setIsEditing(false)}
        onSaved={(saved) => {
          setIsEditing(false);
          onCompleted(saved);
        }}
      />
    </>
  );
}
